import { and, count, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { friendFiles, knowledgeChunks } from '../db/schema.ts';
import type { IndexedPassage } from './chapters.ts';
import { insertPassages, lockFriend, removePassages } from './chunks.repo.ts';

export type FileRow = typeof friendFiles.$inferSelect;
export type NewFile = Omit<
  typeof friendFiles.$inferInsert,
  'id' | 'sortKey' | 'friendId' | 'ownerId'
>;

/**
 * Whose files of a character a call works on: its shared files (`ownerId` null, what its
 * editors manage) or one user's personal files on it. Every query below stays inside one.
 */
export interface FileScope {
  friendRowId: number;
  ownerId: number | null;
}

const inScope = (s: FileScope) =>
  and(
    eq(friendFiles.friendId, s.friendRowId),
    s.ownerId === null ? isNull(friendFiles.ownerId) : eq(friendFiles.ownerId, s.ownerId),
  );

// Per character, whatever the scope: within a scope the order is the same.
const nextSortKey = (friendRowId: number) =>
  sql`(select coalesce(max(${friendFiles.sortKey}), 0) + 1 from ${friendFiles} where ${friendFiles.friendId} = ${friendRowId})`;

export function filesRepo(db: Db) {
  return {
    async list(scope: FileScope) {
      return db
        .select()
        .from(friendFiles)
        .where(inScope(scope))
        .orderBy(desc(friendFiles.sortKey), desc(friendFiles.id));
    },

    /** The last page of each file's text in the scope (files without pages are left out). */
    async pages(scope: FileScope): Promise<Map<number, number>> {
      const rows = await db
        .select({ fileId: knowledgeChunks.fileId, n: max(knowledgeChunks.page) })
        .from(knowledgeChunks)
        .where(
          and(
            eq(knowledgeChunks.friendId, scope.friendRowId),
            scope.ownerId === null
              ? isNull(knowledgeChunks.ownerId)
              : eq(knowledgeChunks.ownerId, scope.ownerId),
            sql`${knowledgeChunks.page} is not null`,
          ),
        )
        .groupBy(knowledgeChunks.fileId);
      return new Map(rows.map((r) => [r.fileId ?? 0, Number(r.n ?? 0)]));
    },

    async count(scope: FileScope): Promise<number> {
      const [n] = await db.select({ n: count() }).from(friendFiles).where(inScope(scope));
      return Number(n?.n ?? 0);
    },

    async byNum(scope: FileScope, num: number): Promise<FileRow | undefined> {
      const [row] = await db
        .select()
        .from(friendFiles)
        .where(and(inScope(scope), eq(friendFiles.id, num)));
      return row;
    },

    /**
     * Adds a file with its passages in one transaction, at the top of the list. The
     * character's row is locked first, so concurrent uploads cannot pass the count limit.
     * Answers undefined when the scope already has `maxFiles` files.
     */
    async add(
      scope: FileScope,
      file: NewFile,
      passages: IndexedPassage[],
      maxFiles: number,
    ): Promise<FileRow | undefined> {
      const { friendRowId, ownerId } = scope;
      return db.transaction(async (tx) => {
        await lockFriend(tx, friendRowId);
        const [n] = await tx.select({ n: count() }).from(friendFiles).where(inScope(scope));
        if (Number(n?.n ?? 0) >= maxFiles) return undefined;
        const [row] = await tx
          .insert(friendFiles)
          .values({ ...file, friendId: friendRowId, ownerId, sortKey: nextSortKey(friendRowId) })
          .returning();
        await insertPassages(tx, friendRowId, { fileId: row!.id, ownerId }, passages);
        return row!;
      });
    },

    async update(
      scope: FileScope,
      num: number,
      patch: { title?: string; subject?: string; updatedAt: Date },
    ): Promise<FileRow | undefined> {
      const [row] = await db
        .update(friendFiles)
        .set(patch)
        .where(and(inScope(scope), eq(friendFiles.id, num)))
        .returning();
      return row;
    },

    async moveToTop(scope: FileScope, num: number): Promise<FileRow | undefined> {
      const [row] = await db
        .update(friendFiles)
        .set({ sortKey: nextSortKey(scope.friendRowId) })
        .where(and(inScope(scope), eq(friendFiles.id, num)))
        .returning();
      return row;
    },

    /** Deletes the file and its passages; answers its storage key (undefined: not in scope). */
    async remove(scope: FileScope, num: number): Promise<string | undefined> {
      const { friendRowId } = scope;
      return db.transaction(async (tx) => {
        await lockFriend(tx, friendRowId);
        // Scoped like the file: a number outside the scope removes no passage and no row.
        await removePassages(tx, friendRowId, { fileId: num, ownerId: scope.ownerId });
        const [gone] = await tx
          .delete(friendFiles)
          .where(and(inScope(scope), eq(friendFiles.id, num)))
          .returning({ key: friendFiles.storageKey });
        return gone?.key;
      });
    },
  };
}
