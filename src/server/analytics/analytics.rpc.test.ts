import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../db/schema.ts';
import { runAdminCommand } from '../admin/admin-run.ts';
import { usersRepo } from '../users/users.repo.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { routeOf } from './analytics.service.ts';

describe.each(testDatabases())('usage analytics on %s', (kind) => {
  let t: TestApp;
  let reader: string;
  let readerId: number;

  async function counts() {
    await t.deps.domain.settled();
    const rows = await t.deps.db.select().from(schema.analyticsDaily);
    const out: Record<string, number> = {};
    for (const r of rows) out[r.detail ? `${r.event} ${r.detail}` : r.event] = r.count;
    return out;
  }
  const activeToday = async () => (await t.deps.db.select().from(schema.analyticsActive)).length;

  beforeAll(async () => {
    t = await createTestApp(kind);
    reader = await userWithSession(t, 'reader@example.com');
    readerId = (await usersRepo(t.deps.db).byEmail('reader@example.com'))!.id;
  });
  afterAll(() => t.close());

  it('counts sign-ins, page views by route, messages, images and purchases per day', async () => {
    expect(await counts()).toEqual({ sign_in: 1 });
    await rpc(t.app, {
      action: 'TrackPageView',
      path: '/login/s3cr3t-link-token',
      visitor: 'visitor-abc1',
    });
    await rpc(t.app, { action: 'TrackPageView', path: '/chat/holmes?x=1' }, { bearer: reader });
    await rpc(t.app, { action: 'TrackPageView', path: '/chat/pinocchio' }, { bearer: reader });
    // The root is a redirect, not a screen: older clients that still send it count nothing.
    await rpc(t.app, { action: 'TrackPageView', path: '/' }, { bearer: reader });
    const at = new Date().toISOString();
    t.deps.domain.emit('turn.finished', {
      userId: readerId,
      friendRowId: 1,
      friendid: 'holmes',
      replyId: 1,
      model: 'offline',
      offline: true,
      tokensIn: 1,
      tokensCached: 0,
      tokensOut: 1,
      cost: null,
      at,
    });
    t.deps.domain.emit('image.created', { userId: readerId, imageNum: 1, ok: true, at });
    t.deps.domain.emit('image.created', { userId: readerId, imageNum: 2, ok: false, at });
    t.deps.domain.emit('order.paid', { userId: readerId, orderId: 1, amountAgorot: 3900, at });
    expect(await counts()).toEqual({
      sign_in: 1,
      'page_view /login': 1,
      'page_view /chat': 2,
      message_sent: 1,
      image_created: 1,
      purchase: 1,
    });
    // The reader and one anonymous visitor, as hashes that say nothing of who.
    expect(await activeToday()).toBe(2);
    const stored = JSON.stringify([
      await t.deps.db.select().from(schema.analyticsDaily),
      await t.deps.db.select().from(schema.analyticsActive),
    ]);
    expect(stored).not.toMatch(/s3cr3t|holmes|visitor-abc1|reader/);
    expect(routeOf('//evil')).toBe('/other');
    expect(routeOf('/')).toBe('/');
    expect(routeOf('/ש')).toBe('/other');
  });

  it('a user who opts out is not counted any more', async () => {
    const before = await counts();
    const r = await rpc(t.app, { action: 'GetSetAnalyticsOptOut', optout: 1 }, { bearer: reader });
    expect(r.body).toEqual({ Error: 0, optout: 1 });
    await rpc(t.app, { action: 'TrackPageView', path: '/main' }, { bearer: reader });
    t.deps.domain.emit('order.paid', { userId: readerId, orderId: 2, amountAgorot: 1, at: '' });
    expect(await counts()).toEqual(before);
    const back = await rpc(
      t.app,
      { action: 'GetSetAnalyticsOptOut', optout: 0 },
      { bearer: reader },
    );
    expect(back.body.optout).toBe(0);
  });

  it('npm run admin -- usage prints the counts and a plot of daily active users', async () => {
    const out = await runAdminCommand(t.deps.db, { command: 'usage', days: 7 });
    const today = new Date().toISOString().slice(0, 10);
    expect(out).toContain('views 3 · sign-ins 1 · messages 1 · images 1 · purchases 1');
    const line = out.split('\n').find((l) => l.startsWith(today))!;
    expect(line).toMatch(/^\S+\s+2\s+3\s+1\s+1\s+1\s+1\s+█{40}$/);
    expect(out.split('\n').filter((l) => /^\d{4}-\d\d-\d\d/.test(l))).toHaveLength(7);
    expect(out).toMatch(/\/chat\s+2/);
  });

  it('GetUsageStats gives an admin the same report; anyone else is refused', async () => {
    const operator = await userWithSession(t, 'operator@example.com', { usertype: 0 });
    await t.deps.domain.settled();
    const r = await rpc(t.app, { action: 'GetUsageStats', days: 7 }, { bearer: operator });
    const today = new Date().toISOString().slice(0, 10);
    expect(r.body).toMatchObject({
      Error: 0,
      days: 7,
      to: today,
      // The operator's sign-in is the second one, and the second active subject today.
      totals: { page_view: 3, sign_in: 2, message_sent: 1, image_created: 1, purchase: 1 },
      maxActive: 3,
      pages: [
        { path: '/chat', views: 2 },
        { path: '/login', views: 1 },
      ],
    });
    const perDay = r.body.perDay as Record<string, unknown>[];
    expect(perDay).toHaveLength(7);
    expect(perDay.at(-1)).toEqual({
      day: today,
      active: 3,
      page_view: 3,
      sign_in: 2,
      message_sent: 1,
      image_created: 1,
      purchase: 1,
    });
    expect(perDay[0]).toMatchObject({ active: 0, page_view: 0 });

    const refused = await rpc(t.app, { action: 'GetUsageStats', lang: 'en' }, { bearer: reader });
    expect(refused.body).toMatchObject({ Error: ErrorCode.FORBIDDEN });
    expect(refused.body.perDay).toBeUndefined();
  });

  it('counts wait in memory and go in one write; closing the app writes what waits', async () => {
    const before = await counts();
    // A second instance on the same database, closed as a server stops (SIGTERM).
    const other = await createTestApp(kind, { database: t.database });
    for (let i = 0; i < 3; i++)
      other.deps.domain.emit('order.paid', {
        userId: readerId,
        orderId: 10 + i,
        amountAgorot: 1,
        at: '',
      });
    await other.close();
    expect(await counts()).toEqual({ ...before, purchase: before.purchase! + 3 });
  });
});
