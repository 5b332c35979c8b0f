import type { Lang } from '../../protocol/errors.ts';

/**
 * What a provider tells us, in our words. Each provider turns its own notifications into
 * these; one handler (billing.service `handleEvent`) applies them, whoever sent them.
 */
export type PaymentEvent =
  | {
      kind: 'order.paid';
      orderId: number;
      paymentRef: string;
      invoice: string | null;
      invoiceUrl: string | null;
      subscription?: { externalId: string; customerRef: string | null; periodEnd: string };
    }
  | { kind: 'order.cancelled'; orderId: number }
  | { kind: 'order.failed'; orderId: number | null }
  | {
      kind: 'subscription.renewed';
      externalId: string;
      paymentRef: string;
      invoice: string | null;
      invoiceUrl: string | null;
      amountAgorot: number;
      periodEnd: string;
    }
  | { kind: 'subscription.payment_failed'; externalId: string }
  | { kind: 'subscription.ended'; externalId: string }
  | { kind: 'ignored' };

/**
 * A verified notification: the provider's event id (the idempotency key), its type, and what
 * is stored: the provider's own event (read by `interpret` in the job) or, from the sandbox,
 * a PaymentEvent already.
 */
export interface VerifiedEvent {
  eventId: string;
  type: string;
  payload: unknown;
}

/**
 * Why a notification was refused (the metric's `reason` label; a bounded set):
 * `signature_mismatch` is a wrong STRIPE_WEBHOOK_SECRET or a forged request, which look alike.
 */
export type WebhookRejection =
  | 'sandbox'
  | 'no_secret'
  | 'no_signature'
  | 'malformed_signature'
  | 'signature_mismatch'
  | 'stale'
  | 'unreadable';

/** A notification verified, or why not (`detail`: the provider's words, never a secret). */
export type WebhookCheck =
  { event: VerifiedEvent } | { rejected: WebhookRejection; detail: string };

export interface CheckoutRequest {
  orderId: number;
  amountAgorot: number;
  monthly: boolean;
  type: { id: number; name: string; stripePriceId: string | null };
  email: string;
  lang: Lang;
}

/** The payment provider (built-in sandbox, or Stripe), chosen once from configuration. */
export interface Payments {
  readonly provider: 'sandbox' | 'stripe';
  /** The origin the payment frame loads from, for the CSP (null: our own). */
  readonly frameOrigins: string[];
  /** Opens a payment for an order: the page for the buy screen's frame, and its session. */
  checkout(req: CheckoutRequest): Promise<{ url: string; sessionRef: string }>;
  /** Verifies a notification's signature over the raw body; says why when it does not verify. */
  verifyWebhook(raw: string, signature: string | undefined): Promise<WebhookCheck>;
  /** What a stored notification means (may ask the provider for details: runs in the job). */
  interpret(payload: unknown): Promise<PaymentEvent>;
  /** For an embedded checkout page: what Stripe.js needs to show the session (null: none). */
  embedded(sessionRef: string): Promise<{ publishableKey: string; clientSecret: string } | null>;
  /** Stops a monthly subscription's future charges at the provider. */
  cancelSubscription(externalId: string): Promise<void>;
  /** The provider's page where the customer manages the card (null: none). */
  portalUrl(customerRef: string, returnUrl: string): Promise<string | null>;
}
