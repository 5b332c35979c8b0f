import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters of rate-limiter-flexible's Drizzle store (infra/rate-limit.ts), in the
 * shape its documentation gives: one row per key, the points counted in its window and when
 * the window ends. Nothing reads it back but the limiter. Created by a migration, so
 * instances starting together never race to create it.
 */
export const rateLimiterFlexible = pgTable('rate_limiter_flexible', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
});
