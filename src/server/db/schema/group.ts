import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { friends } from './friends.ts';
import { users } from './users.ts';

/** A user's group chat (one per user): which characters are ticked. */
export const groupChats = pgTable('group_chats', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The ticked characters' public ids, in the order the user ticked them. */
  friendids: text('friendids')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Per character (row id): the last group line its memory of this user has read. */
  memorySeen: jsonb('memory_seen').$type<Record<string, number>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The group conversation: the user's messages and each character's answers. The columns the
 * reply runner reads and writes are those of `messages`, so the same runner streams them.
 */
export const groupMessages = pgTable(
  'group_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The character that spoke (null on the user's messages). */
    friendId: integer('friend_id').references(() => friends.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull().default(''),
    speaker: text('speaker').notNull().default(''),
    model: text('model').notNull().default(''),
    /** done, streaming or failed. */
    status: text('status').notNull().default('done'),
    error: text('error'),
    inputTokens: integer('input_tokens').notNull().default(0),
    cachedInputTokens: integer('cached_input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The instance writing it while it streams (instances.id); null on older rows. */
    instance: integer('instance'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('group_messages_user_idx').on(t.userId, t.id),
    index('group_messages_streaming_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'streaming'`),
  ],
);
