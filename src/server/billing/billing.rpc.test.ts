import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectPaths } from '../../protocol/direct.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { orders, paymentEvents, users } from '../db/schema.ts';
import type { DomainEventMap } from '../platform/domain-events.ts';
import { PAYMENT_EVENT_JOB } from './billing.service.ts';
import { AdminCommand } from '../admin/admin.service.ts';
import { runAdminCommand } from '../admin/admin-run.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';

/** The sandbox purchase flow through the real endpoints, as the buy screen and its frame use them. */
describe.each(testDatabases())('purchases with the sandbox on %s', (kind) => {
  let t: TestApp;
  let buyer: string;
  let other: string;
  const paid: DomainEventMap['order.paid'][] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { FREE_CREDITS: '500' } });
    buyer = await userWithSession(t, 'buyer@example.com', { name: 'Buyer' });
    other = await userWithSession(t, 'other@example.com');
    t.deps.domain.on('order.paid', (e) => void paid.push(e));
  });
  afterAll(() => t.close());

  const payment = async (body: Record<string, unknown>, bearer = buyer) => {
    const r = await t.app.inject({
      method: 'POST',
      url: DirectPaths.payment,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      payload: body,
    });
    return { status: r.statusCode, body: r.json() as Record<string, unknown> & { Error: number } };
  };
  const typeId = async (code: string) => {
    const types = await rpc(t.app, { action: 'GetSubscriptionTypes', lang: 'en' });
    const list = types.body.types as { type: number; name: string }[];
    const names: Record<string, string> = {
      'credits-small': 'Small credit pack',
      'creator-monthly': 'Monthly creator subscription',
    };
    return list.find((x) => x.name === names[code])?.type;
  };
  /** Opens the sandbox page the way the frame does and presses one of its buttons. */
  async function buy(code: string, choice: 'success' | 'cancel' | 'failure', bearer = buyer) {
    const type = await typeId(code);
    const pay = await payment({ action: 'pay', type, lang: 'en' }, bearer);
    expect(pay.body.Error).toBe(0);
    const url = pay.body.url as string;
    const page = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test payment (sandbox)');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const key = new URL(url, 'http://x').searchParams.get('key')!;
    const confirm = await t.app.inject({
      method: 'POST',
      url: DirectPaths.paymentSandboxConfirm,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ order: String(pay.body.order), key, choice }).toString(),
    });
    return { order: pay.body.order as number, key, confirm };
  }
  const me = async (bearer = buyer) =>
    (await rpc(t.app, { action: 'GetSetUserData', lang: 'en' }, { bearer })).body;

  it('lists the subscription types in the asked language, descriptions sanitised, prices in agorot', async () => {
    const he = await rpc(t.app, { action: 'GetSubscriptionTypes', lang: 'he' });
    const list = he.body.types as Record<string, unknown>[];
    expect(list.map((x) => x.name)).toContain('חבילת קרדיטים קטנה');
    expect(list[0]).toMatchObject({ price: 2900, monthly: 0, credits: 2000 });
    expect(he.body.sandbox).toBe(1);
    expect(JSON.stringify(list)).not.toMatch(/<script/);
  });

  it('a new user sees the free allowance; a purchase adds its credits at once, once', async () => {
    expect((await me()).credits).toBe(500);
    const { order, key, confirm } = await buy('credits-small', 'success');
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(`/buy/${order}`);
    expect((await me()).credits).toBe(2500);

    const status = await payment({ action: 'orderstatus', order, lang: 'en' });
    expect(status.body).toMatchObject({
      Error: 0,
      status: 1,
      invoice: `SB-${String(order).padStart(6, '0')}`,
      invurl: `/api/payment/invoice?order=${order}`,
    });
    expect(String(status.body.paymentref)).toMatch(/^sb_/);

    // The same confirmation again (a double click, a replayed form) grants nothing more.
    const again = await t.app.inject({
      method: 'POST',
      url: DirectPaths.paymentSandboxConfirm,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ order: String(order), key, choice: 'success' }).toString(),
    });
    expect(again.statusCode).toBe(303);
    await t.deps.jobs.idle();
    expect((await me()).credits).toBe(2500);
    expect(paid.filter((e) => e.orderId === order)).toHaveLength(1);
    expect(paid.find((e) => e.orderId === order)).toMatchObject({ amountAgorot: 2900 });

    const history = await rpc(t.app, { action: 'OrderHistory', lang: 'en' }, { bearer: buyer });
    expect(history.body.orders).toEqual([
      expect.objectContaining({ order, price: 2900, item: 'Small credit pack', status: 1 }),
    ]);

    const invoice = await t.app.inject({
      method: 'GET',
      url: `/api/payment/invoice?order=${order}&lang=en`,
      headers: { authorization: `Bearer ${buyer}` },
    });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.body).toContain('buyer@example.com');
    // Nobody reads another user's orders.
    const theirs = await payment({ action: 'orderstatus', order }, other);
    expect(theirs.status).toBe(404);
    const theirHistory = await rpc(t.app, { action: 'OrderHistory' }, { bearer: other });
    expect(theirHistory.body.orders).toEqual([]);
    const theirInvoice = await t.app.inject({
      method: 'GET',
      url: `/api/payment/invoice?order=${order}`,
      headers: { authorization: `Bearer ${other}` },
    });
    expect(theirInvoice.statusCode).toBe(404);
  });

  it('cancel and failure close the order without granting; the order stays in the history', async () => {
    const before = (await me()).credits;
    const cancelled = await buy('credits-small', 'cancel');
    expect(cancelled.confirm.headers.location).toBe('/subscription/cancel');
    const failed = await buy('credits-small', 'failure');
    expect(failed.confirm.headers.location).toBe('/subscription/error');
    expect((await me()).credits).toBe(before);
    const s1 = await payment({ action: 'orderstatus', order: cancelled.order });
    expect(s1.body).toMatchObject({ status: -1, paymentref: '' });
    const s2 = await payment({ action: 'orderstatus', order: failed.order });
    expect(s2.body).toMatchObject({ status: -2, paymentref: '' });
    // A closed order's page cannot be paid later.
    const late = await t.app.inject({
      method: 'POST',
      url: DirectPaths.paymentSandboxConfirm,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        order: String(failed.order),
        key: failed.key,
        choice: 'success',
      }).toString(),
    });
    expect(late.statusCode).toBe(303);
    expect((await me()).credits).toBe(before);
  });

  it('a monthly subscription grants its permissions, hides monthly types, and can be cancelled', async () => {
    const u = await userWithSession(t, 'monthly@example.com');
    const create = (friendid: string) =>
      rpc(
        t.app,
        {
          action: 'SetFriendDetails',
          insert: 1,
          friendid,
          friendname: 'Keeper',
          image: '/friends/librarian.svg',
          personality: 'Keeps the light.',
          firstprompt: 'Hi',
        },
        { bearer: u },
      );
    // Refused before the purchase; the session is now kept per instance (session-cache.ts).
    expect((await create('beforebuy')).body.Error).toBe(ErrorCode.FORBIDDEN);
    const { order } = await buy('creator-monthly', 'success', u);
    // The rights granted count on the very next request, not when the session's entry ends.
    expect((await create('afterbuy')).body.Error).toBe(0);
    const status = await rpc(t.app, { action: 'GetSubscriptionStatus', lang: 'en' }, { bearer: u });
    expect(status.body).toMatchObject({
      Error: 0,
      monthly: 1,
      name: 'Monthly creator subscription',
    });
    expect(status.body.duedate).toMatch(/^\d{4}-\d\d-\d\d /);
    expect((await rpc(t.app, { action: 'AllowAdd' }, { bearer: u })).body).toMatchObject({
      canadd: 1,
      imgedit: 1,
    });
    const data = await me(u);
    expect(data).toMatchObject({ monthly: 1, imgcredit: 50, credits: 500 + 5000 });
    const types = await payment({ action: 'getsubscriptiontypes', lang: 'en' }, u);
    expect((types.body.types as { monthly: number }[]).some((x) => x.monthly)).toBe(false);
    const twice = await payment(
      { action: 'pay', type: await typeId('creator-monthly'), lang: 'en' },
      u,
    );
    expect(twice.body.Error).toBe(ErrorCode.CONFLICT);
    expect(twice.body.Errstr).toBe('You already have an active monthly subscription.');
    expect(order).toBeGreaterThan(0);

    const cancel = await rpc(t.app, { action: 'CancelSubscription' }, { bearer: u });
    expect(cancel.body).toMatchObject({ Error: 0, monthly: 0 });
    expect((await me(u)).monthly).toBe(0);
    const portal = await rpc(t.app, { action: 'BillingPortal', lang: 'en' }, { bearer: u });
    expect(portal.body.Error).toBe(ErrorCode.NOT_CONFIGURED);
  });

  it('a notification for an unknown order is recorded and grants nothing', async () => {
    const before = await t.deps.db.select().from(users).where(eq(users.email, 'buyer@example.com'));
    // Stored as a verified notification is, then handled by the durable job.
    const [stored] = await t.deps.db
      .insert(paymentEvents)
      .values({
        provider: 'sandbox',
        eventId: 'sandbox:999999:success',
        type: 'sandbox.paid',
        payload: {
          kind: 'order.paid',
          orderId: 999999,
          paymentRef: 'sb_ghost',
          invoice: null,
          invoiceUrl: null,
        },
      })
      .returning();
    await t.deps.jobs.send(PAYMENT_EVENT_JOB, { id: stored!.id });
    await t.deps.jobs.idle();
    const [row] = await t.deps.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, 'sandbox:999999:success'));
    expect(row).toMatchObject({ outcome: 'unknown-order' });
    expect(row!.processedAt).not.toBeNull();
    const after = await t.deps.db.select().from(users).where(eq(users.email, 'buyer@example.com'));
    expect(after[0]!.credits).toBe(before[0]!.credits);
    expect(await t.deps.db.select().from(orders).where(eq(orders.paymentRef, 'sb_ghost'))).toEqual(
      [],
    );
  });

  it('bad input to the payment endpoint is refused in the caller language and opens nothing', async () => {
    const n = (await t.deps.db.select().from(orders)).length;
    const r = await payment({ action: 'pay', type: 'abc', lang: 'en' });
    expect(r.status).toBe(400);
    // The refused field, worded as an action's would be (rpc/describe-issues.ts).
    expect(r.body.Errstr).toBe('The field type has a value of the wrong kind.');
    const unknown = await payment({ action: 'refund', lang: 'he' });
    expect(unknown.body.Errstr).toBe('פעולה לא מוכרת: getsubscriptiontypes, orderstatus או pay');
    const missing = await payment({ action: 'pay', type: 99999, lang: 'en' });
    expect(missing.body.Errstr).toBe('This subscription type is not available.');
    expect((await t.deps.db.select().from(orders)).length).toBe(n);
  });

  it('subscription types are data: the admin command adds one (description sanitised) and retires it', async () => {
    const set = (raw: Record<string, unknown>) =>
      runAdminCommand(t.deps.db, AdminCommand.parse({ command: 'subscription-types', ...raw }));
    await set({
      action: 'set',
      code: 'images-pack',
      nameHe: 'חבילת תמונות',
      nameEn: 'Image pack',
      txtEn: '<p onclick="x()">Ten <b>images</b><script>alert(1)</script></p>',
      price: '19.90',
      imgcredits: '10',
      imgedit: '1',
    });
    const types = await rpc(t.app, { action: 'GetSubscriptionTypes', lang: 'en' });
    const pack = (types.body.types as Record<string, unknown>[]).find(
      (x) => x.name === 'Image pack',
    );
    expect(pack).toMatchObject({ price: 1990, imgcredits: 10, imgedit: 1 });
    expect(pack!.description).toBe('<p>Ten <b>images</b></p>');
    expect(await set({ action: 'list' })).toContain('images-pack');
    await set({ action: 'set', code: 'images-pack', active: '0' });
    const after = await rpc(t.app, { action: 'GetSubscriptionTypes', lang: 'en' });
    expect((after.body.types as { name: string }[]).map((x) => x.name)).not.toContain('Image pack');
    await expect(set({ action: 'set', code: 'no-such-type', price: '5' })).rejects.toThrow(
      /needs --name-he/,
    );
  });
});
