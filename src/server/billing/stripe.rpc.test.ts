import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectPaths } from '../../protocol/direct.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { paymentEvents } from '../db/schema.ts';
import type { DomainEventMap } from '../platform/domain-events.ts';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { stripeClient } from './stripe.ts';
import { AdminCommand } from '../admin/admin.service.ts';
import { runAdminCommand } from '../admin/admin-run.ts';

const SECRET = 'whsec_test_secret';
const DAY = 86_400;

/**
 * Stripe through the real `stripe` package, pointed at a local fake of its HTTP API;
 * webhooks signed with the package's own test-header helper.
 */
describe.each(testDatabases())('purchases with Stripe on %s', (kind) => {
  let fake: FakeStripe;
  let t: TestApp;
  let buyer: string;
  let evt = 0;
  const paid: DomainEventMap['order.paid'][] = [];

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(kind, {
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: SECRET,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
        STRIPE_API_URL: fake.url,
        FREE_CREDITS: '0',
      },
    });
    buyer = await userWithSession(t, 'stripe-buyer@example.com');
    t.deps.domain.on('order.paid', (e) => void paid.push(e));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const signer = async () => (await stripeClient(t.deps.config)).webhooks;
  async function webhook(
    type: string,
    object: Record<string, unknown>,
    opts: { secret?: string; id?: string } = {},
  ) {
    const event = {
      id: opts.id ?? `evt_test_${++evt}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const header = (await signer()).generateTestHeaderString({
      payload,
      secret: opts.secret ?? SECRET,
    });
    const r = await t.app.inject({
      method: 'POST',
      url: DirectPaths.paymentWebhook,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
    await t.deps.jobs.idle();
    return { status: r.statusCode, body: r.json() as Record<string, unknown>, id: event.id };
  }
  const payment = async (body: Record<string, unknown>) => {
    const r = await t.app.inject({
      method: 'POST',
      url: DirectPaths.payment,
      headers: { authorization: `Bearer ${buyer}`, 'content-type': 'application/json' },
      payload: body,
    });
    return r.json() as Record<string, unknown> & { Error: number };
  };
  const me = async () => (await rpc(t.app, { action: 'GetSetUserData' }, { bearer: buyer })).body;
  const typeId = async (monthly: number) => {
    const r = await rpc(t.app, { action: 'GetSubscriptionTypes', lang: 'en' });
    return (r.body.types as { type: number; monthly: number }[]).find((x) => x.monthly === monthly)!
      .type;
  };
  const outcome = async (id: string) =>
    (await t.deps.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, id)))[0]?.outcome;

  let order = 0;
  let sessionId = '';

  it('pay opens an embedded Checkout session in shekels; its page carries the client secret', async () => {
    const pay = await payment({ action: 'pay', type: await typeId(0), lang: 'en' });
    expect(pay).toMatchObject({ Error: 0, sandbox: 0 });
    order = pay.order as number;
    const created = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(created.params).toMatchObject({
      ui_mode: 'embedded_page',
      mode: 'payment',
      client_reference_id: String(order),
      'line_items[0][price_data][currency]': 'ils',
      'line_items[0][price_data][unit_amount]': '2900',
      'invoice_creation[enabled]': 'true',
    });
    sessionId = fake.requests.length ? `cs_test_1` : '';
    const page = await t.app.inject({
      method: 'GET',
      url: pay.url as string,
      headers: { authorization: `Bearer ${buyer}` },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-secret="cs_test_1_secret_fake"');
    expect(page.headers['content-security-policy']).toContain('https://js.stripe.com');
  });

  it('a paid session grants once, with the hosted invoice; a duplicate changes nothing', async () => {
    fake.put({
      id: 'in_test_a',
      object: 'invoice',
      number: 'INV-0001',
      hosted_invoice_url: 'https://invoice.stripe.test/a',
    });
    const session = {
      id: sessionId,
      object: 'checkout.session',
      client_reference_id: String(order),
      metadata: { order: String(order) },
      mode: 'payment',
      payment_status: 'paid',
      payment_intent: 'pi_test_a',
      invoice: 'in_test_a',
      subscription: null,
      customer: 'cus_test_a',
    };
    const first = await webhook('checkout.session.completed', session, { id: 'evt_paid_a' });
    expect(first).toMatchObject({ status: 200, body: { Error: 0, duplicate: 0 } });
    expect(await outcome('evt_paid_a')).toBe('granted');
    expect((await me()).credits).toBe(2000);
    expect(await payment({ action: 'orderstatus', order })).toMatchObject({
      status: 1,
      paymentref: 'pi_test_a',
      invoice: 'INV-0001',
      invurl: 'https://invoice.stripe.test/a',
    });
    const again = await webhook('checkout.session.completed', session, { id: 'evt_paid_a' });
    expect(again).toMatchObject({ status: 200, body: { duplicate: 1 } });
    // Another event id for the same payment (Stripe may send both) grants nothing either.
    await webhook('checkout.session.async_payment_succeeded', session);
    expect((await me()).credits).toBe(2000);
    expect(paid.filter((e) => e.orderId === order)).toHaveLength(1);
  });

  it('a forged or unsigned webhook is refused and nothing is stored or granted', async () => {
    const before = (await t.deps.db.select().from(paymentEvents)).length;
    const pay = await payment({ action: 'pay', type: await typeId(0), lang: 'en' });
    const forged = {
      id: 'cs_forged',
      object: 'checkout.session',
      client_reference_id: String(pay.order),
      payment_status: 'paid',
    };
    const wrong = await webhook('checkout.session.completed', forged, { secret: 'whsec_attacker' });
    expect(wrong.status).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: DirectPaths.paymentWebhook,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        id: 'evt_x',
        type: 'checkout.session.completed',
        data: { object: forged },
      }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await t.deps.db.select().from(paymentEvents)).length).toBe(before);
    expect((await me()).credits).toBe(2000);
    expect(await payment({ action: 'orderstatus', order: pay.order })).toMatchObject({
      status: 0,
      paymentref: '',
    });
  });

  it('a webhook for an unknown order is recorded and answered 2xx without granting', async () => {
    const r = await webhook(
      'checkout.session.completed',
      {
        id: 'cs_ghost',
        object: 'checkout.session',
        client_reference_id: '999999',
        payment_status: 'paid',
        invoice: null,
        subscription: null,
      },
      { id: 'evt_ghost' },
    );
    expect(r.status).toBe(200);
    expect(await outcome('evt_ghost')).toBe('unknown-order');
    expect((await me()).credits).toBe(2000);
  });

  it('monthly: subscribe, renew, a failed renewal, the portal, cancellation', async () => {
    const pay = await payment({ action: 'pay', type: await typeId(1), lang: 'he' });
    const monthlyOrder = pay.order as number;
    const created = fake.requests.filter((x) => x.path === '/v1/checkout/sessions').at(-1)!;
    expect(created.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][recurring][interval]': 'month',
    });
    const now = Math.floor(Date.now() / 1000);
    fake.put({
      id: 'sub_test_m',
      object: 'subscription',
      status: 'active',
      items: { object: 'list', data: [{ id: 'si_1', current_period_end: now + 30 * DAY }] },
    });
    fake.put({
      id: 'in_test_m1',
      object: 'invoice',
      number: 'INV-0002',
      hosted_invoice_url: 'https://invoice.stripe.test/m1',
    });
    await webhook('checkout.session.completed', {
      id: 'cs_test_m',
      object: 'checkout.session',
      client_reference_id: String(monthlyOrder),
      mode: 'subscription',
      payment_status: 'paid',
      invoice: 'in_test_m1',
      subscription: 'sub_test_m',
      customer: 'cus_test_m',
      payment_intent: null,
    });
    let status = await rpc(
      t.app,
      { action: 'GetSubscriptionStatus', lang: 'en' },
      { bearer: buyer },
    );
    expect(status.body).toMatchObject({ monthly: 1, portal: 1 });
    expect(await me()).toMatchObject({ credits: 7000, imgcredit: 50, monthly: 1 });
    // The subscription's first invoice is the checkout itself: not granted twice.
    const invoiceBase = {
      object: 'invoice',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_test_m' },
      },
    };
    await webhook('invoice.paid', {
      ...invoiceBase,
      id: 'in_test_m1',
      billing_reason: 'subscription_create',
      amount_paid: 4900,
      lines: { data: [] },
      period_end: now,
    });
    expect((await me()).credits).toBe(7000);

    // Renewal a month later: a new order, credits again, the next charge date moves.
    const renewal = {
      ...invoiceBase,
      id: 'in_test_m2',
      number: 'INV-0003',
      hosted_invoice_url: 'https://invoice.stripe.test/m2',
      billing_reason: 'subscription_cycle',
      amount_paid: 4900,
      period_end: now + 30 * DAY,
      lines: { data: [{ period: { start: now + 30 * DAY, end: now + 60 * DAY } }] },
    };
    await webhook('invoice.paid', renewal, { id: 'evt_renew' });
    await webhook('invoice.paid', renewal); // the same invoice, another delivery
    expect(await outcome('evt_renew')).toBe('renewed');
    expect((await me()).credits).toBe(12000);
    const history = await rpc(t.app, { action: 'OrderHistory', lang: 'en' }, { bearer: buyer });
    expect(
      (history.body.orders as { invoice: string }[]).filter((o) => o.invoice === 'INV-0003'),
    ).toHaveLength(1);

    // A failed renewal ends "active" until a payment succeeds again.
    await webhook('invoice.payment_failed', {
      ...renewal,
      id: 'in_test_m3',
      billing_reason: 'subscription_cycle',
    });
    status = await rpc(t.app, { action: 'GetSubscriptionStatus' }, { bearer: buyer });
    expect(status.body.monthly).toBe(0);
    await webhook('invoice.paid', { ...renewal, id: 'in_test_m3', number: 'INV-0004' });
    status = await rpc(t.app, { action: 'GetSubscriptionStatus' }, { bearer: buyer });
    expect(status.body.monthly).toBe(1);

    const portal = await rpc(t.app, { action: 'BillingPortal' }, { bearer: buyer });
    expect(portal.body).toMatchObject({
      Error: 0,
      url: 'https://billing.stripe.test/p/cus_test_m',
    });

    const cancel = await rpc(t.app, { action: 'CancelSubscription' }, { bearer: buyer });
    expect(cancel.body).toMatchObject({ Error: 0, monthly: 0 });
    expect(
      fake.requests.some((x) => x.method === 'DELETE' && x.path === '/v1/subscriptions/sub_test_m'),
    ).toBe(true);
    expect(
      await webhook('customer.subscription.deleted', {
        id: 'sub_test_m',
        object: 'subscription',
        status: 'canceled',
      }),
    ).toMatchObject({ status: 200 });
    status = await rpc(t.app, { action: 'GetSubscriptionStatus' }, { bearer: buyer });
    expect(status.body).toMatchObject({ monthly: 0, duedate: '' });
    const again = await rpc(t.app, { action: 'CancelSubscription', lang: 'en' }, { bearer: buyer });
    expect(again.body.Error).toBe(ErrorCode.NOT_FOUND);
  });

  it('billing sync makes a Stripe price per type (ILS, monthly recurring); checkout then uses it', async () => {
    const cmd = AdminCommand.parse({ command: 'billing', action: 'sync' });
    const out = await runAdminCommand(t.deps.db, cmd, t.deps.config);
    expect(out).toMatch(/credits-small: price_test_\d+/);
    const prices = fake.requests.filter((r) => r.path === '/v1/prices');
    expect(prices.map((p) => p.params.currency)).toEqual(['ils', 'ils', 'ils']);
    expect(prices.find((p) => p.params.unit_amount === '4900')!.params).toMatchObject({
      'recurring[interval]': 'month',
    });
    expect(await runAdminCommand(t.deps.db, cmd, t.deps.config)).toBe(
      'every type already has its Stripe price',
    );
    await payment({ action: 'pay', type: await typeId(0), lang: 'en' });
    const created = fake.requests.filter((x) => x.path === '/v1/checkout/sessions').at(-1)!;
    expect(created.params['line_items[0][price]']).toMatch(/^price_test_/);
  });
});
