import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { friends } from './friends.ts';

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
