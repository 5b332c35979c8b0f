import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { friends } from './friends.ts';
import { users } from './users.ts';

/**
 * The cached analysis of a character's conversations, per language: computed by a job over
 * a sample that fits the model's budget, recomputed on demand.
 */
export const friendAnalyses = pgTable(
  'friend_analyses',
  {
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    /** pending | ready | failed | offline */
    state: text('state').notNull().default('pending'),
    /** Sanitised HTML. */
    summary: text('summary').notNull().default(''),
    topics: jsonb('topics').$type<string[]>().notNull().default([]),
    tone: jsonb('tone').$type<string[]>().notNull().default([]),
    inconsistencies: jsonb('inconsistencies').$type<string[]>().notNull().default([]),
    /** Messages the sample held. */
    sampled: integer('sampled').notNull().default(0),
    error: text('error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.friendId, t.lang] })],
);

/**
 * The daily roll-up of the analytics: per character, UTC day, user, source (chat | group)
 * and model, the counts and tokens of the messages up to the source's mark. The stats page
 * reads these rows plus the few live rows after the mark (see stat_rollup_marks).
 */
export const friendStatDays = pgTable(
  'friend_stat_days',
  {
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD (UTC). */
    day: text('day').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** chat | group */
    source: text('source').notNull(),
    model: text('model').notNull(),
    /** Shown messages (the user's and the character's; group: the questions it answered). */
    messages: integer('messages').notNull().default(0),
    userMessages: integer('user_messages').notNull().default(0),
    inputTokens: integer('input_tokens').notNull().default(0),
    cachedInputTokens: integer('cached_input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.friendId, t.day, t.userId, t.source, t.model] })],
);

/** How far each source is rolled up: every message with an id up to `uptoId` is counted. */
export const statRollupMarks = pgTable('stat_rollup_marks', {
  /** chat | group */
  source: text('source').primaryKey(),
  uptoId: integer('upto_id').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Days of the roll-up that no longer hold: a rolled-up message was deleted (rewind, reset, a
 * subject or account deleted) or its counted columns changed. Written by triggers in the
 * same transaction as the change (migration stat_dirty_days), so no path can forget it; the
 * stats page counts such a day from the messages, and the next roll-up rewrites it. No
 * foreign keys: a day of a character being deleted is marked while its rows go.
 */
export const statDirtyDays = pgTable(
  'stat_dirty_days',
  {
    friendId: integer('friend_id').notNull(),
    /** YYYY-MM-DD (UTC). */
    day: text('day').notNull(),
    /** chat | group */
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.friendId, t.day, t.source] })],
);
