import {
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One row per model call (chat, image, speech, transcription, embedding): what billing and
 * analytics read. Counts a provider did not report stay null, not 0, so a sum can tell
 * "nothing used" from "not known".
 */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: serial('id').primaryKey(),
    /** Null for calls no user asked for (background work) and after the user is deleted. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** chat | image | speech | transcription | embedding */
    kind: text('kind').notNull(),
    /** openai | google | anthropic | compatible | offline */
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    tokensIn: integer('tokens_in'),
    tokensCached: integer('tokens_cached'),
    tokensOut: integer('tokens_out'),
    images: integer('images'),
    audioSeconds: doublePrecision('audio_seconds'),
    chars: integer('chars'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('usage_events_user_at_idx').on(t.userId, t.at),
    index('usage_events_at_idx').on(t.at),
  ],
);
