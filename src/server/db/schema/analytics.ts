import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Usage analytics, our own and aggregated by day: how many times each event happened
 * (page views by route, sign-ins, messages, images, purchases). No content, no user.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day').notNull(),
    /** page_view | sign_in | message_sent | image_created | purchase */
    event: text('event').notNull(),
    /** The route of a page view (`/chat`, never its parameters); '' for other events. */
    detail: text('detail').notNull().default(''),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.event, t.detail] })],
);

/**
 * Who was active on a day, to count daily active users: a hash of the day and the user (or
 * the visitor's random browser id) with a server secret, so days cannot be linked.
 */
export const analyticsActive = pgTable(
  'analytics_active',
  {
    day: date('day').notNull(),
    subject: text('subject').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.subject] })],
);

/** Users who asked not to be counted (the profile's opt-out, or a Do Not Track browser). */
export const analyticsOptOuts = pgTable('analytics_opt_outs', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
});
