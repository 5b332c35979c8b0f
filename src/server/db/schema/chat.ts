import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Citation } from '../../../protocol/actions/reading.ts';
import { friends } from './friends.ts';
import { tsvector } from './knowledge.ts';
import { users } from './users.ts';

/** A conversation subject: one user, one character, a name; with its running summary and canvas. */
export const subjects = pgTable(
  'subjects',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Older turns folded into prose, so the prompt stops growing. */
    summary: text('summary').notNull().default(''),
    /** The last message id the summary covers (0: none). */
    summarizedUpTo: integer('summarized_up_to').notNull().default(0),
    canvas: text('canvas').notNull().default(''),
    canvasBackup: text('canvas_backup').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped when a message is added: the sidebar lists recent subjects first. */
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subjects_user_friend_name_idx').on(t.userId, t.friendId, sql`lower(${t.name})`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull().default(''),
    img: text('img'),
    speaker: text('speaker').notNull().default(''),
    model: text('model').notNull().default(''),
    /** done, streaming or failed. */
    status: text('status').notNull().default('done'),
    /** Why a failed reply failed, in words for the reader; null: the client says it could not answer. */
    error: text('error'),
    /** Answers that only carried a marker (new subject, navigation) are not shown. */
    hidden: boolean('hidden').notNull().default(false),
    /**
     * Regenerated answers: the id of the group's first answer (null on that first one and on
     * every other message). A group's answers follow each other, right after their question.
     */
    variantOf: integer('variant_of'),
    /** The answer of its group the conversation goes on from (one per group); true elsewhere. */
    chosen: boolean('chosen').notNull().default(true),
    /**
     * The words the conversation search finds it by (knowledge/text-search.ts lexemes), made
     * by the first search after the message is final; null until then and after its text
     * changes (chat.repo clears it), so a stream's many writes never re-index it.
     */
    words: tsvector('words'),
    /** The passages the answer cites by `[n]` (reading/citations.ts); null: none. */
    citations: jsonb('citations').$type<Citation[]>(),
    inputTokens: integer('input_tokens').notNull().default(0),
    cachedInputTokens: integer('cached_input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The instance writing it while it streams (instances.id); null on older rows. */
    instance: integer('instance'),
    /** A streaming reply's heartbeat: a stale one was cut off by a stopped server. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_subject_idx').on(t.subjectId, t.id),
    // The sweep looks for replies still streaming: few rows, found without a scan.
    index('messages_streaming_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'streaming'`),
  ],
);

/** What a character learned about a user, updated after turns. */
export const memories = pgTable(
  'memories',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    memory: text('memory').notNull().default(''),
    /** The last message id the memory has seen. */
    seenUpTo: integer('seen_up_to').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
);

/** The user's notes about themselves for one character (general notes are users.notes). */
export const friendNotes = pgTable(
  'friend_notes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    notes: text('notes').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
);

/**
 * One fact a character learned about a user, with the message it was learned from (null when
 * the reader typed it, or that message is gone). `memories.memory` holds the facts joined,
 * one a line, for spec clients (GetSetMemory) and for the prompt.
 */
export const memoryFacts = pgTable(
  'memory_facts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('memory_facts_user_friend_idx').on(t.userId, t.friendId, t.id)],
);
