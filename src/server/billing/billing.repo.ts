import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessionsChanged } from '../auth/session-cache.ts';
import {
  billingSubscriptions,
  orders,
  paymentEvents,
  subscriptionTypes,
  users,
} from '../db/schema.ts';
import { OrderStatus } from './order-status.ts';

export type TypeRow = typeof subscriptionTypes.$inferSelect;
export type NewTypeRow = typeof subscriptionTypes.$inferInsert;
export type OrderRow = typeof orders.$inferSelect;
export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;

/** What a paid order changes on its buyer, once. */
export interface Grant {
  orderId: number;
  paymentRef: string;
  invoice: string | null;
  invoiceUrl: string | null;
  paidAt: Date;
  /** A monthly subscription this payment starts or renews. */
  subscription?: {
    externalId: string;
    customerRef: string | null;
    periodEnd: Date;
  };
}

export function billingRepo(db: Db) {
  return {
    async types(opts: { activeOnly: boolean }): Promise<TypeRow[]> {
      return db
        .select()
        .from(subscriptionTypes)
        .where(opts.activeOnly ? eq(subscriptionTypes.active, true) : undefined)
        .orderBy(asc(subscriptionTypes.sort), asc(subscriptionTypes.id));
    },
    async typeById(id: number): Promise<TypeRow | undefined> {
      const [row] = await db.select().from(subscriptionTypes).where(eq(subscriptionTypes.id, id));
      return row;
    },
    async typeByCode(code: string): Promise<TypeRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptionTypes)
        .where(eq(subscriptionTypes.code, code));
      return row;
    },
    async upsertType(values: NewTypeRow): Promise<TypeRow> {
      const { code: _code, ...rest } = values;
      const [row] = await db
        .insert(subscriptionTypes)
        .values(values)
        .onConflictDoUpdate({ target: subscriptionTypes.code, set: rest })
        .returning();
      return row!;
    },
    async setTypeStripePrice(id: number, priceId: string): Promise<void> {
      await db
        .update(subscriptionTypes)
        .set({ stripePriceId: priceId })
        .where(eq(subscriptionTypes.id, id));
    },

    async createOrder(values: typeof orders.$inferInsert): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(values).returning();
      return row!;
    },
    async setOrderSession(id: number, sessionRef: string): Promise<void> {
      await db.update(orders).set({ sessionRef }).where(eq(orders.id, id));
    },
    async orderById(id: number): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row;
    },
    async orderByPaymentRef(provider: string, ref: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.provider, provider), eq(orders.paymentRef, ref)));
      return row;
    },
    async ordersOf(userId: number): Promise<{ order: OrderRow; type: TypeRow }[]> {
      const rows = await db
        .select({ order: orders, type: subscriptionTypes })
        .from(orders)
        .innerJoin(subscriptionTypes, eq(orders.typeId, subscriptionTypes.id))
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      return rows;
    },
    /** A waiting order ends as cancelled or failed; a paid one never changes back. */
    async closeOrder(id: number, status: number): Promise<boolean> {
      const rows = await db
        .update(orders)
        .set({ status })
        .where(and(eq(orders.id, id), eq(orders.status, OrderStatus.waiting)))
        .returning({ id: orders.id });
      return rows.length > 0;
    },

    /**
     * Marks the order paid and applies its type's grants in one transaction, only if it was
     * not granted before: answers false for a second notification of the same payment.
     */
    async grant(g: Grant): Promise<{ order: OrderRow; type: TypeRow } | null> {
      const granted = await db.transaction(async (tx) => {
        const [order] = await tx
          .update(orders)
          .set({
            status: OrderStatus.paid,
            paymentRef: g.paymentRef,
            invoice: g.invoice,
            invoiceUrl: g.invoiceUrl,
            paidAt: g.paidAt,
            grantedAt: g.paidAt,
            subscriptionRef: g.subscription?.externalId ?? null,
          })
          .where(and(eq(orders.id, g.orderId), isNull(orders.grantedAt)))
          .returning();
        if (!order) return null;
        const [type] = await tx
          .select()
          .from(subscriptionTypes)
          .where(eq(subscriptionTypes.id, order.typeId));
        await tx
          .update(users)
          .set({
            credits: sql`${users.credits} + ${type!.credits}`,
            imgcredit: sql`${users.imgcredit} + ${type!.imgcredits}`,
            ...(type!.grantCanadd ? { canadd: true } : {}),
            ...(type!.grantImgedit ? { imgedit: true } : {}),
            ...(g.subscription ? { monthly: 1, duedate: g.subscription.periodEnd } : {}),
          })
          .where(eq(users.id, order.userId));
        if (g.subscription) {
          await tx
            .insert(billingSubscriptions)
            .values({
              userId: order.userId,
              typeId: order.typeId,
              provider: order.provider,
              externalId: g.subscription.externalId,
              customerRef: g.subscription.customerRef,
              status: 'active',
              currentPeriodEnd: g.subscription.periodEnd,
            })
            .onConflictDoUpdate({
              target: [billingSubscriptions.provider, billingSubscriptions.externalId],
              set: { status: 'active', currentPeriodEnd: g.subscription.periodEnd },
            });
        }
        return { order, type: type! };
      });
      // A type may grant rights (canadd, imgedit): sessions of the buyer are read again once
      // the grant is committed, not at the end of their cached entry.
      if (granted) sessionsChanged({ userId: granted.order.userId });
      return granted;
    },

    async subscriptionByExternal(
      provider: string,
      externalId: string,
    ): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.provider, provider),
            eq(billingSubscriptions.externalId, externalId),
          ),
        );
      return row;
    },
    async activeSubscriptionOf(
      userId: number,
    ): Promise<{ sub: SubscriptionRow; type: TypeRow } | undefined> {
      const [row] = await db
        .select({ sub: billingSubscriptions, type: subscriptionTypes })
        .from(billingSubscriptions)
        .innerJoin(subscriptionTypes, eq(billingSubscriptions.typeId, subscriptionTypes.id))
        .where(
          and(eq(billingSubscriptions.userId, userId), eq(billingSubscriptions.status, 'active')),
        )
        .orderBy(desc(billingSubscriptions.id))
        .limit(1);
      return row;
    },
    /** The subscription is over (cancelled) or unpaid: its user is no longer monthly. */
    async endSubscription(id: number, status: 'cancelled' | 'past_due'): Promise<void> {
      await db.transaction(async (tx) => {
        const [sub] = await tx
          .update(billingSubscriptions)
          .set({ status })
          .where(eq(billingSubscriptions.id, id))
          .returning();
        if (!sub) return;
        await tx
          .update(users)
          .set({ monthly: 0, ...(status === 'cancelled' ? { duedate: null } : {}) })
          .where(eq(users.id, sub.userId));
      });
    },

    /** Stores a verified notification once; answers its row only the first time. */
    async recordEvent(values: {
      provider: string;
      eventId: string;
      type: string;
      payload: unknown;
    }): Promise<PaymentEventRow | null> {
      const [row] = await db
        .insert(paymentEvents)
        .values(values)
        .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
        .returning();
      return row ?? null;
    },
    async eventById(id: number): Promise<PaymentEventRow | undefined> {
      const [row] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, id));
      return row;
    },
    /** Claims an unprocessed event (first caller wins) and stores what handling did. */
    async finishEvent(id: number, outcome: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(paymentEvents)
        .set({ processedAt: at, outcome })
        .where(and(eq(paymentEvents.id, id), isNull(paymentEvents.processedAt)))
        .returning({ id: paymentEvents.id });
      return rows.length > 0;
    },
  };
}

export type BillingRepo = ReturnType<typeof billingRepo>;
