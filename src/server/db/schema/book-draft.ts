import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { friendFiles } from './knowledge.ts';
import { friends } from './friends.ts';
import { users } from './users.ts';

/**
 * A job reading a book for its creator (issue 36): the listing of its characters
 * (`kind` characters) or the draft of one (`kind` draft, `name`). The durable queue carries
 * only the id; this row holds the state, the progress and what was found so far, so a
 * restart goes on from the last chapter read and a cancel is seen between chapters.
 */
export const bookJobs = pgTable(
  'book_jobs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => friendFiles.id, { onDelete: 'cascade' }),
    /** characters | draft */
    kind: text('kind').notNull(),
    /** The character drafted (draft jobs). */
    name: text('name').notNull().default(''),
    lang: text('lang').notNull().default('he'),
    /** The model that reads it (the character's, resolved when it starts; 'offline'). */
    model: text('model').notNull().default('auto'),
    /** queued | running | done | failed | cancelled */
    state: text('state').notNull().default('queued'),
    /** Steps read and to read (chapters, then the draft's own call). */
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    offline: boolean('offline').notNull().default(false),
    /** The estimate shown before it started. */
    estimate: integer('estimate').notNull().default(0),
    /** Credits charged so far. */
    charged: integer('charged').notNull().default(0),
    /** What was found so far (merged characters, or the draft). */
    result: jsonb('result'),
    /** Why it failed: a message key of the server's texts. */
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('book_jobs_user_file_idx').on(t.userId, t.fileId, t.kind)],
);
