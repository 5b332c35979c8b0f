import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { statRollupMarks, subjects, messages, users } from '../db/schema.ts';

export type StatSource = 'chat' | 'group';
export const STAT_SOURCES: StatSource[] = ['chat', 'group'];

/** One character's counts for one UTC day, user, source and model. */
export interface StatRow {
  day: string;
  userId: number;
  source: StatSource;
  model: string;
  messages: number;
  userMessages: number;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const dayOf = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * The aggregate of one source over the ids in (lo, hi] (hi null: all after lo), for one
 * character or all, and only the (character, day) pairs `days` selects when given. Single chat: every shown message of the character's subjects. Group: the
 * character's answers, and each question it answered (counted once per turn, on its first
 * answer; the turn is found from the whole table, so a range never splits one).
 */
function aggregate(
  source: StatSource,
  lo: number | SQL,
  hi: number | SQL | null,
  friendId?: number,
  days?: SQL,
) {
  if (source === 'chat') {
    return sql`select s.friend_id as "friendId", ${dayOf(sql`m.created_at`)} as day,
        s.user_id as "userId", 'chat' as source, m.model as model,
        (count(*) filter (where not m.hidden))::int as messages,
        (count(*) filter (where m.role = 'user'))::int as "userMessages",
        coalesce(sum(m.input_tokens) filter (where m.role = 'assistant'), 0)::int as "inputTokens",
        coalesce(sum(m.cached_input_tokens) filter (where m.role = 'assistant'), 0)::int as "cachedInputTokens",
        coalesce(sum(m.output_tokens) filter (where m.role = 'assistant'), 0)::int as "outputTokens"
      from messages m join subjects s on s.id = m.subject_id
      where m.id > ${lo} ${hi === null ? sql`` : sql`and m.id <= ${hi}`}
        ${friendId === undefined ? sql`` : sql`and s.friend_id = ${friendId}`}
        ${days ? sql`and (s.friend_id, ${dayOf(sql`m.created_at`)}) in (${days})` : sql``}
      group by 1, 2, 3, 5`;
  }
  return sql`select a.friend_id as "friendId", ${dayOf(sql`a.created_at`)} as day,
      a.user_id as "userId", 'group' as source, a.model as model,
      (count(*) + sum(a.first))::int as messages, sum(a.first)::int as "userMessages",
      coalesce(sum(a.input_tokens), 0)::int as "inputTokens",
      coalesce(sum(a.cached_input_tokens), 0)::int as "cachedInputTokens",
      coalesce(sum(a.output_tokens), 0)::int as "outputTokens"
    from (
      select g.*, case when exists (
          select 1 from group_messages b
          where b.user_id = g.user_id and b.friend_id = g.friend_id and b.id < g.id
            and b.id > coalesce((select max(u.id) from group_messages u
              where u.user_id = g.user_id and u.role = 'user' and u.id < g.id), 0)
        ) then 0 else 1 end as first
      from group_messages g
      where g.role = 'assistant' and g.friend_id is not null
        and g.id > ${lo} ${hi === null ? sql`` : sql`and g.id <= ${hi}`}
        ${friendId === undefined ? sql`` : sql`and g.friend_id = ${friendId}`}
        ${days ? sql`and (g.friend_id, ${dayOf(sql`g.created_at`)}) in (${days})` : sql``}
    ) a
    group by 1, 2, 3, 5`;
}

const table = (source: StatSource) => (source === 'chat' ? sql`messages` : sql`group_messages`);

/**
 * Rewrites the roll-up's dirty days of `source` (stat_dirty_days, marked by triggers when a
 * rolled-up message is deleted or recounted) from the messages up to the mark `upto`. Runs
 * in the roll-up's transaction, under its lock.
 */
async function repair(tx: Db, source: StatSource, upto: number) {
  const dirty = rowsOf<{ friendId: number; day: string }>(
    await tx.execute(sql`delete from stat_dirty_days where source = ${source}
      returning friend_id as "friendId", day`),
  );
  if (!dirty.length) return 0;
  const days = sql`select (x->>'friendId')::int, x->>'day'
    from jsonb_array_elements(${JSON.stringify(dirty)}::jsonb) x`;
  await tx.execute(sql`delete from friend_stat_days
    where source = ${source} and (friend_id, day) in (${days})`);
  await tx.execute(sql`insert into friend_stat_days (friend_id, day, user_id, source, model,
      messages, user_messages, input_tokens, cached_input_tokens, output_tokens)
    select "friendId", day, "userId", source, model, messages, "userMessages",
      "inputTokens", "cachedInputTokens", "outputTokens"
    from (${aggregate(source, 0, upto, undefined, days)}) x`);
  return dirty.length;
}

/** The roll-up's rows: only SQL here (stats-rollup.ts decides when to roll). */
export function rollupRepo(db: Db) {
  return {
    /** Whether a day of the roll-up waits to be rewritten (see repair). */
    async hasDirty() {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from stat_dirty_days`),
      );
      return Number(row?.n ?? 0) > 0;
    },

    async marks(): Promise<Record<StatSource, { uptoId: number; updatedAt: Date | null }>> {
      const rows = await db.select().from(statRollupMarks);
      const of = (s: StatSource) => rows.find((r) => r.source === s);
      return {
        chat: { uptoId: of('chat')?.uptoId ?? 0, updatedAt: of('chat')?.updatedAt ?? null },
        group: { uptoId: of('group')?.uptoId ?? 0, updatedAt: of('group')?.updatedAt ?? null },
      };
    },

    /**
     * Adds the finished rows of `source` made before `before` to the roll-up, in one
     * transaction that holds the source's mark. The new mark stops below the first message
     * of today or still streaming, so the live rows after it are few and still changing.
     * Returns how many ids the mark moved and how many dirty days were rewritten.
     */
    async rollUp(source: StatSource, before: Date) {
      return db.transaction(async (tx) => {
        // One roll-up per source at a time, even before its mark row exists.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stats-rollup:${source}`}))`);
        const [mark] = rowsOf<{ upto: number }>(
          await tx.execute(
            sql`select upto_id as upto from stat_rollup_marks where source = ${source}`,
          ),
        );
        const lo = mark?.upto ?? 0;
        const repaired = await repair(tx, source, lo);
        const [edge] = rowsOf<{ cut: number | null; top: number | null }>(
          await tx.execute(sql`select
              (select min(id) from ${table(source)} where id > ${lo}
                 and (created_at >= ${before.toISOString()} or status = 'streaming')) as cut,
              (select max(id) from ${table(source)}) as top`),
        );
        const hi = edge?.cut != null ? Number(edge.cut) - 1 : Number(edge?.top ?? lo);
        // Nothing new: nothing is written (a quiet database stays unchanged).
        if (hi <= lo) return { moved: 0, repaired };
        await tx.execute(sql`insert into friend_stat_days (friend_id, day, user_id, source, model,
            messages, user_messages, input_tokens, cached_input_tokens, output_tokens)
          select "friendId", day, "userId", source, model, messages, "userMessages",
            "inputTokens", "cachedInputTokens", "outputTokens"
          from (${aggregate(source, lo, hi)}) x
          on conflict (friend_id, day, user_id, source, model) do update set
            messages = friend_stat_days.messages + excluded.messages,
            user_messages = friend_stat_days.user_messages + excluded.user_messages,
            input_tokens = friend_stat_days.input_tokens + excluded.input_tokens,
            cached_input_tokens = friend_stat_days.cached_input_tokens + excluded.cached_input_tokens,
            output_tokens = friend_stat_days.output_tokens + excluded.output_tokens`);
        await tx
          .insert(statRollupMarks)
          .values({ source, uptoId: hi })
          .onConflictDoUpdate({
            target: statRollupMarks.source,
            set: { uptoId: hi, updatedAt: sql`now()` },
          });
        return { moved: hi - lo, repaired };
      });
    },

    /**
     * One character's rows: the roll-up, and the live rows after each source's mark, in one
     * statement (one snapshot), so a roll-up committing meanwhile cannot count a row twice.
     * A dirty day (a rolled-up message deleted since) is counted from the messages instead.
     */
    async rows(friendId: number): Promise<StatRow[]> {
      const markOf = (s: StatSource) =>
        sql`coalesce((select upto_id from stat_rollup_marks where source = ${s}), 0)`;
      const dirtyOf = (s: StatSource) =>
        sql`select friend_id, day from stat_dirty_days where friend_id = ${friendId} and source = ${s}`;
      const recount = (s: StatSource) => sql`union all select day, "userId", source, model,
            messages, "userMessages", "inputTokens", "cachedInputTokens", "outputTokens"
          from (${aggregate(s, 0, markOf(s), friendId, dirtyOf(s))}) ${sql.raw(`r_${s}`)}`;
      const rows = rowsOf<StatRow>(
        await db.execute(sql`select day, user_id as "userId", source, model, messages,
            user_messages as "userMessages", input_tokens as "inputTokens",
            cached_input_tokens as "cachedInputTokens", output_tokens as "outputTokens"
          from friend_stat_days f where friend_id = ${friendId}
            and not exists (select 1 from stat_dirty_days d where d.friend_id = f.friend_id
              and d.day = f.day and d.source = f.source)
          ${recount('chat')}
          ${recount('group')}
          union all select day, "userId", source, model, messages, "userMessages", "inputTokens",
            "cachedInputTokens", "outputTokens"
          from (${aggregate('chat', markOf('chat'), null, friendId)}) c
          union all select day, "userId", source, model, messages, "userMessages", "inputTokens",
            "cachedInputTokens", "outputTokens"
          from (${aggregate('group', markOf('group'), null, friendId)}) g`),
      );
      return rows;
    },

    /** Single-chat conversations with at least one message of the user's. */
    async chatConversations(friendId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(subjects)
        .where(
          and(
            eq(subjects.friendId, friendId),
            sql`exists (select 1 from ${messages} where ${messages.subjectId} = ${subjects.id} and ${messages.role} = 'user')`,
          ),
        );
      return row?.n ?? 0;
    },

    async emails(userIds: number[], limit = 500) {
      if (!userIds.length) return [];
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(
          // One parameter however many users (a list of ids could pass the driver's limit).
          sql`${users.id} in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::int)`,
        )
        .orderBy(users.email)
        .limit(limit);
      return rows.map((r) => r.email);
    },
  };
}

export type RollupRepo = ReturnType<typeof rollupRepo>;
