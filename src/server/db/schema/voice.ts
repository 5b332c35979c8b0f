import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the speech cache holds in storage (`speech/…` objects, voice.service.ts): one row per
 * stored clip, with its size and when it was last played, so the cache sweep can drop clips
 * nobody played for SPEECH_CACHE_DAYS and the least recently played beyond
 * SPEECH_CACHE_MAX_MB without listing the store.
 */
export const speechCache = pgTable(
  'speech_cache',
  {
    /** The storage key (`speech/ab/ab12….mp3`). */
    key: text('key').primaryKey(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('speech_cache_used_at_idx').on(t.usedAt)],
);
