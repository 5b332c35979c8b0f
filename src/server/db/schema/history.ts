import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Who read whose conversation in the history viewer, and when. E-mails and the character id
 * are kept as text, so the record outlives a deleted user or character.
 */
export const historyAudit = pgTable(
  'history_audit',
  {
    id: serial('id').primaryKey(),
    viewerId: integer('viewer_id').references(() => users.id, { onDelete: 'set null' }),
    viewerEmail: text('viewer_email').notNull(),
    targetEmail: text('target_email').notNull(),
    friendid: text('friendid').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('history_audit_at_idx').on(t.at)],
);
