import type { Lang } from '../../protocol/errors.ts';
import { DirectPaths } from '../../protocol/direct.ts';
import { hashToken, newToken } from '../infra/secrets.ts';
import { msg } from '../wording.ts';
import type { PaymentEvent, Payments, VerifiedEvent } from './payments.ts';

/**
 * The built-in payment provider: no keys, no network. Its "payment page" is ours, shown in
 * the buy screen's frame and marked as a test; the buyer picks the outcome, and that choice
 * goes through the same stored-event path as a provider's webhook.
 */
export function sandboxPayments(): Payments {
  return {
    provider: 'sandbox',
    frameOrigins: [],
    async checkout(req) {
      // The key is the page's capability: only whoever got this answer can confirm the order.
      const key = newToken();
      const url = `${DirectPaths.paymentSandbox}?order=${req.orderId}&key=${encodeURIComponent(key)}&lang=${req.lang}`;
      return { url, sessionRef: sandboxSessionRef(key) };
    },
    // Nothing outside may tell the sandbox that something was paid.
    async verifyWebhook() {
      return { rejected: 'sandbox', detail: 'the sandbox takes no notifications from outside' };
    },
    async interpret(payload) {
      return payload as PaymentEvent;
    },
    async embedded() {
      return null;
    },
    async cancelSubscription() {},
    async portalUrl() {
      return null;
    },
  };
}

export const sandboxSessionRef = (key: string) => `sandbox:${hashToken(key)}`;

export type SandboxChoice = 'success' | 'cancel' | 'failure';

/** The event the buyer's choice stands for (what a provider's webhook would say). */
export function sandboxEvent(
  order: { id: number; monthly: boolean },
  choice: SandboxChoice,
  now: Date,
  periodEnd: Date,
): VerifiedEvent {
  const eventId = `sandbox:${order.id}:${choice}`;
  if (choice === 'cancel')
    return {
      eventId,
      type: 'sandbox.cancel',
      payload: { kind: 'order.cancelled', orderId: order.id } satisfies PaymentEvent,
    };
  if (choice === 'failure')
    return {
      eventId,
      type: 'sandbox.failure',
      payload: { kind: 'order.failed', orderId: order.id } satisfies PaymentEvent,
    };
  return {
    eventId,
    type: 'sandbox.paid',
    payload: {
      kind: 'order.paid',
      orderId: order.id,
      paymentRef: `sb_${order.id}_${now.getTime().toString(36)}`,
      invoice: `SB-${String(order.id).padStart(6, '0')}`,
      invoiceUrl: `${DirectPaths.paymentInvoice}?order=${order.id}`,
      ...(order.monthly
        ? {
            subscription: {
              externalId: `sbsub_${order.id}`,
              customerRef: null,
              periodEnd: periodEnd.toISOString(),
            },
          }
        : {}),
    } satisfies PaymentEvent,
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const shekels = (agorot: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'en' ? 'en-IL' : 'he-IL', {
    style: 'currency',
    currency: 'ILS',
  }).format(agorot / 100);

function page(lang: Lang, title: string, body: string): string {
  const dir = lang === 'he' ? 'rtl' : 'ltr';
  return `<!doctype html>
<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:1rem;background:#fff8e1;color:#222}
.test{background:#e65100;color:#fff;font-weight:700;padding:.5rem 1rem;border-radius:6px;display:inline-block}
h1{font-size:1.3rem} p{line-height:1.6}
.choices{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
button{font:inherit;padding:.7rem 1.2rem;border-radius:6px;border:1px solid #888;cursor:pointer}
.ok{background:#2e7d32;color:#fff;border-color:#2e7d32} .fail{background:#c62828;color:#fff;border-color:#c62828}
table{border-collapse:collapse;margin-top:1rem} td{padding:.3rem .8rem;border-bottom:1px solid #ddd}
</style></head><body>${body}</body></html>`;
}

/** The sandbox's payment page, inside the buy screen's frame. */
export function sandboxPage(
  lang: Lang,
  o: { order: number; key: string; item: string; price: number },
): string {
  const title = msg('sandboxTitle', lang);
  return page(
    lang,
    title,
    `<p class="test" data-testid="sandbox-banner">${escapeHtml(title)}</p>
<h1>${escapeHtml(msg('sandboxOrder', lang, { order: String(o.order), item: o.item, price: shekels(o.price, lang) }))}</h1>
<p>${escapeHtml(msg('sandboxNotice', lang))}</p>
<form method="post" action="${DirectPaths.paymentSandboxConfirm}" target="_top">
<input type="hidden" name="order" value="${o.order}"><input type="hidden" name="key" value="${escapeHtml(o.key)}">
<div class="choices">
<button class="ok" type="submit" name="choice" value="success">${escapeHtml(msg('sandboxPay', lang))}</button>
<button type="submit" name="choice" value="cancel">${escapeHtml(msg('sandboxCancel', lang))}</button>
<button class="fail" type="submit" name="choice" value="failure">${escapeHtml(msg('sandboxFail', lang))}</button>
</div></form>`,
  );
}

export function sandboxGonePage(lang: Lang): string {
  return page(lang, msg('sandboxTitle', lang), `<p>${escapeHtml(msg('sandboxGone', lang))}</p>`);
}

/** A simple invoice for a paid sandbox order. */
export function invoicePage(
  lang: Lang,
  o: { invoice: string; order: number; date: Date; item: string; price: number; email: string },
): string {
  const title = msg('invoiceTitle', lang, { invoice: o.invoice });
  return page(
    lang,
    title,
    `<p class="test">${escapeHtml(msg('sandboxTitle', lang))}</p><h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(
      msg('invoiceLines', lang, {
        order: String(o.order),
        date: o.date.toISOString().slice(0, 10),
        item: o.item,
        price: shekels(o.price, lang),
        email: o.email,
      }),
    )}</p>`,
  );
}
