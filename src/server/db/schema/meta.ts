import { pgTable, text } from 'drizzle-orm/pg-core';

/** Small key/value facts about this database (e.g. which starter content was seeded). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
