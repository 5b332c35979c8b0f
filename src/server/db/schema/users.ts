import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** E-mails are stored lower-cased (the protocol normalises them), so unique means case-insensitive. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  fullname: text('fullname').notNull().default(''),
  passwordHash: text('password_hash'),
  /** admin 0, normal 1, publisher 2 */
  usertype: integer('usertype').notNull().default(1),
  canadd: boolean('canadd').notNull().default(false),
  imgedit: boolean('imgedit').notNull().default(false),
  globalpriv: boolean('globalpriv').notNull().default(false),
  autoread: integer('autoread').notNull().default(0),
  notes: text('notes').notNull().default(''),
  monthly: integer('monthly').notNull().default(0),
  duedate: timestamp('duedate', { withTimezone: true }),
  credits: integer('credits').notNull().default(0),
  imgcredit: integer('imgcredit').notNull().default(0),
  /** Images generated so far (each used one of `imgcredit`). */
  imgcreated: integer('imgcreated').notNull().default(0),
  lang: text('lang').notNull().default('he'),
  currency: text('currency').notNull().default('ILS'),
  /** Set the first time the address is proven (a link opened, or a verified Google identity). */
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
