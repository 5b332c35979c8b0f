import type Stripe from 'stripe';
import { DirectPaths } from '../../protocol/direct.ts';
import type { Config } from '../config.ts';
import { STRIPE_EVENTS, stripeClient, stripePayments } from './stripe.ts';

/** One line of the report: passed, failed, or a note that is neither. */
interface Finding {
  status: 'ok' | 'FAIL' | 'note';
  text: string;
}

/** Keys in Stripe's own messages (it shows their last characters) are cut to their kind. */
const redact = (s: string) =>
  s.replace(/\b(sk|rk|pk|whsec)_[A-Za-z0-9_*]+/g, '$1_…').replace(/\s+/g, ' ');

const why = (err: unknown) => redact(String((err as Error)?.message ?? err)).slice(0, 300);

const modeOf = (key: string) =>
  /^(sk|rk|pk)_live_/.test(key) ? 'live' : /^(sk|rk|pk)_test_/.test(key) ? 'test' : 'unknown';

/**
 * `npm run admin -- billing check`: whether the Stripe keys and the webhook set-up work, as far
 * as can be told from here. (a) The secret key, by a harmless read (one product). (b) A webhook
 * endpoint registered at PUBLIC_URL's webhook address, enabled, sending the events we read.
 * (c) The webhook secret: set, well formed, and an event signed with it verifies in our code.
 * Whether it is that endpoint's signing secret cannot be asked of Stripe (it shows the secret
 * only in the Dashboard): the report says how to find out. Never prints a key or the secret.
 */
export async function billingCheck(config: Config): Promise<string> {
  const key = config.STRIPE_SECRET_KEY;
  if (!key) {
    return [
      'Payments: the built-in sandbox (STRIPE_SECRET_KEY is not set): nothing to check with Stripe.',
      'The test payment page stands in for paying; it grants whatever the buyer picks.',
      ...(config.STRIPE_WEBHOOK_SECRET
        ? ['note  STRIPE_WEBHOOK_SECRET is set but unused without STRIPE_SECRET_KEY']
        : []),
    ].join('\n');
  }
  const mode = modeOf(key);
  const found: Finding[] = [];
  const add = (status: Finding['status'], text: string) => void found.push({ status, text });
  const stripe = await stripeClient(config);

  // (a) The secret key.
  let keyWorks = false;
  try {
    await stripe.products.list({ limit: 1 });
    keyWorks = true;
    add('ok', `secret key (${mode} mode): Stripe's API answered`);
  } catch (err) {
    add('FAIL', `secret key (${mode} mode): Stripe's API refused it: ${why(err)}`);
  }
  const pk = config.STRIPE_PUBLISHABLE_KEY;
  if (!pk) add('FAIL', 'publishable key: STRIPE_PUBLISHABLE_KEY is not set (checkout cannot show)');
  else if (modeOf(pk) !== mode)
    add('FAIL', `publishable key: ${modeOf(pk)} mode, the secret key is ${mode} mode`);
  else add('ok', `publishable key: set, ${mode} mode like the secret key`);

  // (b) The endpoint Stripe sends notifications to.
  const address = `${config.publicUrl}${DirectPaths.paymentWebhook}`;
  if (keyWorks) {
    try {
      const endpoints: Stripe.WebhookEndpoint[] = [];
      for await (const ep of stripe.webhookEndpoints.list({ limit: 100 })) endpoints.push(ep);
      checkEndpoints(endpoints, address, add);
    } catch (err) {
      add('FAIL', `webhook endpoint: the list could not be read: ${why(err)}`);
    }
  } else add('note', `webhook endpoint at ${address}: not checked (the secret key does not work)`);
  if (!/^https:\/\//.test(config.publicUrl)) {
    add(
      'note',
      `PUBLIC_URL is ${config.publicUrl}: Stripe cannot reach it (forward with \`stripe listen --forward-to ${address}\`)`,
    );
  }

  // (c) The webhook secret.
  const secret = config.STRIPE_WEBHOOK_SECRET;
  if (!secret)
    add('FAIL', 'webhook secret: STRIPE_WEBHOOK_SECRET is not set: every notification is refused');
  else if (!secret.startsWith('whsec_') || /\s/.test(secret))
    add('FAIL', 'webhook secret: it should start with whsec_ and hold no spaces or line breaks');
  else {
    const payload = JSON.stringify({ id: 'evt_billing_check', object: 'event', type: 'ping' });
    const header = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret });
    const check = await stripePayments(config).verifyWebhook(payload, header);
    if ('event' in check)
      add('ok', 'webhook secret: set, and an event signed with it verifies here');
    else add('FAIL', `webhook secret: an event signed with it does not verify: ${check.detail}`);
    add(
      'note',
      'whether it is that endpoint’s signing secret cannot be asked of Stripe: send a test event ' +
        'from the Dashboard; a wrong secret shows as sefer_payment_webhook_rejected_total{reason="signature_mismatch"} ' +
        'on /metrics and as "payment webhook refused" in the log',
    );
  }

  const failed = found.filter((f) => f.status === 'FAIL').length;
  return [
    `Stripe, ${mode} mode:`,
    ...found.map((f) => `${f.status.padEnd(4)}  ${f.text}`),
    failed ? `${failed} problem(s) found` : 'every check passed',
  ].join('\n');
}

/** Ours among the account's endpoints: there, enabled, sending what we read, once. */
function checkEndpoints(
  endpoints: Stripe.WebhookEndpoint[],
  address: string,
  add: (status: Finding['status'], text: string) => void,
) {
  const same = (url: string) => url.replace(/\/$/, '') === address;
  const ours = endpoints.filter((e) => same(e.url));
  if (ours.length === 0) {
    const others = endpoints.map((e) => e.url).join(', ');
    add(
      'FAIL',
      `webhook endpoint: none registered at ${address}${others ? ` (the account has: ${others})` : ''}`,
    );
    return;
  }
  for (const ep of ours) {
    const lacks = (types: readonly string[]) =>
      ep.enabled_events.includes('*') ? [] : types.filter((t) => !ep.enabled_events.includes(t));
    const missing = lacks(STRIPE_EVENTS.required);
    const optional = lacks(STRIPE_EVENTS.optional);
    const at = `webhook endpoint ${ep.id} at ${address}`;
    if (ep.status !== 'enabled') add('FAIL', `${at}: ${ep.status}`);
    else if (missing.length) add('FAIL', `${at}: does not send ${missing.join(', ')}`);
    else add('ok', `${at}: enabled, sends the events we need`);
    if (optional.length) {
      add(
        'note',
        `${at}: also read if sent (delayed payments, abandoned checkouts): ${optional.join(', ')}`,
      );
    }
  }
  if (ours.length > 1) {
    add(
      'note',
      `${ours.length} endpoints at ${address}: each signs with its own secret, so one of them is always refused`,
    );
  }
}
