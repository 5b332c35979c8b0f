import { and, asc, desc, eq, gt, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { friends, groupChats, groupMessages } from '../db/schema.ts';

export type GroupMessageRow = typeof groupMessages.$inferSelect;
export type NewGroupMessage = typeof groupMessages.$inferInsert;

/** The group chat's rows: the selection and the conversation. Only SQL here. */
export function groupRepo(db: Db) {
  return {
    async selection(userId: number): Promise<string[]> {
      const [row] = await db.select().from(groupChats).where(eq(groupChats.userId, userId));
      return row?.friendids ?? [];
    },
    async setSelection(userId: number, friendids: string[]) {
      await db
        .insert(groupChats)
        .values({ userId, friendids })
        .onConflictDoUpdate({
          target: groupChats.userId,
          set: { friendids, updatedAt: sql`now()` },
        });
    },
    /** The newest `limit` lines, oldest first, with the speaking character's public id and image. */
    async conversation(userId: number, limit = 200) {
      const rows = await db
        .select({ m: groupMessages, friendid: friends.friendid, image: friends.image })
        .from(groupMessages)
        .leftJoin(friends, eq(friends.id, groupMessages.friendId))
        .where(eq(groupMessages.userId, userId))
        .orderBy(desc(groupMessages.id))
        .limit(limit);
      return rows.reverse();
    },
    /** Per character row id: the last group line its memory of this user has read. */
    async memorySeen(userId: number): Promise<Record<string, number>> {
      const [row] = await db
        .select({ seen: groupChats.memorySeen })
        .from(groupChats)
        .where(eq(groupChats.userId, userId));
      return row?.seen ?? {};
    },
    async setMemorySeen(userId: number, friendId: number, id: number) {
      await db
        .update(groupChats)
        .set({
          memorySeen: sql`${groupChats.memorySeen} || jsonb_build_object(${String(friendId)}::text, ${id}::int)`,
        })
        .where(eq(groupChats.userId, userId));
    },
    /** The user's lines after `afterId`, oldest first (at most `limit`). */
    async linesAfter(userId: number, afterId: number, limit = 200) {
      return db
        .select()
        .from(groupMessages)
        .where(and(eq(groupMessages.userId, userId), gt(groupMessages.id, afterId)))
        .orderBy(asc(groupMessages.id))
        .limit(limit);
    },
    async insert(values: NewGroupMessage) {
      const [row] = await db.insert(groupMessages).values(values).returning();
      return row!;
    },
    async messageById(id: number) {
      const [row] = await db.select().from(groupMessages).where(eq(groupMessages.id, id));
      return row ? { message: row } : undefined;
    },
    async updateMessage(id: number, patch: Partial<NewGroupMessage>) {
      const [row] = await db
        .update(groupMessages)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(groupMessages.id, id))
        .returning();
      return row;
    },
    /** The growing text of streaming replies in one statement (see chatRepo.saveStreaming). */
    async saveStreaming(rows: { id: number; content: string }[]) {
      if (!rows.length) return;
      const values = sql.join(
        rows.map((r) => sql`(${r.id}::integer, ${r.content}::text)`),
        sql`, `,
      );
      await db.execute(sql`update ${groupMessages} set content = v.content,
        updated_at = now() from (values ${values}) as v(id, content)
        where ${groupMessages.id} = v.id and ${groupMessages.status} = 'streaming'`);
    },
    /** The user's last message: where the current turn starts. */
    async lastUserMessage(userId: number) {
      const [row] = await db
        .select()
        .from(groupMessages)
        .where(and(eq(groupMessages.userId, userId), eq(groupMessages.role, 'user')))
        .orderBy(desc(groupMessages.id))
        .limit(1);
      return row;
    },
    /** The answers after message `afterId`, in order, with their characters. */
    async answersAfter(userId: number, afterId: number) {
      return db
        .select({ m: groupMessages, friendid: friends.friendid, image: friends.image })
        .from(groupMessages)
        .leftJoin(friends, eq(friends.id, groupMessages.friendId))
        .where(
          and(
            eq(groupMessages.userId, userId),
            gt(groupMessages.id, afterId),
            eq(groupMessages.role, 'assistant'),
          ),
        )
        .orderBy(asc(groupMessages.id));
    },
    async streamingCount(userId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(groupMessages)
        .where(and(eq(groupMessages.userId, userId), eq(groupMessages.status, 'streaming')));
      return row?.n ?? 0;
    },
    /** Keeps queued answers from looking abandoned while earlier speakers talk. */
    async touchStreaming(userId: number) {
      await db
        .update(groupMessages)
        .set({ updatedAt: sql`now()` })
        .where(and(eq(groupMessages.userId, userId), eq(groupMessages.status, 'streaming')));
    },
    async deleteAfter(userId: number, id: number) {
      const rows = await db
        .delete(groupMessages)
        .where(and(eq(groupMessages.userId, userId), gt(groupMessages.id, id)))
        .returning({ id: groupMessages.id });
      return rows.length;
    },
    /** One message (a next speaker's row made for a turn that ended before it spoke). */
    async deleteMessage(id: number) {
      await db.delete(groupMessages).where(eq(groupMessages.id, id));
    },
    async clear(userId: number) {
      await db.delete(groupMessages).where(eq(groupMessages.userId, userId));
    },
    /** Answers still "streaming" that dead instances were writing become failed; their ids. */
    async failOfInstances(dead: number[]) {
      const rows = await db
        .update(groupMessages)
        .set({ status: 'failed', error: null, updatedAt: sql`now()` })
        .where(and(eq(groupMessages.status, 'streaming'), inArray(groupMessages.instance, dead)))
        .returning({ id: groupMessages.id });
      return rows.map((r) => r.id);
    },
    /** Answers left streaming by a stopped server (none of them running here). */
    async failStale(staleSeconds: number, except: number[]) {
      const rows = await db
        .update(groupMessages)
        .set({ status: 'failed', error: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(groupMessages.status, 'streaming'),
            lt(groupMessages.updatedAt, sql`now() - make_interval(secs => ${staleSeconds})`),
            except.length ? notInArray(groupMessages.id, except) : undefined,
          ),
        )
        .returning({ id: groupMessages.id });
      return rows.length;
    },
  };
}
