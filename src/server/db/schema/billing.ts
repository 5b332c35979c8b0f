import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * What can be bought (spec part 2 §3 "Subscription type"): data, managed with
 * `npm run admin -- subscription-types …`. Prices in agorot (1/100 ₪). `id` is the spec's `type`.
 */
export const subscriptionTypes = pgTable('subscription_types', {
  id: serial('id').primaryKey(),
  /** A short stable name for the admin command and the seed (e.g. `credits-100`). */
  code: text('code').notNull().unique(),
  nameHe: text('name_he').notNull(),
  nameEn: text('name_en').notNull(),
  /** Descriptions as HTML, sanitised when saved. */
  txtHe: text('txt_he').notNull().default(''),
  txtEn: text('txt_en').notNull().default(''),
  priceAgorot: integer('price_agorot').notNull(),
  monthly: boolean('monthly').notNull().default(false),
  credits: integer('credits').notNull().default(0),
  imgcredits: integer('imgcredits').notNull().default(0),
  grantCanadd: boolean('grant_canadd').notNull().default(false),
  grantImgedit: boolean('grant_imgedit').notNull().default(false),
  /** Off: no longer sold (old orders keep pointing at it). */
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  /** Stripe's Price for this type (made by `npm run admin -- billing sync`). */
  stripePriceId: text('stripe_price_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One purchase (spec part 2 §3 "Order"), made before the payment page opens. `status`:
 * 0 waiting, 1 paid, -1 cancelled, -2 failed. `grantedAt` is set in the same transaction that
 * applies the grants, and only when it was null: a notification that arrives twice grants once.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    typeId: integer('type_id')
      .notNull()
      .references(() => subscriptionTypes.id),
    amountAgorot: integer('amount_agorot').notNull(),
    monthly: boolean('monthly').notNull().default(false),
    /** sandbox | stripe */
    provider: text('provider').notNull(),
    status: integer('status').notNull().default(0),
    /** The provider's reference of the payment (checkout session, invoice); null until paid. */
    paymentRef: text('payment_ref'),
    /** The provider's checkout session (or the sandbox's page key). */
    sessionRef: text('session_ref'),
    invoice: text('invoice'),
    invoiceUrl: text('invoice_url'),
    /** For a renewal: the subscription it renews. */
    subscriptionRef: text('subscription_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('orders_payment_ref_idx').on(t.provider, t.paymentRef),
  ],
);

/** A monthly subscription at its provider; the user's `monthly`/`duedate` mirror the active one. */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    typeId: integer('type_id')
      .notNull()
      .references(() => subscriptionTypes.id),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    customerRef: text('customer_ref'),
    /** active | cancelled | past_due */
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_subscriptions_ext_idx').on(t.provider, t.externalId),
    index('billing_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * Every provider notification, verified, stored before it is handled (as a job): the same
 * event id twice is stored once and handled once; an event naming no known order stays here
 * with its outcome.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** What handling did: granted, duplicate, unknown-order, ignored, … */
    outcome: text('outcome'),
  },
  (t) => [uniqueIndex('payment_events_event_idx').on(t.provider, t.eventId)],
);

/**
 * Credits set aside when a turn starts, settled when it finishes (in the usage record's
 * transaction) or released by a sweep when it never did: concurrent turns cannot all spend
 * the same last credits.
 */
export const creditHolds = pgTable(
  'credit_holds',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    replyId: integer('reply_id'),
    /** The instance running the turn (instances.id): if it dies, the hold goes back. */
    instance: integer('instance'),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_holds_reply_idx').on(t.replyId),
    index('credit_holds_at_idx').on(t.createdAt),
  ],
);

/** The free allowance, given once per user (the first time billing sees them). */
export const freeAllowances = pgTable('free_allowances', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  credits: integer('credits').notNull(),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
});
