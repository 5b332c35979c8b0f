import { and, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { messages, subjects } from '../db/schema.ts';
import { tsvectorLiteral } from '../knowledge/text-search.ts';

/** Messages indexed per statement. */
const BATCH = 500;

/** The conversation search's SQL: one user's messages with one character, never others'. */
export function chatSearchRepo(db: Db) {
  const theirSubjects = (userId: number, friendRowId: number) =>
    db
      .select({ id: subjects.id })
      .from(subjects)
      .where(and(eq(subjects.userId, userId), eq(subjects.friendId, friendRowId)));

  return {
    /**
     * Gives words to the user's finished messages with the character that have none (new,
     * or changed since). Idempotent: two searches at once write the same words.
     */
    async indexPending(userId: number, friendRowId: number) {
      for (;;) {
        const rows = await db
          .select({ id: messages.id, content: messages.content })
          .from(messages)
          .where(
            and(
              inArray(messages.subjectId, theirSubjects(userId, friendRowId)),
              isNull(messages.words),
              ne(messages.status, 'streaming'),
            ),
          )
          .limit(BATCH);
        if (!rows.length) return;
        const data = JSON.stringify(rows.map((r) => ({ id: r.id, w: tsvectorLiteral(r.content) })));
        // Only rows still without words: a text changed meanwhile was cleared and waits.
        await db.execute(sql`
          update ${messages} set words = u.w::tsvector
          from jsonb_to_recordset(${data}::jsonb) as u(id int, w text)
          where ${messages.id} = u.id and ${messages.words} is null`);
        if (rows.length < BATCH) return;
      }
    },

    /** Shown messages matching `tsquery`, newest first, `limit + 1` of them (the one more pages). */
    async find(
      userId: number,
      friendRowId: number,
      tsquery: string,
      limit: number,
      before?: number,
    ) {
      return db
        .select({
          id: messages.id,
          role: messages.role,
          content: messages.content,
          speaker: messages.speaker,
          createdAt: messages.createdAt,
          subject: subjects.name,
        })
        .from(messages)
        .innerJoin(subjects, eq(subjects.id, messages.subjectId))
        .where(
          and(
            eq(subjects.userId, userId),
            eq(subjects.friendId, friendRowId),
            eq(messages.hidden, false),
            // What the conversation view shows: the chosen answer of alternatives.
            eq(messages.chosen, true),
            ne(messages.status, 'streaming'),
            sql`${messages.words} @@ ${tsquery}::tsquery`,
            before ? lt(messages.id, before) : undefined,
          ),
        )
        .orderBy(desc(messages.id))
        .limit(limit + 1);
    },
  };
}
