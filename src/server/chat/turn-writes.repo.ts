import { getTableColumns, sql } from 'drizzle-orm';
import { debitSql } from '../billing/credits.repo.ts';
import { statement } from '../db/statement.ts';
import { creditHolds, messages } from '../db/schema.ts';
import type { MessageRow } from './chat.repo.ts';

/**
 * The prepared statements of a turn's writes (chatRepo.insertTurn, finishReply), as
 * open-turn.repo.ts holds its first read.
 */

const messageColumns = Object.entries(getTableColumns(messages));

/** A `messages` row as the driver answered it to raw SQL, as Drizzle would have mapped it. */
export function toMessageRow(raw: Record<string, unknown>): MessageRow {
  const row: Record<string, unknown> = {};
  for (const [key, col] of messageColumns) {
    const v = raw[col.name];
    row[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  }
  return row as MessageRow;
}

const TURN_FIELDS = [
  'subjectId',
  'role',
  'content',
  'img',
  'speaker',
  'model',
  'status',
  'instance',
] as const;

/** The fields a turn's two new rows are stored with (the rest take their defaults). */
export type TurnRow = Pick<typeof messages.$inferInsert, (typeof TURN_FIELDS)[number]>;

/** A TurnRow as insertTurnSql's values (`prefix` + field), with the columns' defaults. */
export const turnValues = (prefix: string, m: TurnRow) => {
  const d = { content: '', img: null, speaker: '', model: '', status: 'done', instance: null };
  const out: Record<string, unknown> = {};
  for (const k of TURN_FIELDS) out[prefix + k] = m[k] ?? d[k as keyof typeof d] ?? null;
  return out;
};

/** What a streamed answer is stored with when it ends (chatRepo.finishReply). */
export type FinishedReply = Pick<
  typeof messages.$inferSelect,
  | 'content'
  | 'hidden'
  | 'citations'
  | 'model'
  | 'inputTokens'
  | 'cachedInputTokens'
  | 'outputTokens'
>;

export const finishReplySql = statement((v) => {
  const p = (k: keyof FinishedReply | 'id') => v(k);
  // New text: the search index (words) is remade by the next search.
  return sql`update ${messages} set content = ${p('content')}::text, status = 'done',
    hidden = ${p('hidden')}::boolean, citations = ${p('citations')}::jsonb,
    model = ${p('model')}::text, input_tokens = ${p('inputTokens')}::int,
    cached_input_tokens = ${p('cachedInputTokens')}::int,
    output_tokens = ${p('outputTokens')}::int, words = null, updated_at = now()
    where id = ${p('id')}::int returning *`;
});

/**
 * insertTurn's statement with a hold (AskFriend's, so prepared once). The rows go in in the
 * order of their values (the question first, so the lower id); the hold takes the larger id,
 * the reply's, and only when both rows were stored. The hold is what the debit took (debitSql).
 */
export const insertTurnSql = statement((v) => {
  const value = (ord: number, prefix: string) => {
    const p = (k: (typeof TURN_FIELDS)[number]) => v(prefix + k);
    return sql`(${sql.raw(String(ord))}, ${p('subjectId')}::int, ${p('role')}::text,
      ${p('content')}::text, ${p('img')}::text, ${p('speaker')}::text, ${p('model')}::text,
      ${p('status')}::text, ${p('instance')}::int)`;
  };
  return sql`
    with ${debitSql(v('userId'), v('amount'), v('need'))},
    turn as (
      insert into ${messages} (subject_id, role, content, img, speaker, model, status, instance)
      select v.subject_id, v.role, v.content, v.img, v.speaker, v.model, v.status, v.instance
      from (values ${value(1, 'u')}, ${value(2, 'r')})
        as v(ord, subject_id, role, content, img, speaker, model, status, instance)
      where exists (select 1 from debited)
      order by v.ord
      returning *
    ),
    held as (
      insert into ${creditHolds} (user_id, amount, created_at, reply_id, instance)
      select ${v('userId')}::int, (select take from debited),
        ${v('at')}::timestamptz, max(id), ${v('holdInstance')}::int
      from turn having count(*) = 2
      returning id, amount
    )
    select turn.*, (select id from held) as hold_id, (select amount from held) as hold_amount
    from turn order by turn.id`;
});
