import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { friendAnalyses, messages, subjects, users } from '../db/schema.ts';

export type AnalysisRow = typeof friendAnalyses.$inferSelect;

const day = sql<string>`to_char(date_trunc('day', ${messages.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;

/** Aggregates over one character's conversations (single chat), and its cached analysis. */
export function statsRepo(db: Db) {
  const ofFriend = (friendRowId: number) => eq(subjects.friendId, friendRowId);
  return {
    async totals(friendRowId: number) {
      const [row] = await db
        .select({
          messages: sql<number>`count(*) filter (where not ${messages.hidden})::int`,
          users: sql<number>`count(distinct ${subjects.userId}) filter (where ${messages.role} = 'user')::int`,
          conversations: sql<number>`count(distinct ${subjects.id}) filter (where ${messages.role} = 'user')::int`,
        })
        .from(messages)
        .innerJoin(subjects, eq(subjects.id, messages.subjectId))
        .where(ofFriend(friendRowId));
      return row ?? { messages: 0, users: 0, conversations: 0 };
    },
    async userEmails(friendRowId: number, limit = 500) {
      const rows = await db
        .selectDistinct({ email: users.email })
        .from(subjects)
        .innerJoin(users, eq(users.id, subjects.userId))
        .where(
          and(
            ofFriend(friendRowId),
            sql`exists (select 1 from ${messages} where ${messages.subjectId} = ${subjects.id} and ${messages.role} = 'user')`,
          ),
        )
        .orderBy(users.email)
        .limit(limit);
      return rows.map((r) => r.email);
    },
    async perDay(friendRowId: number, since: Date) {
      return db
        .select({ day, messages: sql<number>`count(*)::int` })
        .from(messages)
        .innerJoin(subjects, eq(subjects.id, messages.subjectId))
        .where(
          and(
            ofFriend(friendRowId),
            eq(messages.hidden, false),
            sql`${messages.createdAt} >= ${since.toISOString()}`,
          ),
        )
        .groupBy(day)
        .orderBy(day);
    },
    async perWeek(friendRowId: number, since: Date) {
      const week = sql<string>`to_char(date_trunc('week', ${messages.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
      return db
        .select({ week, users: sql<number>`count(distinct ${subjects.userId})::int` })
        .from(messages)
        .innerJoin(subjects, eq(subjects.id, messages.subjectId))
        .where(
          and(
            ofFriend(friendRowId),
            eq(messages.role, 'user'),
            sql`${messages.createdAt} >= ${since.toISOString()}`,
          ),
        )
        .groupBy(week)
        .orderBy(week);
    },
    /** Tokens per day and model of the character's answers (priced by the caller). */
    async tokensPerDay(friendRowId: number, since: Date) {
      return db
        .select({
          day,
          model: messages.model,
          inputTokens: sql<number>`sum(${messages.inputTokens})::int`,
          cachedInputTokens: sql<number>`sum(${messages.cachedInputTokens})::int`,
          outputTokens: sql<number>`sum(${messages.outputTokens})::int`,
        })
        .from(messages)
        .innerJoin(subjects, eq(subjects.id, messages.subjectId))
        .where(
          and(
            ofFriend(friendRowId),
            eq(messages.role, 'assistant'),
            sql`${messages.createdAt} >= ${since.toISOString()}`,
          ),
        )
        .groupBy(day, messages.model)
        .orderBy(day);
    },
    /** The newest messages, for the analysis sample (the caller trims to the budget). */
    async recent(friendRowId: number, limit: number) {
      return db
        .select({
          id: messages.id,
          subjectId: messages.subjectId,
          role: messages.role,
          content: messages.content,
        })
        .from(messages)
        .innerJoin(subjects, eq(subjects.id, messages.subjectId))
        .where(and(ofFriend(friendRowId), eq(messages.hidden, false), eq(messages.status, 'done')))
        .orderBy(desc(messages.id))
        .limit(limit);
    },
    async analysis(friendRowId: number, lang: string) {
      const [row] = await db
        .select()
        .from(friendAnalyses)
        .where(and(eq(friendAnalyses.friendId, friendRowId), eq(friendAnalyses.lang, lang)));
      return row;
    },
    async saveAnalysis(
      friendRowId: number,
      lang: string,
      patch: Partial<Omit<AnalysisRow, 'friendId' | 'lang'>>,
    ) {
      const values = { ...patch, updatedAt: new Date() };
      await db
        .insert(friendAnalyses)
        .values({ friendId: friendRowId, lang, ...values })
        .onConflictDoUpdate({
          target: [friendAnalyses.friendId, friendAnalyses.lang],
          set: values,
        });
    },
  };
}

export type StatsRepo = ReturnType<typeof statsRepo>;
