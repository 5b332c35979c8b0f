import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectPaths } from '../../protocol/direct.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { AdminCommand } from '../admin/admin.service.ts';
import { runAdminCommand } from '../admin/admin-run.ts';
import type { Config } from '../config.ts';
import { paymentEvents } from '../db/schema.ts';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe.ts';
import { createTestApp, testDatabases, type TestApp } from '../test/harness.ts';
import { STRIPE_EVENTS, stripeClient } from './stripe.ts';

const SECRET = 'whsec_test_right_secret';
const ATTACKER = 'whsec_test_other_secret';

/**
 * Issue 35: a wrong STRIPE_WEBHOOK_SECRET looked like a forged request, its reason dropped.
 * Now a refused notification is logged with why (never the secret or the signature) and
 * counted by reason, and `billing check` tells the operator what works. Stripe is the local
 * fake of its HTTP API (test/fake-stripe.ts), never the internet.
 */
describe.each(testDatabases().slice(-1))(
  'Stripe webhook refusals and billing check on %s',
  (kind) => {
    let fake: FakeStripe;
    let t: TestApp;
    const lines: Record<string, unknown>[] = [];

    beforeAll(async () => {
      fake = await startFakeStripe();
      const sink = new Writable({
        write(chunk: Buffer, _enc, done) {
          for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l));
          done();
        },
      });
      t = await createTestApp(kind, {
        env: {
          STRIPE_SECRET_KEY: 'sk_test_fake',
          STRIPE_WEBHOOK_SECRET: SECRET,
          STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
          STRIPE_API_URL: fake.url,
          PUBLIC_URL: 'https://sefer.example',
        },
        log: pino({ level: 'info' }, sink),
      });
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });

    const rejected = async (reason: string) => {
      const m = new RegExp(`sefer_payment_webhook_rejected_total\\{reason="${reason}"\\} (\\d+)`);
      return Number(m.exec(await t.deps.metrics.render())?.[1] ?? 0);
    };
    const refusals = () => lines.filter((l) => String(l.msg).startsWith('payment webhook refused'));
    async function post(payload: string, signature?: string) {
      const r = await t.app.inject({
        method: 'POST',
        url: DirectPaths.paymentWebhook,
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
        payload,
      });
      return { status: r.statusCode, body: r.json<{ Error: number }>() };
    }
    const event = JSON.stringify({
      id: 'evt_test_wrong',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_x', object: 'checkout.session', client_reference_id: '1' } },
    });
    const sign = async (secret: string, timestamp?: number) =>
      (await stripeClient(t.deps.config)).webhooks.generateTestHeaderStringAsync({
        payload: event,
        secret,
        ...(timestamp ? { timestamp } : {}),
      });
    const check = (config: Partial<Config> = {}) =>
      runAdminCommand(t.deps.db, AdminCommand.parse({ command: 'billing', action: 'check' }), {
        ...t.deps.config,
        ...config,
      });

    it('a wrong secret is logged as a signature mismatch with Stripe’s words, and counted', async () => {
      const before = await rejected('signature_mismatch');
      const header = await sign(ATTACKER);
      const r = await post(event, header);
      expect(r).toMatchObject({ status: 400, body: { Error: ErrorCode.BAD_INPUT } });
      expect(await rejected('signature_mismatch')).toBe(before + 1);
      const line = refusals().at(-1)!;
      expect(line).toMatchObject({ reason: 'signature_mismatch', provider: 'stripe' });
      expect(String(line.msg)).toContain(
        'STRIPE_WEBHOOK_SECRET is not this endpoint’s signing secret',
      );
      expect(String(line.detail)).toMatch(/^No signatures found matching the expected signature/);
      // Neither secret, nor the signature sent, is ever in the log.
      const logged = JSON.stringify(lines);
      for (const s of [SECRET, ATTACKER, header, header.split('v1=')[1]!]) {
        expect(logged).not.toContain(s);
      }
      expect(await t.deps.db.select().from(paymentEvents)).toEqual([]);
    });

    it('no signature, an unreadable one and an old one each have their reason', async () => {
      expect((await post(event)).status).toBe(400);
      expect(refusals().at(-1)).toMatchObject({ reason: 'no_signature' });
      expect((await post(event, 'not a signature')).status).toBe(400);
      expect(refusals().at(-1)).toMatchObject({ reason: 'malformed_signature' });
      const hourAgo = Math.floor(Date.now() / 1000) - 3600;
      expect((await post(event, await sign(SECRET, hourAgo))).status).toBe(400);
      expect(refusals().at(-1)).toMatchObject({ reason: 'stale' });
      expect(await rejected('no_signature')).toBe(1);
      expect(await rejected('malformed_signature')).toBe(1);
      expect(await rejected('stale')).toBe(1);
      // The right secret still verifies (the event itself is for an order that does not exist).
      expect((await post(event, await sign(SECRET))).status).toBe(200);
      await t.deps.jobs.idle();
    });

    it('billing check: the key works, the endpoint is missing, the secret is sound', async () => {
      const out = await check();
      expect(out).toContain("ok    secret key (test mode): Stripe's API answered");
      expect(out).toContain('ok    publishable key: set, test mode like the secret key');
      expect(out).toContain(
        'FAIL  webhook endpoint: none registered at https://sefer.example/api/payment/webhook',
      );
      expect(out).toContain('ok    webhook secret: set, and an event signed with it verifies here');
      expect(out).toContain('reason="signature_mismatch"');
      expect(out).toMatch(/1 problem\(s\) found$/);
      expect(fake.requests.some((r) => r.path === '/v1/products' && r.method === 'GET')).toBe(true);
      expect(out).not.toContain(SECRET);
    });

    it('billing check: an endpoint at PUBLIC_URL that sends what we read passes; one that does not is named', async () => {
      const endpoint = (status: string, events: readonly string[]) =>
        fake.put({
          id: 'we_test_ours',
          object: 'webhook_endpoint',
          url: 'https://sefer.example/api/payment/webhook',
          status,
          enabled_events: [...events],
        });
      const at = 'webhook endpoint we_test_ours at https://sefer.example/api/payment/webhook';
      endpoint('enabled', [...STRIPE_EVENTS.required, ...STRIPE_EVENTS.optional]);
      const all = await check();
      expect(all).toContain(`ok    ${at}: enabled, sends the events we need`);
      expect(all).toMatch(/\nevery check passed$/);
      // The events the README names are enough; the others are mentioned.
      endpoint('enabled', STRIPE_EVENTS.required);
      const required = await check();
      expect(required).toContain(`note  ${at}: also read if sent`);
      expect(required).toContain('checkout.session.expired');
      expect(required).toMatch(/\nevery check passed$/);
      endpoint('enabled', ['checkout.session.completed']);
      expect(await check()).toContain(
        `FAIL  ${at}: does not send invoice.paid, invoice.payment_failed, customer.subscription.deleted`,
      );
      endpoint('disabled', ['*']);
      expect(await check()).toContain(`FAIL  ${at}: disabled`);
    });

    it('billing check: a refused key, a wrong secret shape, and the sandbox are reported', async () => {
      const bad = await check({
        STRIPE_SECRET_KEY: 'sk_live_revoked123',
        STRIPE_WEBHOOK_SECRET: 'whsec_x \n',
      });
      expect(bad).toContain("FAIL  secret key (live mode): Stripe's API refused it: bad key");
      expect(bad).toContain('FAIL  publishable key: test mode, the secret key is live mode');
      expect(bad).toContain('FAIL  webhook secret: it should start with whsec_ and hold no spaces');
      expect(bad).not.toContain('revoked123');
      const none = await check({ STRIPE_WEBHOOK_SECRET: undefined });
      expect(none).toContain('FAIL  webhook secret: STRIPE_WEBHOOK_SECRET is not set');
      const sandbox = await check({ STRIPE_SECRET_KEY: undefined });
      expect(sandbox).toMatch(/^Payments: the built-in sandbox \(STRIPE_SECRET_KEY is not set\)/);
      expect(sandbox).toContain('STRIPE_WEBHOOK_SECRET is set but unused');
    });
  },
);
