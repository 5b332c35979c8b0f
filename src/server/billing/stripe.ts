import type Stripe from 'stripe';
import { DirectPaths } from '../../protocol/direct.ts';
import type { Config } from '../config.ts';
import type { PaymentEvent, Payments, WebhookCheck } from './payments.ts';

/**
 * The stripe package's client, pointed at STRIPE_API_URL when set (tests: a local fake).
 * The package (~220 modules) is loaded on first use, not at start: most servers never call it.
 */
export async function stripeClient(config: Config): Promise<Stripe> {
  const url = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  const { default: StripeClient } = await import('stripe');
  return new StripeClient(config.STRIPE_SECRET_KEY!, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'https:' ? 443 : 80),
          protocol: url.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/**
 * The event types `interpret` reads. The webhook endpoint must send the first four (README);
 * the others matter only for delayed payment methods and abandoned checkouts (`billing check`).
 */
export const STRIPE_EVENTS = {
  required: [
    'checkout.session.completed',
    'invoice.paid',
    'invoice.payment_failed',
    'customer.subscription.deleted',
  ],
  optional: [
    'checkout.session.async_payment_succeeded',
    'checkout.session.async_payment_failed',
    'checkout.session.expired',
  ],
} as const satisfies Record<string, readonly Stripe.Event.Type[]>;

const idOf = (x: string | { id: string } | null | undefined) =>
  !x ? null : typeof x === 'string' ? x : x.id;

const orderOf = (s: { client_reference_id: string | null; metadata: Stripe.Metadata | null }) => {
  const n = Number(s.client_reference_id ?? s.metadata?.order);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * Why the package refused a notification, from its error: the message is Stripe's own
 * (it never holds the secret; the header and body it also carries are left out).
 */
function rejectionOf(err: unknown): Extract<WebhookCheck, { rejected: string }> {
  const e = err as { type?: unknown; message?: unknown };
  const detail = String(e.message ?? err)
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);
  if (e.type !== 'StripeSignatureVerificationError' || detail.startsWith('No webhook payload'))
    return { rejected: 'unreadable', detail };
  if (detail.startsWith('Timestamp outside the tolerance zone'))
    return { rejected: 'stale', detail };
  if (detail.startsWith('No signatures found matching'))
    return { rejected: 'signature_mismatch', detail };
  return { rejected: 'malformed_signature', detail };
}

/**
 * Stripe: embedded Checkout for one-time purchases (payment mode, with an invoice) and for
 * monthly types (subscription mode, Billing); signed webhooks; the customer portal.
 */
export function stripePayments(config: Config): Payments {
  let client: Promise<Stripe> | null = null;
  const stripe = () => (client ??= stripeClient(config));
  const secret = config.STRIPE_WEBHOOK_SECRET ?? '';

  async function invoiceInfo(id: string | null) {
    if (!id) return { invoice: null, invoiceUrl: null };
    const inv = await (await stripe()).invoices.retrieve(id);
    return { invoice: inv.number ?? inv.id, invoiceUrl: inv.hosted_invoice_url ?? null };
  }

  async function periodEnd(subscriptionId: string): Promise<string> {
    const sub = await (await stripe()).subscriptions.retrieve(subscriptionId);
    const end = sub.items.data[0]?.current_period_end;
    return new Date((end ?? Math.floor(Date.now() / 1000) + 31 * 86400) * 1000).toISOString();
  }

  return {
    provider: 'stripe',
    // The buy screen frames our own checkout page, which frames Stripe's.
    frameOrigins: [],

    async checkout(req) {
      const session = await (
        await stripe()
      ).checkout.sessions.create({
        ui_mode: 'embedded_page',
        mode: req.monthly ? 'subscription' : 'payment',
        line_items: [
          req.type.stripePriceId
            ? { price: req.type.stripePriceId, quantity: 1 }
            : {
                quantity: 1,
                price_data: {
                  currency: 'ils',
                  unit_amount: req.amountAgorot,
                  product_data: { name: req.type.name },
                  ...(req.monthly ? { recurring: { interval: 'month' as const } } : {}),
                },
              },
        ],
        client_reference_id: String(req.orderId),
        metadata: { order: String(req.orderId) },
        customer_email: req.email,
        locale: req.lang === 'en' ? 'en' : 'auto',
        return_url: `${config.publicUrl}${DirectPaths.paymentReturn}?order=${req.orderId}`,
        ...(req.monthly
          ? { subscription_data: { metadata: { order: String(req.orderId) } } }
          : { invoice_creation: { enabled: true } }),
      });
      return {
        url: `${DirectPaths.paymentCheckout}?order=${req.orderId}&lang=${req.lang}`,
        sessionRef: session.id,
      };
    },

    async verifyWebhook(raw, signature) {
      if (!secret) return { rejected: 'no_secret', detail: 'STRIPE_WEBHOOK_SECRET is not set' };
      if (!signature) return { rejected: 'no_signature', detail: 'no Stripe-Signature header' };
      try {
        const event = await (await stripe()).webhooks.constructEventAsync(raw, signature, secret);
        return { event: { eventId: event.id, type: event.type, payload: event } };
      } catch (err) {
        return rejectionOf(err);
      }
    },

    async interpret(payload): Promise<PaymentEvent> {
      const event = payload as Stripe.Event;
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const s = event.data.object;
          const orderId = orderOf(s);
          if (orderId === null) return { kind: 'ignored' };
          if (s.payment_status !== 'paid' && s.payment_status !== 'no_payment_required')
            return { kind: 'ignored' };
          const subscriptionId = idOf(s.subscription);
          return {
            kind: 'order.paid',
            orderId,
            paymentRef: idOf(s.payment_intent as string | null) ?? s.id,
            ...(await invoiceInfo(idOf(s.invoice))),
            ...(subscriptionId
              ? {
                  subscription: {
                    externalId: subscriptionId,
                    customerRef: idOf(s.customer),
                    periodEnd: await periodEnd(subscriptionId),
                  },
                }
              : {}),
          };
        }
        case 'checkout.session.async_payment_failed':
          return { kind: 'order.failed', orderId: orderOf(event.data.object) };
        case 'checkout.session.expired':
          return { kind: 'order.cancelled', orderId: orderOf(event.data.object) ?? 0 };
        case 'invoice.paid': {
          const inv = event.data.object;
          const subscriptionId = idOf(inv.parent?.subscription_details?.subscription ?? null);
          // The first invoice of a subscription is its checkout, granted there.
          if (!subscriptionId || inv.billing_reason === 'subscription_create')
            return { kind: 'ignored' };
          const end = inv.lines.data[0]?.period?.end ?? inv.period_end + 31 * 86400;
          return {
            kind: 'subscription.renewed',
            externalId: subscriptionId,
            paymentRef: inv.id,
            invoice: inv.number ?? inv.id,
            invoiceUrl: inv.hosted_invoice_url ?? null,
            amountAgorot: inv.amount_paid,
            periodEnd: new Date(end * 1000).toISOString(),
          };
        }
        case 'invoice.payment_failed': {
          const inv = event.data.object;
          const subscriptionId = idOf(inv.parent?.subscription_details?.subscription ?? null);
          return subscriptionId
            ? { kind: 'subscription.payment_failed', externalId: subscriptionId }
            : { kind: 'ignored' };
        }
        case 'customer.subscription.deleted':
          return { kind: 'subscription.ended', externalId: event.data.object.id };
        default:
          return { kind: 'ignored' };
      }
    },

    async embedded(sessionRef) {
      const s = await (await stripe()).checkout.sessions.retrieve(sessionRef);
      if (!s.client_secret || !config.STRIPE_PUBLISHABLE_KEY) return null;
      return { publishableKey: config.STRIPE_PUBLISHABLE_KEY, clientSecret: s.client_secret };
    },

    async cancelSubscription(externalId) {
      await (await stripe()).subscriptions.cancel(externalId);
    },

    async portalUrl(customerRef, returnUrl) {
      const s = await (
        await stripe()
      ).billingPortal.sessions.create({
        customer: customerRef,
        return_url: returnUrl,
      });
      return s.url;
    },
  };
}
