import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { friends } from './friends.ts';
import { users } from './users.ts';

/**
 * A reader's spoiler horizon with a character: the last chapter they have read. Retrieval
 * never returns passages of later chapters to them, and the prompt says not to tell them.
 */
export const readingHorizons = pgTable(
  'reading_horizons',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => friends.id, { onDelete: 'cascade' }),
    chapter: integer('chapter').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
);
