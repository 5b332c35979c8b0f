import sanitizeHtml from 'sanitize-html';
import type { OrderStatusAnswer, PayAnswer, PaymentRequest } from '../../protocol/direct.ts';
import type { OrderEntry, SubscriptionType } from '../../protocol/entities.ts';
import { ErrorCode, type Lang } from '../../protocol/errors.ts';
import type { Deps } from '../deps.ts';
import { refusal } from '../errors.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';
import type { OrderRow, TypeRow } from './billing.repo.ts';
import { OrderStatus } from './order-status.ts';
import type { PaymentEvent, VerifiedEvent } from './payments.ts';
import { sandboxEvent, sandboxSessionRef, type SandboxChoice } from './sandbox.ts';

export const PAYMENT_EVENT_JOB = 'payment-event';

const fmt = (d: Date | null) => (d ? d.toISOString().slice(0, 19).replace('T', ' ') : '');

/** Descriptions are admin-written HTML; only simple formatting reaches the browser. */
export const cleanHtml = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: ['p', 'b', 'strong', 'i', 'em', 'u', 'br', 'ul', 'ol', 'li', 'span'],
    allowedAttributes: {},
  });

export function typeEntry(t: TypeRow, lang: Lang): SubscriptionType {
  const txt = cleanHtml(t.txtHe);
  const txtEn = cleanHtml(t.txtEn);
  return {
    type: t.id,
    name: lang === 'en' ? t.nameEn : t.nameHe,
    txt,
    txt_en: txtEn,
    description: lang === 'en' ? txtEn : txt,
    price: t.priceAgorot,
    monthly: t.monthly ? 1 : 0,
    credits: t.credits,
    imgcredits: t.imgcredits,
    canadd: t.grantCanadd ? 1 : 0,
    imgedit: t.grantImgedit ? 1 : 0,
  };
}

const oneMonthAfter = (d: Date) => {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

export function billingService(deps: Deps, repos: Pick<Repos, 'billing' | 'users'>) {
  const { billing: repo, users } = repos;
  const payments = deps.payments;

  /** The caller's own order, or NOT_FOUND (another user's order is as good as absent). */
  async function requireOwnOrder(orderId: number, ctx: Ctx): Promise<OrderRow> {
    const me = requireUser(ctx);
    const order = await repo.orderById(orderId);
    if (!order || order.userId !== me.id) throw refusal(ErrorCode.NOT_FOUND, 'orderNotFound');
    return order;
  }

  async function types(ctx: Ctx, forUserId: number | null) {
    const rows = await repo.types({ activeOnly: true });
    // Monthly types are hidden while the buyer already has an active subscription.
    const active = forUserId ? await repo.activeSubscriptionOf(forUserId) : undefined;
    return rows.filter((t) => !(active && t.monthly)).map((t) => typeEntry(t, ctx.lang));
  }

  async function status(userId: number, lang: Lang) {
    const u = await users.byId(userId);
    const active = await repo.activeSubscriptionOf(userId);
    return {
      monthly: active && u?.monthly ? 1 : 0,
      duedate: active && u?.monthly ? fmt(u.duedate) : '',
      name: active ? (lang === 'en' ? active.type.nameEn : active.type.nameHe) : '',
      active,
    };
  }

  async function applyEvent(provider: string, event: PaymentEvent): Promise<string> {
    const now = deps.clock.now();
    switch (event.kind) {
      case 'order.paid': {
        const order = await repo.orderById(event.orderId);
        if (!order || order.provider !== provider) return 'unknown-order';
        const done = await repo.grant({
          orderId: order.id,
          paymentRef: event.paymentRef,
          invoice: event.invoice,
          invoiceUrl: event.invoiceUrl,
          paidAt: now,
          subscription: event.subscription
            ? { ...event.subscription, periodEnd: new Date(event.subscription.periodEnd) }
            : undefined,
        });
        if (!done) return 'duplicate';
        deps.domain.emit('order.paid', {
          userId: done.order.userId,
          orderId: done.order.id,
          amountAgorot: done.order.amountAgorot,
          at: now.toISOString(),
        });
        return 'granted';
      }
      case 'order.cancelled':
      case 'order.failed': {
        if (event.orderId === null) return 'ignored';
        const order = await repo.orderById(event.orderId);
        if (!order || order.provider !== provider) return 'unknown-order';
        const closed = await repo.closeOrder(
          order.id,
          event.kind === 'order.cancelled' ? OrderStatus.cancelled : OrderStatus.failed,
        );
        return closed ? event.kind.slice(6) : 'duplicate';
      }
      case 'subscription.renewed': {
        const sub = await repo.subscriptionByExternal(provider, event.externalId);
        if (!sub) return 'unknown-subscription';
        if (await repo.orderByPaymentRef(provider, event.paymentRef)) return 'duplicate';
        const order = await repo.createOrder({
          userId: sub.userId,
          typeId: sub.typeId,
          amountAgorot: event.amountAgorot,
          monthly: true,
          provider,
        });
        const done = await repo.grant({
          orderId: order.id,
          paymentRef: event.paymentRef,
          invoice: event.invoice,
          invoiceUrl: event.invoiceUrl,
          paidAt: now,
          subscription: {
            externalId: event.externalId,
            customerRef: sub.customerRef,
            periodEnd: new Date(event.periodEnd),
          },
        });
        if (!done) return 'duplicate';
        deps.domain.emit('order.paid', {
          userId: sub.userId,
          orderId: order.id,
          amountAgorot: order.amountAgorot,
          at: now.toISOString(),
        });
        return 'renewed';
      }
      case 'subscription.payment_failed':
      case 'subscription.ended': {
        const sub = await repo.subscriptionByExternal(provider, event.externalId);
        if (!sub) return 'unknown-subscription';
        await repo.endSubscription(
          sub.id,
          event.kind === 'subscription.ended' ? 'cancelled' : 'past_due',
        );
        return event.kind === 'subscription.ended' ? 'ended' : 'past-due';
      }
      case 'ignored':
        return 'ignored';
    }
  }

  const service = {
    async subscriptionTypes(ctx: Ctx) {
      return {
        types: await types(ctx, ctx.user?.id ?? null),
        sandbox: payments.provider === 'sandbox' ? 1 : 0,
      };
    },

    async orderHistory(ctx: Ctx) {
      const me = requireUser(ctx);
      const rows = await repo.ordersOf(me.id);
      const orders: OrderEntry[] = rows.map(({ order, type }) => ({
        order: order.id,
        tm: order.createdAt.toISOString(),
        price: order.amountAgorot,
        item: ctx.lang === 'en' ? type.nameEn : type.nameHe,
        status: order.status,
        invoice: order.invoice ?? '',
        invurl: order.invoiceUrl ?? '',
      }));
      const s = await status(me.id, ctx.lang);
      return { orders, monthly: s.monthly, duedate: s.duedate };
    },

    async subscriptionStatus(ctx: Ctx) {
      const me = requireUser(ctx);
      const s = await status(me.id, ctx.lang);
      return {
        monthly: s.monthly,
        duedate: s.duedate,
        name: s.name,
        portal: s.active?.sub.customerRef && payments.provider === 'stripe' ? 1 : 0,
      };
    },

    async cancelSubscription(ctx: Ctx) {
      const me = requireUser(ctx);
      const s = await status(me.id, ctx.lang);
      if (!s.active) throw refusal(ErrorCode.NOT_FOUND, 'noSubscription');
      if (s.active.sub.provider === payments.provider) {
        await payments.cancelSubscription(s.active.sub.externalId);
      }
      await repo.endSubscription(s.active.sub.id, 'cancelled');
      return { monthly: 0, duedate: '' };
    },

    async portal(ctx: Ctx) {
      const me = requireUser(ctx);
      const s = await status(me.id, ctx.lang);
      const customer = s.active?.sub.customerRef;
      const url = customer
        ? await payments.portalUrl(customer, `${deps.config.publicUrl}/edituser`)
        : null;
      if (!url) throw refusal(ErrorCode.NOT_CONFIGURED, 'noPortal');
      return { url };
    },

    /** The payment endpoint (spec part 2 §7): getsubscriptiontypes, orderstatus, pay. */
    async payment(
      input: Extract<PaymentRequest, object> & { action: string },
      ctx: Ctx,
    ): Promise<Record<string, unknown>> {
      const me = requireUser(ctx);
      if (input.action === 'getsubscriptiontypes') {
        return { types: await types(ctx, me.id) };
      }
      if (input.action === 'orderstatus') {
        const order = await requireOwnOrder(Number(input.order), ctx);
        const type = await repo.typeById(order.typeId);
        const out: Omit<OrderStatusAnswer, 'Error'> = {
          order: order.id,
          status: order.status,
          paymentref: order.paymentRef ?? '',
          invoice: order.invoice ?? '',
          invurl: order.invoiceUrl ?? '',
          item: type ? (ctx.lang === 'en' ? type.nameEn : type.nameHe) : '',
          price: order.amountAgorot,
        };
        return out;
      }
      const type = await repo.typeById(Number((input as { type: number }).type));
      if (!type || !type.active) throw refusal(ErrorCode.NOT_FOUND, 'typeNotFound');
      if (type.monthly && (await repo.activeSubscriptionOf(me.id)))
        throw refusal(ErrorCode.CONFLICT, 'alreadyMonthly');
      // The order exists before the payment page opens: whatever happens there, it is known.
      const order = await repo.createOrder({
        userId: me.id,
        typeId: type.id,
        amountAgorot: type.priceAgorot,
        monthly: type.monthly,
        provider: payments.provider,
      });
      let page;
      try {
        page = await payments.checkout({
          orderId: order.id,
          amountAgorot: type.priceAgorot,
          monthly: type.monthly,
          type: {
            id: type.id,
            name: ctx.lang === 'en' ? type.nameEn : type.nameHe,
            stripePriceId: type.stripePriceId,
          },
          email: me.email,
          lang: ctx.lang,
        });
      } catch (err) {
        ctx.log.error({ err, order: order.id }, 'payment page could not be opened');
        await repo.closeOrder(order.id, OrderStatus.failed);
        throw refusal(ErrorCode.UPSTREAM, 'paymentInitError');
      }
      await repo.setOrderSession(order.id, page.sessionRef);
      const out: Omit<PayAnswer, 'Error'> = {
        url: page.url,
        order: order.id,
        sandbox: payments.provider === 'sandbox' ? 1 : 0,
      };
      return out;
    },

    /**
     * A verified notification: stored once (its event id is the key), then handled as a
     * durable job. A second delivery of the same event is answered and changes nothing.
     */
    async receive(provider: string, v: VerifiedEvent): Promise<{ id: number } | null> {
      const row = await repo.recordEvent({
        provider,
        eventId: v.eventId,
        type: v.type,
        payload: v.payload,
      });
      if (!row) return null;
      await deps.jobs.send(PAYMENT_EVENT_JOB, { id: row.id }, { singletonKey: String(row.id) });
      return { id: row.id };
    },

    /** The job: applies one stored event; running it again finds it done. */
    async handleEvent(id: number): Promise<string | null> {
      const row = await repo.eventById(id);
      if (!row || row.processedAt) return null;
      const event =
        row.provider === 'sandbox'
          ? (row.payload as PaymentEvent)
          : await payments.interpret(row.payload);
      const outcome = await applyEvent(row.provider, event);
      await repo.finishEvent(id, outcome, deps.clock.now());
      if (outcome === 'unknown-order' || outcome === 'unknown-subscription')
        deps.log.warn({ event: row.eventId, type: row.type }, `payment event: ${outcome}`);
      return outcome;
    },

    /** The sandbox page of the caller's own waiting order, opened with its key; else null. */
    async sandboxOrder(orderId: number, key: string, ctx: Ctx) {
      const order = await requireOwnOrder(orderId, ctx);
      if (order.provider !== 'sandbox' || order.sessionRef !== sandboxSessionRef(key)) {
        throw refusal(ErrorCode.NOT_FOUND, 'orderNotFound');
      }
      if (order.status !== OrderStatus.waiting) return null;
      const type = await repo.typeById(order.typeId);
      return {
        order: order.id,
        item: type ? (ctx.lang === 'en' ? type.nameEn : type.nameHe) : '',
        price: order.amountAgorot,
      };
    },

    /**
     * The buyer's choice on the sandbox page: authorised by the order's key (a form post
     * cannot carry the XSRF header), stored and handled like a provider's notification.
     * Handled at once as well, so the thank-you page finds the order paid; the queued job
     * then finds it done.
     */
    async sandboxConfirm(orderId: number, key: string, choice: SandboxChoice) {
      const order = await repo.orderById(orderId);
      if (
        !order ||
        payments.provider !== 'sandbox' ||
        order.provider !== 'sandbox' ||
        order.sessionRef !== sandboxSessionRef(key)
      ) {
        throw refusal(ErrorCode.NOT_FOUND, 'orderNotFound');
      }
      if (order.status === OrderStatus.waiting) {
        const now = deps.clock.now();
        const stored = await service.receive(
          'sandbox',
          sandboxEvent(order, choice, now, oneMonthAfter(now)),
        );
        if (stored) await service.handleEvent(stored.id);
      }
      return order.id;
    },

    /** Stripe's embedded Checkout of the caller's own waiting order; null once it is closed. */
    async checkoutPage(orderId: number, ctx: Ctx) {
      const order = await requireOwnOrder(orderId, ctx);
      if (order.provider !== payments.provider || !order.sessionRef)
        throw refusal(ErrorCode.NOT_FOUND, 'orderNotFound');
      if (order.status !== OrderStatus.waiting) return null;
      return payments.embedded(order.sessionRef);
    },

    /** A paid order's invoice data, for its buyer only. */
    async invoice(orderId: number, ctx: Ctx) {
      const me = requireUser(ctx);
      const order = await requireOwnOrder(orderId, ctx);
      if (order.status !== OrderStatus.paid || !order.invoice)
        throw refusal(ErrorCode.NOT_FOUND, 'orderNotFound');
      const type = await repo.typeById(order.typeId);
      return {
        invoice: order.invoice,
        order: order.id,
        date: order.paidAt ?? order.createdAt,
        item: type ? (ctx.lang === 'en' ? type.nameEn : type.nameHe) : '',
        price: order.amountAgorot,
        email: me.email,
      };
    },
  };
  deps.jobs.define<{ id: number }>(
    PAYMENT_EVENT_JOB,
    async ({ id }) => {
      await service.handleEvent(id);
    },
    { retryLimit: 5, retryDelaySeconds: 5 },
  );
  return service;
}
