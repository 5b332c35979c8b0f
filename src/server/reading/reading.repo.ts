import { and, eq, isNull, max } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { friends, knowledgeChunks, readingHorizons } from '../db/schema.ts';

export function readingRepo(db: Db) {
  return {
    async horizon(userId: number, friendRowId: number): Promise<number | null> {
      const [row] = await db
        .select({ chapter: readingHorizons.chapter })
        .from(readingHorizons)
        .where(and(eq(readingHorizons.userId, userId), eq(readingHorizons.friendId, friendRowId)));
      return row?.chapter ?? null;
    },

    async setHorizon(userId: number, friendRowId: number, chapter: number | null, at: Date) {
      if (chapter === null) {
        await db
          .delete(readingHorizons)
          .where(
            and(eq(readingHorizons.userId, userId), eq(readingHorizons.friendId, friendRowId)),
          );
        return;
      }
      await db
        .insert(readingHorizons)
        .values({ userId, friendId: friendRowId, chapter, updatedAt: at })
        .onConflictDoUpdate({
          target: [readingHorizons.userId, readingHorizons.friendId],
          set: { chapter, updatedAt: at },
        });
    },

    /** The highest chapter in the character's shared passages (0: no chapters found). */
    async chapters(friendRowId: number): Promise<number> {
      const [row] = await db
        .select({ n: max(knowledgeChunks.chapter) })
        .from(knowledgeChunks)
        .where(and(eq(knowledgeChunks.friendId, friendRowId), isNull(knowledgeChunks.ownerId)));
      return Number(row?.n ?? 0);
    },

    async setCitations(friendRowId: number, on: 0 | 1) {
      await db.update(friends).set({ citations: on }).where(eq(friends.id, friendRowId));
    },
  };
}
