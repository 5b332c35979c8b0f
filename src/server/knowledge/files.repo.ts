import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { friendFiles } from '../db/schema.ts';
import { insertPassages, lockFriend, removePassages } from './chunks.repo.ts';

export type FileRow = typeof friendFiles.$inferSelect;
export type NewFile = Omit<typeof friendFiles.$inferInsert, 'id' | 'sortKey' | 'friendId'>;

const nextSortKey = (friendRowId: number) =>
  sql`(select coalesce(max(${friendFiles.sortKey}), 0) + 1 from ${friendFiles} where ${friendFiles.friendId} = ${friendRowId})`;

export function filesRepo(db: Db) {
  return {
    async list(friendRowId: number) {
      return db
        .select()
        .from(friendFiles)
        .where(eq(friendFiles.friendId, friendRowId))
        .orderBy(desc(friendFiles.sortKey), desc(friendFiles.id));
    },

    async byNum(friendRowId: number, num: number): Promise<FileRow | undefined> {
      const [row] = await db
        .select()
        .from(friendFiles)
        .where(and(eq(friendFiles.friendId, friendRowId), eq(friendFiles.id, num)));
      return row;
    },

    /**
     * Adds a file with its passages in one transaction, at the top of the list. The
     * character's row is locked first, so concurrent uploads cannot pass the count limit.
     * Answers undefined when the character already has `maxFiles` files.
     */
    async add(
      friendRowId: number,
      file: NewFile,
      passages: string[],
      maxFiles: number,
    ): Promise<FileRow | undefined> {
      return db.transaction(async (tx) => {
        await lockFriend(tx, friendRowId);
        const [n] = await tx
          .select({ n: count() })
          .from(friendFiles)
          .where(eq(friendFiles.friendId, friendRowId));
        if (Number(n?.n ?? 0) >= maxFiles) return undefined;
        const [row] = await tx
          .insert(friendFiles)
          .values({ ...file, friendId: friendRowId, sortKey: nextSortKey(friendRowId) })
          .returning();
        await insertPassages(tx, friendRowId, { fileId: row!.id }, passages);
        return row!;
      });
    },

    async update(
      friendRowId: number,
      num: number,
      patch: { title?: string; subject?: string; updatedAt: Date },
    ): Promise<FileRow | undefined> {
      const [row] = await db
        .update(friendFiles)
        .set(patch)
        .where(and(eq(friendFiles.friendId, friendRowId), eq(friendFiles.id, num)))
        .returning();
      return row;
    },

    async moveToTop(friendRowId: number, num: number): Promise<FileRow | undefined> {
      const [row] = await db
        .update(friendFiles)
        .set({ sortKey: nextSortKey(friendRowId) })
        .where(and(eq(friendFiles.friendId, friendRowId), eq(friendFiles.id, num)))
        .returning();
      return row;
    },

    /** Deletes the file and its passages; answers its storage key. */
    async remove(friendRowId: number, num: number): Promise<string | undefined> {
      return db.transaction(async (tx) => {
        await lockFriend(tx, friendRowId);
        await removePassages(tx, friendRowId, { fileId: num });
        const [row] = await tx
          .delete(friendFiles)
          .where(and(eq(friendFiles.friendId, friendRowId), eq(friendFiles.id, num)))
          .returning({ key: friendFiles.storageKey });
        return row?.key;
      });
    },
  };
}

export type FilesRepo = ReturnType<typeof filesRepo>;
