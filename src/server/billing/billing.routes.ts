import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DirectPaths, PaymentRequest } from '../../protocol/direct.ts';
import { ErrorCode, type Lang } from '../../protocol/errors.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { callerContext, ensureXsrfCookie } from '../http/request.ts';
import { msg } from '../wording.ts';
import { failure, failureOf, pickLang } from '../rpc/dispatcher.ts';
import { describeIssues } from '../rpc/describe-issues.ts';
import type { Services } from '../services.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { Payments, WebhookRejection } from './payments.ts';
import { invoicePage, sandboxGonePage, sandboxPage } from './sandbox.ts';

/**
 * The script of the Stripe checkout and return pages: mounts Stripe's embedded Checkout, or
 * sends the whole window (not just the frame) to the order's thank-you page.
 */
const CHECKOUT_SCRIPT = `(function(){
var el=document.getElementById('checkout');
if(el){Stripe(el.dataset.pk).initEmbeddedCheckout({fetchClientSecret:function(){return Promise.resolve(el.dataset.secret)}}).then(function(c){c.mount('#checkout')});return}
var back=document.getElementById('back');if(back){window.top.location.href=back.getAttribute('href')}
})();`;

/** Stripe.js and its frames, for our checkout page only. */
const STRIPE_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'self' https://js.stripe.com; frame-src https://js.stripe.com https://checkout.stripe.com https://*.stripe.com; connect-src https://api.stripe.com https://*.stripe.com; img-src https://*.stripe.com data:; base-uri 'none'; form-action 'self'; frame-ancestors 'self'";

/** A page of ours the buy screen frames: framable by our own pages only, no script at all. */
const FRAMED_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'";

const OrderQuery = z.object({
  order: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
  key: z.string().min(10).max(200).optional(),
  lang: z.string().max(16).optional(),
});
const ConfirmForm = z.object({
  order: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
  key: z.string().min(10).max(200),
  choice: z.enum(['success', 'cancel', 'failure']),
});

function html(reply: FastifyReply, status: number, body: string, csp = FRAMED_PAGE_CSP) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'SAMEORIGIN')
    .header('content-security-policy', csp)
    .send(body);
}

/** The operator's words for a refused notification, in the log line. */
const REJECTION_TEXT: Record<WebhookRejection, string> = {
  sandbox: 'the sandbox takes no notifications (STRIPE_SECRET_KEY is not set)',
  no_secret: 'STRIPE_WEBHOOK_SECRET is not set',
  no_signature: 'no Stripe-Signature header',
  malformed_signature: 'the Stripe-Signature header cannot be read',
  signature_mismatch:
    'the signature does not match: STRIPE_WEBHOOK_SECRET is not this endpoint’s signing secret, or the request is forged',
  stale: 'the signature is older than the tolerance (a replay, or a clock far off)',
  unreadable: 'the notification cannot be read',
};

const attr = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The payment endpoints (spec part 2 §7): `POST /api/payment` (getsubscriptiontypes,
 * orderstatus, pay), the provider's webhook, and the sandbox's own page, confirmation and
 * invoice.
 */
export async function registerBillingRoutes(
  app: FastifyInstance,
  services: Services,
  config: Config,
  payments: Payments,
  metrics: Pick<Metrics, 'webhookRejected'>,
) {
  const secure = config.publicUrl.startsWith('https://');
  const json = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
    reply.status(status).send(body);
  /** The order asked for and the caller, for the pages that show one order. */
  const orderPageCaller = async (request: FastifyRequest, reply: FastifyReply) => {
    const q = OrderQuery.safeParse(request.query);
    const auth = await callerContext(services, request, reply, {
      secure,
      readOnly: true,
      rawLang: q.success ? q.data.lang : undefined,
    });
    return { q, auth };
  };

  app.post(DirectPaths.payment, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const auth = await callerContext(services, request, reply, {
      secure,
      rawLang: body.lang,
      identity: body.email,
    });
    if ('fail' in auth) return json(reply, auth.fail.status, auth.fail.body);
    const ctx = auth.ctx;
    const parsed = PaymentRequest.safeParse(body);
    if (!parsed.success) {
      // Only a string can name one: String() of a 10,000-deep array overflows the stack.
      const known =
        typeof body.action === 'string' &&
        ['getsubscriptiontypes', 'orderstatus', 'pay'].includes(body.action);
      const r = known
        ? failure(ErrorCode.BAD_INPUT, ctx.lang, describeIssues(parsed.error, body, ctx.lang))
        : failure(ErrorCode.UNKNOWN_ACTION, ctx.lang, msg('paymentUnknownAction', ctx.lang));
      return json(reply, r.status, r.body);
    }
    try {
      const out = await services.billing.payment(parsed.data, ctx);
      ensureXsrfCookie(request, reply, secure);
      return json(reply, 200, { Error: ErrorCode.OK, ...out });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const r = failureOf(err, ctx.lang);
      // A missing order is a 404 here (a direct endpoint answers with its status).
      return json(reply, err.code === ErrorCode.NOT_FOUND ? 404 : r.status, r.body);
    }
  });

  // The webhook's signature covers the exact bytes sent: this scope keeps the body as text.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(DirectPaths.paymentWebhook, async (request, reply) => {
      const lang = pickLang(undefined, null, request.headers['accept-language'] ?? '');
      const raw = typeof request.body === 'string' ? request.body : '';
      const sig = request.headers['stripe-signature'];
      const check = await payments
        .verifyWebhook(raw, typeof sig === 'string' ? sig : undefined)
        .catch((err: unknown) => ({
          rejected: 'unreadable' as const,
          detail: String((err as Error)?.message ?? err).slice(0, 500),
        }));
      if ('rejected' in check) {
        // A wrong STRIPE_WEBHOOK_SECRET refuses every real notification: the operator must be
        // able to tell it from a forgery (`npm run admin -- billing check`). Why, never the
        // secret or the signature.
        request.log.warn(
          { provider: payments.provider, reason: check.rejected, detail: check.detail },
          `payment webhook refused: ${REJECTION_TEXT[check.rejected]}`,
        );
        metrics.webhookRejected(check.rejected);
        return json(reply, 400, {
          Error: ErrorCode.BAD_INPUT,
          Errstr: msg('webhookRefused', lang),
        });
      }
      const stored = await services.billing.receive(payments.provider, check.event);
      return json(reply, 200, { Error: ErrorCode.OK, received: 1, duplicate: stored ? 0 : 1 });
    });
  });

  app.get(DirectPaths.paymentSandbox, async (request, reply) => {
    const { q, auth } = await orderPageCaller(request, reply);
    if ('fail' in auth) return json(reply, auth.fail.status, auth.fail.body);
    const ctx = auth.ctx;
    if (!q.success || !q.data.key) return html(reply, 400, sandboxGonePage(ctx.lang));
    try {
      const o = await services.billing.sandboxOrder(q.data.order, q.data.key, ctx);
      if (!o) return html(reply, 409, sandboxGonePage(ctx.lang));
      return html(reply, 200, sandboxPage(ctx.lang, { ...o, key: q.data.key }));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return html(reply, 404, sandboxGonePage(ctx.lang));
    }
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(DirectPaths.paymentSandboxConfirm, async (request, reply) => {
      const lang: Lang = pickLang(undefined, null, request.headers['accept-language'] ?? '');
      const form = ConfirmForm.safeParse(request.body);
      if (!form.success) return html(reply, 400, sandboxGonePage(lang));
      try {
        const order = await services.billing.sandboxConfirm(
          form.data.order,
          form.data.key,
          form.data.choice,
        );
        const to =
          form.data.choice === 'success'
            ? `/buy/${order}`
            : form.data.choice === 'cancel'
              ? '/subscription/cancel'
              : '/subscription/error';
        return reply.status(303).header('location', to).send();
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return html(reply, 404, sandboxGonePage(lang));
      }
    });
  });

  app.get(DirectPaths.paymentInvoice, async (request, reply) => {
    const { q, auth } = await orderPageCaller(request, reply);
    if ('fail' in auth) return json(reply, auth.fail.status, auth.fail.body);
    const ctx = auth.ctx;
    if (!q.success) return html(reply, 400, sandboxGonePage(ctx.lang));
    try {
      const inv = await services.billing.invoice(q.data.order, ctx);
      return html(reply, 200, invoicePage(ctx.lang, inv));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return html(reply, 404, sandboxGonePage(ctx.lang));
    }
  });

  app.get(DirectPaths.paymentCheckout, async (request, reply) => {
    const { q, auth } = await orderPageCaller(request, reply);
    if ('fail' in auth) return json(reply, auth.fail.status, auth.fail.body);
    const ctx = auth.ctx;
    if (!q.success) return html(reply, 400, sandboxGonePage(ctx.lang));
    try {
      const page = await services.billing.checkoutPage(q.data.order, ctx);
      if (!page) return html(reply, 409, sandboxGonePage(ctx.lang));
      return html(
        reply,
        200,
        `<!doctype html><html lang="${ctx.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Checkout</title></head>
<body style="margin:0"><div id="checkout" data-pk="${attr(page.publishableKey)}" data-secret="${attr(page.clientSecret)}"></div>
<script src="https://js.stripe.com/v3/"></script><script src="${DirectPaths.paymentScript}"></script></body></html>`,
        STRIPE_PAGE_CSP,
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return html(reply, 404, sandboxGonePage(ctx.lang));
    }
  });

  app.get(DirectPaths.paymentReturn, async (request, reply) => {
    const q = OrderQuery.safeParse(request.query);
    const lang = pickLang(undefined, null, request.headers['accept-language'] ?? '');
    if (!q.success) return html(reply, 400, sandboxGonePage(lang));
    const to = `/buy/${q.data.order}`;
    return html(
      reply,
      200,
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>…</title></head>
<body><p><a id="back" href="${to}" target="_top">${attr(to)}</a></p><script src="${DirectPaths.paymentScript}"></script></body></html>`,
      "default-src 'none'; script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
    );
  });

  app.get(DirectPaths.paymentScript, async (request, reply) => {
    if (request.url.length > DirectPaths.paymentScript.length + 100)
      return reply.status(400).send({ Error: ErrorCode.BAD_INPUT });
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(CHECKOUT_SCRIPT);
  });
}
