import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { parsePushMessage } from '../../protocol/push.ts';
import { usersRepo } from '../users/users.repo.ts';
import { startPushService, type PushService } from '../test/push-service.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { pushRepo } from './push.repo.ts';

// One database (PostgreSQL when configured, else PGlite): this file tests a provider's
// protocol; its statements are the domain's, which its other rpc tests run on both
// (docs/decisions.md, "Provider tests run on one database").
describe.each(testDatabases().slice(-1))('Web Push on %s', (kind) => {
  let t: TestApp;
  let service: PushService;
  let reader: string;
  let owner: string;
  let readerId: number;
  const call = (token: string, body: Record<string, unknown>) =>
    rpc(t.app, body, { bearer: token });

  /** Waits until every domain event handler and every job it queued is done. */
  async function settled() {
    await t.deps.domain.settled();
    await t.deps.jobs.idle();
  }

  async function subscribeDevice(token: string, udid: string) {
    const sub = service.subscribe(t.deps.push.publicKey);
    const r = await call(token, {
      action: 'UpdateFCMToken',
      token: JSON.stringify(sub.json),
      udid,
    });
    expect(r.body).toEqual({ Error: 0 });
    return sub;
  }

  const turnFinished = (userId: number, friendid: string) =>
    t.deps.domain.emit('turn.finished', {
      userId,
      friendRowId: 1,
      friendid,
      replyId: 1,
      model: 'offline',
      offline: true,
      tokensIn: 1,
      tokensCached: 0,
      tokensOut: 1,
      cost: null,
      at: new Date().toISOString(),
    });

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp(kind, { env: { PUSH_ALLOWED_ORIGINS: service.origin } });
    reader = await userWithSession(t, 'reader@example.com');
    owner = await userWithSession(t, 'owner@example.com', { grant: 'canadd' });
    readerId = (await usersRepo(t.deps.db).byEmail('reader@example.com'))!.id;
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  it('generates the VAPID keys into the data folder and gives the public key', async () => {
    const stored = JSON.parse(readFileSync(t.deps.config.vapidFile, 'utf8'));
    expect(stored.publicKey).toBe(t.deps.push.publicKey);
    const r = await call(reader, { action: 'GetSetPushSettings' });
    expect(r.body).toMatchObject({
      Error: 0,
      turn: 1,
      image: 0,
      shared: 0,
      devices: 0,
      vapidkey: t.deps.push.publicKey,
    });
  });

  it('an answer finished: the subscription stored through UpdateFCMToken gets it, encrypted and signed', async () => {
    const phone = await subscribeDevice(reader, 'reader-phone-1');
    expect((await call(reader, { action: 'GetSetPushSettings' })).body.devices).toBe(1);
    turnFinished(readerId, 'holmes');
    await settled();
    const [message] = service.messagesFor(phone.id);
    expect(service.refused).toEqual([]);
    // What the service worker reads (src/web/sw/sw.ts).
    expect(parsePushMessage(JSON.stringify(message))).toEqual({
      kind: 'turn',
      title: expect.stringContaining('תשובה חדשה מ'),
      body: expect.any(String),
      url: '/chat/holmes',
      tag: 'turn:holmes',
      lang: 'he',
    });
  });

  it('images and shares only when turned on; a share names the character and opens its chat', async () => {
    const laptop = await subscribeDevice(reader, 'reader-laptop');
    await call(reader, { action: 'GetSetUserData', lang: 'en' });
    t.deps.domain.emit('image.created', { userId: readerId, imageNum: 1, ok: true, at: '' });
    await settled();
    expect(service.messagesFor(laptop.id)).toEqual([]);

    const on = await call(reader, { action: 'GetSetPushSettings', image: 1, shared: 1 });
    expect(on.body).toMatchObject({ turn: 1, image: 1, shared: 1, devices: 2 });
    t.deps.domain.emit('image.created', { userId: readerId, imageNum: 2, ok: false, at: '' });
    t.deps.domain.emit('image.created', { userId: readerId, imageNum: 3, ok: true, at: '' });
    await settled();
    expect(service.messagesFor(laptop.id)).toEqual([
      expect.objectContaining({ kind: 'image', url: '/createimg', title: 'Your image is ready' }),
    ]);

    const created = await call(owner, {
      action: 'SetFriendDetails',
      insert: 1,
      friendid: 'alicegarden',
      friendname: 'Alice',
      image: '/friends/alice.svg',
      personality: 'Curious.',
      firstprompt: 'Hello!',
    });
    expect(created.body.Error).toBe(0);
    await call(owner, {
      action: 'AddEmailToFriend',
      friendid: 'alicegarden',
      user: 'reader@example.com',
    });
    // Changing the same entry is not a new share.
    await call(owner, {
      action: 'AddEmailToFriend',
      friendid: 'alicegarden',
      user: 'reader@example.com',
      editpriv: 1,
    });
    await settled();
    const shares = service.messagesFor(laptop.id).filter((m) => m.kind === 'shared');
    expect(shares).toEqual([
      expect.objectContaining({
        title: 'Alice was shared with you',
        url: '/chat/alicegarden',
        lang: 'en',
      }),
    ]);

    // Turned off: nothing more.
    await call(reader, { action: 'GetSetPushSettings', turn: 0 });
    const before = service.delivered.length;
    turnFinished(readerId, 'holmes');
    await settled();
    expect(service.delivered.length).toBe(before);
    await call(reader, { action: 'GetSetPushSettings', turn: 1 });
  });

  it('a renewal replaces the device subscription; 410 and 404 from the push service prune it', async () => {
    const repo = pushRepo(t.deps.db);
    const first = await subscribeDevice(reader, 'reader-tablet');
    const renewed = await subscribeDevice(reader, 'reader-tablet');
    let rows = await repo.ofUser(readerId);
    expect(rows.map((r) => r.endpoint)).not.toContain(first.json.endpoint);
    expect(rows.map((r) => r.endpoint)).toContain(renewed.json.endpoint);

    service.answer(renewed.id, 410);
    const other = rows.find((r) => r.udid === 'reader-phone-1')!;
    service.answer(other.endpoint.split('/').pop()!, 404);
    turnFinished(readerId, 'holmes');
    await settled();
    rows = await repo.ofUser(readerId);
    expect(rows.map((r) => r.udid).sort()).toEqual(['reader-laptop']);
  });

  // Found by the fuzzer (issue 35, item 6): the browser keeps its push subscription when the
  // page's storage is cleared, so it comes back under a new device id with the same endpoint.
  // The endpoint was taken over from other accounts only; the reader's own older row kept it
  // and the insert failed the endpoint's unique index: a 500.
  it("the same subscription under a new device id moves to it (the browser's storage cleared), not a 500", async () => {
    const repo = pushRepo(t.deps.db);
    const sub = await subscribeDevice(reader, 'reader-phone-old');
    const again = await call(reader, {
      action: 'UpdateFCMToken',
      token: JSON.stringify(sub.json),
      udid: 'reader-phone-new',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toEqual({ Error: 0 });
    const rows = (await repo.ofUser(readerId)).filter((r) => r.endpoint === sub.json.endpoint);
    expect(rows.map((r) => r.udid)).toEqual(['reader-phone-new']);
    // Several at once, as two tabs renewing together: one row, no failure.
    const racing = await Promise.all(
      ['reader-tab-1', 'reader-tab-2', 'reader-tab-3'].map((udid) =>
        call(reader, { action: 'UpdateFCMToken', token: JSON.stringify(sub.json), udid }),
      ),
    );
    expect(racing.map((r) => r.body)).toEqual([{ Error: 0 }, { Error: 0 }, { Error: 0 }]);
    const after = (await repo.ofUser(readerId)).filter((r) => r.endpoint === sub.json.endpoint);
    expect(after).toHaveLength(1);
    await call(reader, { action: 'UpdateFCMToken', token: '', udid: after[0]!.udid });
  });

  it('an empty token removes the device (sign-out); bad tokens and foreign endpoints are refused', async () => {
    await subscribeDevice(reader, 'reader-desk');
    const removed = await call(reader, {
      action: 'UpdateFCMToken',
      token: '',
      udid: 'reader-desk',
    });
    expect(removed.body.Error).toBe(0);
    const rows = await pushRepo(t.deps.db).ofUser(readerId);
    expect(rows.map((r) => r.udid)).not.toContain('reader-desk');

    const bad = await call(reader, { action: 'UpdateFCMToken', token: '{nope', udid: 'reader-x1' });
    expect(bad.body.Error).toBe(ErrorCode.BAD_INPUT);
    // The server posts to the endpoint: an address of the attacker's choosing is refused.
    const foreign = service.subscribe(t.deps.push.publicKey).json;
    for (const endpoint of ['http://169.254.169.254/latest', 'https://evil.example/push/1']) {
      const r = await call(reader, {
        action: 'UpdateFCMToken',
        token: JSON.stringify({ ...foreign, endpoint }),
        udid: 'reader-x2',
      });
      expect(r.body.Error).toBe(ErrorCode.BAD_INPUT);
      expect(r.body.Errstr).toMatch(/push service/);
    }
    expect((await pushRepo(t.deps.db).ofUser(readerId)).map((r) => r.udid)).not.toContain(
      'reader-x2',
    );
    expect(existsSync(t.deps.config.vapidFile)).toBe(true);
  });

  it('a user with no device is asked once; a device saved on another instance is heard', async () => {
    await userWithSession(t, 'late@example.com');
    const lateId = (await usersRepo(t.deps.db).byEmail('late@example.com'))!.id;
    turnFinished(lateId, 'holmes');
    await settled();
    // Another instance stores the device and says so (as its UpdateFCMToken does).
    const sub = service.subscribe(t.deps.push.publicKey);
    await pushRepo(t.deps.db).save(
      lateId,
      'late-phone',
      { endpoint: sub.json.endpoint, p256dh: sub.json.keys.p256dh, auth: sub.json.keys.auth },
      new Date(),
    );
    let hear = () => {};
    const heard = new Promise<void>((resolve) => (hear = resolve));
    const off = await t.deps.events.subscribe('push.devices', () => hear());
    await t.deps.events.publish('push.devices', { userId: lateId });
    await heard;
    off();
    turnFinished(lateId, 'holmes');
    await settled();
    expect(service.messagesFor(sub.id)).toEqual([
      expect.objectContaining({ kind: 'turn', url: '/chat/holmes' }),
    ]);
  });
});
