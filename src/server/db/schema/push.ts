import {
  boolean,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Web Push subscriptions (UpdateFCMToken): one per browser a user turned notifications on
 * in. `udid` is a random id the browser keeps, so a renewed subscription replaces its
 * predecessor. Removed on sign-out and when the push service says it is gone (404/410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    udid: text('udid').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    uniqueIndex('push_subscriptions_user_udid_idx').on(t.userId, t.udid),
  ],
);

/** What a user wants to be told (a row only once they change something; defaults below). */
export const pushSettings = pgTable('push_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** An answer finished while the user was away (on by default). */
  turn: boolean('turn').notNull().default(true),
  /** An image generation finished. */
  image: boolean('image').notNull().default(false),
  /** A character was shared with them. */
  shared: boolean('shared').notNull().default(false),
});
