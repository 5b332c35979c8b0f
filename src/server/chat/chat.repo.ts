import { and, asc, desc, eq, gt, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import { openTurnQuery, parseHistory } from './open-turn.repo.ts';
import type { Db } from '../db/client.ts';
import {
  finishReplySql,
  insertTurnSql,
  toMessageRow,
  turnValues,
  type FinishedReply,
  type TurnRow,
} from './turn-writes.repo.ts';
import { friendNotes, memories, messages, readingHorizons, subjects, users } from '../db/schema.ts';

export type SubjectRow = typeof subjects.$inferSelect;
/** A subject as a turn reads it (openTurn): all but its canvas, which no prompt reads. */
export type TurnSubject = Omit<SubjectRow, 'canvas' | 'canvasBackup'>;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

/** The credits an AskFriend turn sets aside, taken in the statement that stores it. */
export interface TurnHold {
  userId: number;
  /** What to hold (less when the balance has less). */
  amount: number;
  /** The least the balance must have, or nothing is stored. */
  need: number;
  at: Date;
  /** The instance running the turn. */
  instance: number | null;
}

export type { PromptTurn } from './open-turn.repo.ts';
/** What a turn's prompt knows of the user (chatRepo.speaker, openTurn). */
function speakerOf(
  row:
    | {
        fullname: string | null;
        notes: string | null;
        friendNotes: string | null;
        memory: string | null;
        memorySeenUpTo: number | null;
        horizon: number | null;
      }
    | undefined,
) {
  return {
    fullname: row?.fullname ?? '',
    notes: row?.notes ?? '',
    friendNotes: row?.friendNotes ?? '',
    memory: row?.memory ?? '',
    /** The last message the memory has read (0: none yet). */
    memorySeenUpTo: row?.memorySeenUpTo ?? 0,
    /** The reader's spoiler horizon on the character (reading.repo's horizon). */
    horizon: row?.horizon ?? null,
  };
}

export type Speaker = ReturnType<typeof speakerOf>;

export function chatRepo(db: Db) {
  return {
    async listSubjects(userId: number, friendId: number) {
      return db
        .select()
        .from(subjects)
        .where(and(eq(subjects.userId, userId), eq(subjects.friendId, friendId)))
        .orderBy(desc(subjects.touchedAt), desc(subjects.id));
    },
    async subjectByName(userId: number, friendId: number, name: string) {
      const [row] = await db
        .select()
        .from(subjects)
        .where(
          and(
            eq(subjects.userId, userId),
            eq(subjects.friendId, friendId),
            eq(sql`lower(${subjects.name})`, name.toLowerCase()),
          ),
        );
      return row;
    },
    async subjectById(id: number) {
      const [row] = await db.select().from(subjects).where(eq(subjects.id, id));
      return row;
    },
    /** The subject, and whether this call made it (a name taken meanwhile answers that one). */
    async createSubject(userId: number, friendId: number, name: string) {
      const [row] = await db
        .insert(subjects)
        .values({ userId, friendId, name })
        .onConflictDoNothing()
        .returning();
      if (row) return { subject: row, created: true };
      return { subject: (await this.subjectByName(userId, friendId, name))!, created: false };
    },
    async updateSubject(id: number, patch: Partial<typeof subjects.$inferInsert>) {
      const [row] = await db.update(subjects).set(patch).where(eq(subjects.id, id)).returning();
      return row!;
    },
    async deleteSubject(id: number) {
      await db.delete(subjects).where(eq(subjects.id, id));
    },
    /** Copies a subject with its messages, summary and canvas, in one transaction. */
    async forkSubject(from: SubjectRow, name: string) {
      return db.transaction(async (tx) => {
        const [copy] = await tx
          .insert(subjects)
          .values({
            userId: from.userId,
            friendId: from.friendId,
            name,
            summary: from.summary,
            canvas: from.canvas,
            canvasBackup: from.canvasBackup,
          })
          .returning();
        const rows = await tx
          .select()
          .from(messages)
          .where(and(eq(messages.subjectId, from.id), eq(messages.chosen, true)))
          .orderBy(asc(messages.id));
        let lastNew = 0;
        for (const m of rows) {
          const { id, ...rest } = m;
          const [n] = await tx
            .insert(messages)
            .values({
              ...rest,
              subjectId: copy!.id,
              // The copy keeps the chosen answers only, as plain answers.
              variantOf: null,
              status: m.status === 'streaming' ? 'failed' : m.status,
            })
            .returning({ id: messages.id });
          if (id <= from.summarizedUpTo) lastNew = n!.id;
        }
        if (lastNew)
          await tx
            .update(subjects)
            .set({ summarizedUpTo: lastNew })
            .where(eq(subjects.id, copy!.id));
        return copy!;
      });
    },

    /** A database trigger (migration 0004) makes the subject the most recent one. */
    async insertMessage(values: NewMessage) {
      const [row] = await db.insert(messages).values(values).returning();
      return row!;
    },
    /**
     * The user's message and the reply row that will answer it, in one statement; with a
     * `hold`, the credits' debit and the hold bound to the reply in the same statement, and
     * nothing stored (null) when the balance is spent.
     */
    async insertTurn(user: TurnRow, reply: TurnRow, hold?: TurnHold | null) {
      if (!hold) {
        const rows = await db.insert(messages).values([user, reply]).returning();
        const [u, r] = rows.sort((a, b) => a.id - b.id);
        return { userMessage: u!, reply: r!, held: null };
      }
      const rows = await insertTurnSql(db, {
        ...turnValues('u', user),
        ...turnValues('r', reply),
        userId: hold.userId,
        amount: hold.amount,
        need: hold.need,
        at: hold.at.toISOString(),
        holdInstance: hold.instance,
      });
      if (rows.length !== 2 || rows[1]!.hold_id === null) return null;
      return {
        userMessage: toMessageRow(rows[0]!),
        reply: toMessageRow(rows[1]!),
        held: { id: Number(rows[1]!.hold_id), amount: Number(rows[1]!.hold_amount) },
      };
    },
    /**
     * A turn's first read, one statement: the character by id (any case) with its owner and the
     * caller's access-list entry (as friends.byFriendIdFor); the caller's subject on it, the
     * one named or (no name) the most recent; the turns of its history after its summary point
     * (`since`, as PromptTurn, inHistory's alone); what the prompt knows of the caller
     * (`speaker`); and how many passages a search would reach (the shared ones and the
     * caller's personal ones).
     */
    async openTurn(friendid: string, email: string, userId: number, subject?: string) {
      const [row] = await openTurnQuery(db, subject !== undefined && subject !== '').execute({
        friendid: friendid.toLowerCase(),
        email: email.toLowerCase(),
        userId,
        subject: subject?.toLowerCase() ?? '',
      });
      if (!row) return undefined;
      const { history, speaker: who, ...rest } = row;
      return {
        ...rest,
        /** Null when there is no such subject yet. */
        history: rest.subject ? parseHistory(history) : null,
        speaker: speakerOf(who),
      };
    },
    async messageById(id: number) {
      const [row] = await db
        .select({ message: messages, subject: subjects })
        .from(messages)
        .innerJoin(subjects, eq(subjects.id, messages.subjectId))
        .where(eq(messages.id, id));
      return row;
    },
    /**
     * The newest `limit` answers a character gave one user, in all their subjects, newest
     * first (read-aloud without a message id looks for its text in them).
     */
    async recentReplies(userId: number, friendId: number, limit: number) {
      return db
        .select({ id: messages.id, content: messages.content, status: messages.status })
        .from(messages)
        .innerJoin(subjects, eq(subjects.id, messages.subjectId))
        .where(
          and(
            eq(subjects.userId, userId),
            eq(subjects.friendId, friendId),
            eq(messages.role, 'assistant'),
          ),
        )
        .orderBy(desc(messages.id))
        .limit(limit);
    },
    /** A streamed answer stored whole (a turn's last write, so its statement is prepared). */
    async finishReply(id: number, done: FinishedReply) {
      const [row] = await finishReplySql(db, {
        ...done,
        id,
        citations: done.citations ? JSON.stringify(done.citations) : null,
      });
      return row ? toMessageRow(row) : undefined;
    },
    async updateMessage(id: number, patch: Partial<NewMessage>) {
      // New text: the search index (words) is remade by the next search.
      const words = patch.content !== undefined ? { words: null } : {};
      const [row] = await db
        .update(messages)
        .set({ ...patch, ...words, updatedAt: sql`now()` })
        .where(eq(messages.id, id))
        .returning();
      return row;
    },
    /**
     * The growing text of streaming replies, all in one statement (the reply runner's flush);
     * a reply already final is left alone, so a late flush never overwrites its end.
     */
    async saveStreaming(rows: { id: number; content: string }[]) {
      if (!rows.length) return;
      const values = sql.join(
        rows.map((r) => sql`(${r.id}::integer, ${r.content}::text)`),
        sql`, `,
      );
      await db.execute(sql`update ${messages} set content = v.content, words = null,
        updated_at = now() from (values ${values}) as v(id, content)
        where ${messages.id} = v.id and ${messages.status} = 'streaming'`);
    },
    /**
     * Replies still "streaming" whose writer has not touched them for `staleSeconds`: the
     * instance writing them stopped. They become failed (the reader gets a retry).
     */
    async failStaleReplies(staleSeconds: number, except: number[]) {
      const rows = await db
        .update(messages)
        .set({ status: 'failed', error: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(messages.status, 'streaming'),
            lt(messages.updatedAt, sql`now() - make_interval(secs => ${staleSeconds})`),
            except.length ? notInArray(messages.id, except) : undefined,
          ),
        )
        .returning({ id: messages.id });
      return rows.length;
    },
    /** Replies still "streaming" that dead instances were writing become failed; their ids. */
    async failOfInstances(dead: number[]) {
      const rows = await db
        .update(messages)
        .set({ status: 'failed', error: null, updatedAt: sql`now()` })
        .where(and(eq(messages.status, 'streaming'), inArray(messages.instance, dead)))
        .returning({ id: messages.id });
      return rows.map((r) => r.id);
    },
    /** The newest `limit` messages before `before`, oldest first; one more tells if there are more. */
    async page(subjectId: number, limit: number, before?: number) {
      const rows = await db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.subjectId, subjectId),
            // Of regenerated answers, the chosen one only.
            eq(messages.chosen, true),
            before ? lt(messages.id, before) : undefined,
          ),
        )
        .orderBy(desc(messages.id))
        .limit(limit + 1);
      const hasmore = rows.length > limit;
      return { rows: rows.slice(0, limit).reverse(), hasmore };
    },
    /** The answers of the groups keyed `keys` (a group's first answer id), oldest first. */
    async variantGroups(subjectId: number, keys: number[]) {
      if (!keys.length) return [];
      return db
        .select({ id: messages.id, variantOf: messages.variantOf })
        .from(messages)
        .where(
          and(
            eq(messages.subjectId, subjectId),
            or(inArray(messages.id, keys), inArray(messages.variantOf, keys)),
          ),
        )
        .orderBy(asc(messages.id));
    },
    /** A new answer in `of`'s group, chosen in place of the others (one transaction). */
    async addVariant(of: MessageRow, values: NewMessage) {
      const key = of.variantOf ?? of.id;
      return db.transaction(async (tx) => {
        await tx
          .update(messages)
          .set({ chosen: false })
          .where(
            and(
              eq(messages.subjectId, of.subjectId),
              or(eq(messages.id, key), eq(messages.variantOf, key)),
            ),
          );
        const [row] = await tx
          .insert(messages)
          .values({ ...values, subjectId: of.subjectId, variantOf: key, chosen: true })
          .returning();
        return row!;
      });
    },
    /** Makes `row` its group's chosen answer. */
    async chooseVariant(row: MessageRow) {
      const key = row.variantOf ?? row.id;
      await db.transaction(async (tx) => {
        await tx
          .update(messages)
          .set({ chosen: sql`${messages.id} = ${row.id}` })
          .where(
            and(
              eq(messages.subjectId, row.subjectId),
              or(eq(messages.id, key), eq(messages.variantOf, key)),
            ),
          );
      });
    },
    /** Messages after the summary point: what the prompt's history is made of. */
    async since(subjectId: number, afterId: number) {
      return db
        .select()
        .from(messages)
        .where(and(eq(messages.subjectId, subjectId), gt(messages.id, afterId)))
        .orderBy(asc(messages.id));
    },
    /**
     * An edited question: the later turns go, the question takes its new text and a new
     * reply row follows it, in one transaction.
     */
    async editFrom(question: MessageRow, content: string, reply: Omit<NewMessage, 'subjectId'>) {
      return db.transaction(async (tx) => {
        await tx
          .delete(messages)
          .where(and(eq(messages.subjectId, question.subjectId), gt(messages.id, question.id)));
        const [userMessage] = await tx
          .update(messages)
          .set({ content, words: null, updatedAt: sql`now()` })
          .where(eq(messages.id, question.id))
          .returning();
        const [row] = await tx
          .insert(messages)
          .values({ ...reply, subjectId: question.subjectId })
          .returning();
        // A summary that covered removed turns no longer holds.
        await tx
          .update(subjects)
          .set({ summary: '', summarizedUpTo: 0 })
          .where(
            and(eq(subjects.id, question.subjectId), gt(subjects.summarizedUpTo, question.id - 1)),
          );
        return { userMessage: userMessage!, reply: row! };
      });
    },
    async deleteAfter(subjectId: number, id: number) {
      const rows = await db
        .delete(messages)
        .where(and(eq(messages.subjectId, subjectId), gt(messages.id, id)))
        .returning({ id: messages.id });
      return rows.length;
    },
    async clear(subjectId: number) {
      await db.delete(messages).where(eq(messages.subjectId, subjectId));
      await db
        .update(subjects)
        .set({ summary: '', summarizedUpTo: 0 })
        .where(eq(subjects.id, subjectId));
    },

    /**
     * What a turn's prompt knows of the user, in one query: name and general notes, the notes
     * for this character and the memory the character keeps.
     */
    async speaker(userId: number, friendId: number) {
      const [row] = await db
        .select({
          fullname: users.fullname,
          notes: users.notes,
          friendNotes: friendNotes.notes,
          memory: memories.memory,
          memorySeenUpTo: memories.seenUpTo,
          horizon: readingHorizons.chapter,
        })
        .from(users)
        .leftJoin(
          friendNotes,
          and(eq(friendNotes.userId, users.id), eq(friendNotes.friendId, friendId)),
        )
        .leftJoin(memories, and(eq(memories.userId, users.id), eq(memories.friendId, friendId)))
        .leftJoin(
          readingHorizons,
          and(eq(readingHorizons.userId, users.id), eq(readingHorizons.friendId, friendId)),
        )
        .where(eq(users.id, userId));
      return speakerOf(row);
    },
    async memory(userId: number, friendId: number) {
      const [row] = await db
        .select()
        .from(memories)
        .where(and(eq(memories.userId, userId), eq(memories.friendId, friendId)));
      return row;
    },
    async notes(userId: number, friendId: number) {
      const [row] = await db
        .select()
        .from(friendNotes)
        .where(and(eq(friendNotes.userId, userId), eq(friendNotes.friendId, friendId)));
      return row?.notes ?? '';
    },
    async setNotes(userId: number, friendId: number, notes: string) {
      await db
        .insert(friendNotes)
        .values({ userId, friendId, notes })
        .onConflictDoUpdate({
          target: [friendNotes.userId, friendNotes.friendId],
          set: { notes, updatedAt: sql`now()` },
        });
    },
  };
}

export type ChatRepo = ReturnType<typeof chatRepo>;
