import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { memories, memoryFacts, messages, subjects } from '../db/schema.ts';

export type FactRow = typeof memoryFacts.$inferSelect;

/** What one memory update does to a user's facts about one character. */
export interface FactChanges {
  remove: number[];
  update: { id: number; text: string }[];
  add: { text: string; messageId: number | null }[];
}

/** Splits a memory text into facts: one a line, list markers dropped. */
export const factLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter(Boolean);

/**
 * The memory as a list of facts. Every write runs in one transaction that also rewrites
 * `memories.memory` (the facts joined, one a line), which the prompt and GetSetMemory read.
 */
export function memoryFactsRepo(db: Db) {
  const mine = (userId: number, friendId: number) =>
    and(eq(memoryFacts.userId, userId), eq(memoryFacts.friendId, friendId));

  async function rows(tx: Db, userId: number, friendId: number): Promise<FactRow[]> {
    const found = await tx
      .select()
      .from(memoryFacts)
      .where(mine(userId, friendId))
      .orderBy(asc(memoryFacts.id));
    if (found.length) return found;
    // A memory written before facts existed becomes facts (without sources) on first use.
    const [old] = await tx
      .select({ memory: memories.memory })
      .from(memories)
      .where(and(eq(memories.userId, userId), eq(memories.friendId, friendId)));
    const lines = factLines(old?.memory ?? '');
    if (!lines.length) return [];
    return tx
      .insert(memoryFacts)
      .values(lines.map((text) => ({ userId, friendId, text })))
      .returning();
  }

  async function rewrite(tx: Db, userId: number, friendId: number, seenUpTo?: number) {
    const all = await tx
      .select({ text: memoryFacts.text })
      .from(memoryFacts)
      .where(mine(userId, friendId))
      .orderBy(asc(memoryFacts.id));
    const memory = all.map((r) => r.text).join('\n');
    await tx
      .insert(memories)
      .values({ userId, friendId, memory, seenUpTo: seenUpTo ?? 0 })
      .onConflictDoUpdate({
        target: [memories.userId, memories.friendId],
        set: { memory, updatedAt: sql`now()`, ...(seenUpTo !== undefined ? { seenUpTo } : {}) },
      });
  }

  return {
    /** The facts, oldest first, each with the subject its source message is in. */
    async list(userId: number, friendId: number) {
      await db.transaction((tx) => rows(tx, userId, friendId));
      return db
        .select({
          id: memoryFacts.id,
          text: memoryFacts.text,
          messageId: memoryFacts.messageId,
          subject: subjects.name,
          updatedAt: memoryFacts.updatedAt,
        })
        .from(memoryFacts)
        .leftJoin(messages, eq(messages.id, memoryFacts.messageId))
        .leftJoin(subjects, eq(subjects.id, messages.subjectId))
        .where(mine(userId, friendId))
        .orderBy(asc(memoryFacts.id));
    },

    /** The facts as they are (turning an older memory text into facts first). */
    current(userId: number, friendId: number) {
      return db.transaction((tx) => rows(tx, userId, friendId));
    },

    /** Applies one update; only this user's facts about this character are touched. */
    async apply(userId: number, friendId: number, c: FactChanges, seenUpTo?: number) {
      await db.transaction(async (tx) => {
        await rows(tx, userId, friendId);
        if (c.remove.length) {
          await tx
            .delete(memoryFacts)
            .where(and(mine(userId, friendId), inArray(memoryFacts.id, c.remove)));
        }
        for (const u of c.update) {
          await tx
            .update(memoryFacts)
            .set({ text: u.text, updatedAt: sql`now()` })
            .where(and(mine(userId, friendId), eq(memoryFacts.id, u.id)));
        }
        if (c.add.length) {
          await tx
            .insert(memoryFacts)
            .values(c.add.map((a) => ({ userId, friendId, text: a.text, messageId: a.messageId })));
        }
        await rewrite(tx, userId, friendId, seenUpTo);
      });
    },

    /**
     * The whole memory as a text (GetSetMemory): lines that are already facts stay, with
     * their sources; the others are removed or added.
     */
    async replaceAll(userId: number, friendId: number, text: string) {
      await db.transaction(async (tx) => {
        const existing = await rows(tx, userId, friendId);
        const wanted = factLines(text);
        const keep = new Set<number>();
        const add: string[] = [];
        for (const line of wanted) {
          const same = existing.find((f) => f.text === line && !keep.has(f.id));
          if (same) keep.add(same.id);
          else add.push(line);
        }
        const remove = existing.filter((f) => !keep.has(f.id)).map((f) => f.id);
        if (remove.length) await tx.delete(memoryFacts).where(inArray(memoryFacts.id, remove));
        if (add.length) {
          await tx.insert(memoryFacts).values(add.map((t) => ({ userId, friendId, text: t })));
        }
        await rewrite(tx, userId, friendId);
      });
    },
  };
}

export type MemoryFactsRepo = ReturnType<typeof memoryFactsRepo>;
