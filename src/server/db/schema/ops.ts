import { boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The server processes sharing this database, one row per start (ops/instances.ts). A live
 * one touches `seen_at` every few seconds; one whose heartbeat stopped, or that started again
 * under the same name, is `dead`, and the replies and credit holds it held are given up
 * (`swept`) by whichever instance notices first.
 */
export const instances = pgTable('instances', {
  id: serial('id').primaryKey(),
  /** INSTANCE_NAME: the same name again means the same instance restarted. */
  name: text('name').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  dead: boolean('dead').notNull().default(false),
  swept: boolean('swept').notNull().default(false),
});
