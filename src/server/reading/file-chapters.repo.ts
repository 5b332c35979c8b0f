import { and, asc, count, eq, isNull, max, min } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { friendFiles, knowledgeChunks } from '../db/schema.ts';
import type { ChapterHeading, IndexedPassage } from '../knowledge/chapters.ts';
import { insertPassages, lockFriend, removePassages } from '../knowledge/chunks.repo.ts';
import type { FileScope } from '../knowledge/files.repo.ts';

/** Per chapter of one file: where it starts and how many passages it holds. */
export interface ChapterSpan {
  chapter: number | null;
  page: number | null;
  passages: number;
}

export function fileChaptersRepo(db: Db) {
  const ofFile = (scope: FileScope, fileId: number) =>
    and(
      eq(knowledgeChunks.friendId, scope.friendRowId),
      eq(knowledgeChunks.fileId, fileId),
      scope.ownerId === null
        ? isNull(knowledgeChunks.ownerId)
        : eq(knowledgeChunks.ownerId, scope.ownerId),
    );

  return {
    /** The file's passages grouped by chapter, in the order of the text. */
    async spans(scope: FileScope, fileId: number): Promise<ChapterSpan[]> {
      return db
        .select({
          chapter: knowledgeChunks.chapter,
          page: min(knowledgeChunks.page),
          passages: count(),
        })
        .from(knowledgeChunks)
        .where(ofFile(scope, fileId))
        .groupBy(knowledgeChunks.chapter)
        .orderBy(asc(min(knowledgeChunks.seq)));
    },

    /** The last page of the file's text (0: it has no pages). */
    async pages(scope: FileScope, fileId: number): Promise<number> {
      const [row] = await db
        .select({ n: max(knowledgeChunks.page) })
        .from(knowledgeChunks)
        .where(ofFile(scope, fileId));
      return Number(row?.n ?? 0);
    },

    /**
     * The file's headings and passages replaced in one transaction (the character locked
     * first, like every write of its passages).
     */
    async replace(
      scope: FileScope,
      fileId: number,
      headings: ChapterHeading[],
      passages: IndexedPassage[],
      at: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await lockFriend(tx, scope.friendRowId);
        const source = { fileId, ownerId: scope.ownerId };
        await removePassages(tx, scope.friendRowId, source);
        await insertPassages(tx, scope.friendRowId, source, passages);
        await tx
          .update(friendFiles)
          .set({ chapters: headings, updatedAt: at })
          .where(eq(friendFiles.id, fileId));
      });
    },
  };
}
