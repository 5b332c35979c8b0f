import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { knowledge } from '../db/schema.ts';
import { insertPassages, lockFriend, removePassages } from './chunks.repo.ts';

export type KnowledgeRow = typeof knowledge.$inferSelect;

export interface KnowledgeWrite {
  subject: string;
  contents: string;
  source?: 'manual' | 'gdoc';
  sourceRef?: string | null;
  createdBy?: number | null;
  at: Date;
}

export type AddResult = { row: KnowledgeRow } | { tooMany: true };

export function knowledgeRepo(db: Db) {
  /** Inserts or rewrites one subject and re-indexes its passages, inside `tx`. */
  async function write(
    tx: Db,
    friendRowId: number,
    existing: KnowledgeRow | undefined,
    w: KnowledgeWrite,
    passages: string[],
    maxSubjects: number,
  ): Promise<AddResult> {
    let row: KnowledgeRow;
    if (existing) {
      [row] = (await tx
        .update(knowledge)
        .set({ subject: w.subject, contents: w.contents, updatedAt: w.at })
        .where(eq(knowledge.id, existing.id))
        .returning()) as [KnowledgeRow];
      await removePassages(tx, friendRowId, { knowledgeId: existing.id });
    } else {
      const [n] = await tx
        .select({ n: count() })
        .from(knowledge)
        .where(eq(knowledge.friendId, friendRowId));
      if (Number(n?.n ?? 0) >= maxSubjects) return { tooMany: true };
      [row] = (await tx
        .insert(knowledge)
        .values({
          friendId: friendRowId,
          subject: w.subject,
          contents: w.contents,
          source: w.source ?? 'manual',
          sourceRef: w.sourceRef ?? null,
          createdBy: w.createdBy ?? null,
          createdAt: w.at,
          updatedAt: w.at,
        })
        .returning()) as [KnowledgeRow];
    }
    await insertPassages(tx, friendRowId, { knowledgeId: row.id }, passages);
    return { row };
  }

  return {
    async list(friendRowId: number) {
      return db
        .select({ id: knowledge.id, subject: knowledge.subject, updatedAt: knowledge.updatedAt })
        .from(knowledge)
        .where(eq(knowledge.friendId, friendRowId))
        .orderBy(asc(knowledge.id));
    },

    /** Every subject with its text, oldest first (a character card's lorebook). */
    async withContents(friendRowId: number) {
      return db
        .select({ subject: knowledge.subject, contents: knowledge.contents })
        .from(knowledge)
        .where(eq(knowledge.friendId, friendRowId))
        .orderBy(asc(knowledge.id));
    },

    async byNum(friendRowId: number, num: number): Promise<KnowledgeRow | undefined> {
      const [row] = await db
        .select()
        .from(knowledge)
        .where(and(eq(knowledge.friendId, friendRowId), eq(knowledge.id, num)));
      return row;
    },

    /** A new subject, or the numbered one rewritten; passages replaced in the same transaction. */
    async save(
      friendRowId: number,
      num: number | null,
      w: KnowledgeWrite,
      passages: string[],
      maxSubjects: number,
    ): Promise<AddResult | undefined> {
      return db.transaction(async (tx) => {
        await lockFriend(tx, friendRowId);
        let existing: KnowledgeRow | undefined;
        if (num !== null) {
          [existing] = await tx
            .select()
            .from(knowledge)
            .where(and(eq(knowledge.friendId, friendRowId), eq(knowledge.id, num)))
            .for('update');
          if (!existing) return undefined;
        }
        return write(tx, friendRowId, existing, w, passages, maxSubjects);
      });
    },

    /** An imported document replaces the subject of the same name (case-insensitive), if any. */
    async saveBySubject(
      friendRowId: number,
      w: KnowledgeWrite,
      passages: string[],
      maxSubjects: number,
    ): Promise<AddResult> {
      return db.transaction(async (tx) => {
        await lockFriend(tx, friendRowId);
        const [existing] = await tx
          .select()
          .from(knowledge)
          .where(
            and(
              eq(knowledge.friendId, friendRowId),
              eq(sql`lower(${knowledge.subject})`, w.subject.toLowerCase()),
            ),
          )
          .orderBy(asc(knowledge.id))
          .limit(1)
          .for('update');
        return write(tx, friendRowId, existing, w, passages, maxSubjects);
      });
    },

    async remove(friendRowId: number, num: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockFriend(tx, friendRowId);
        await removePassages(tx, friendRowId, { knowledgeId: num });
        const rows = await tx
          .delete(knowledge)
          .where(and(eq(knowledge.friendId, friendRowId), eq(knowledge.id, num)))
          .returning({ id: knowledge.id });
        return rows.length > 0;
      });
    },
  };
}
