import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { runAdminCommand } from '../admin/admin-run.ts';
import { sessions, users } from '../db/schema.ts';
import { manualClock } from '../infra/clock.ts';
import { memoryEvents } from '../platform/events.ts';
import type { SessionUser } from '../rpc/context.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { SESSION_CACHE, SESSION_TOPIC, sessionCache, sessionsChanged } from './session-cache.ts';

const alive = async (t: TestApp, token: string) =>
  (await rpc(t.app, { action: 'CheckEmail' }, { bearer: token })).body.Error === ErrorCode.OK;

describe.each(testDatabases())('sessions kept per instance on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('a session read once is believed for the entry time, then read again', async () => {
    const token = await userWithSession(t, 'kept@example.com');
    expect(await alive(t, token)).toBe(true);
    const user = await t.deps.db.select().from(users).where(eq(users.email, 'kept@example.com'));
    await t.deps.db.delete(sessions).where(eq(sessions.userId, user[0]!.id));
    // The cache still answers (the row went without the server knowing)…
    expect(await alive(t, token)).toBe(true);
    // …until the entry ends.
    t.clock.advance(SESSION_CACHE.ttlMs + 1);
    expect(await alive(t, token)).toBe(false);
  });

  it('signing out refuses the session at once on this instance', async () => {
    const token = await userWithSession(t, 'leaves@example.com');
    expect(await alive(t, token)).toBe(true);
    expect((await rpc(t.app, { action: 'SignOut' }, { bearer: token })).body.Error).toBe(0);
    expect(await alive(t, token)).toBe(false);
  });

  it('signing out everywhere refuses the other sessions at once', async () => {
    const a = await userWithSession(t, 'everywhere@example.com');
    const b = (
      await rpc(t.app, {
        action: 'SendToken',
        email: 'everywhere@example.com',
        password: 'correct horse battery',
      })
    ).body.token as string;
    expect(await alive(t, a)).toBe(true);
    expect(await alive(t, b)).toBe(true);
    await rpc(t.app, { action: 'SignOutEverywhere' }, { bearer: b });
    expect(await alive(t, a)).toBe(false);
  });

  it("an operator's change of a user's type counts on the next request", async () => {
    const token = await userWithSession(t, 'promoted@example.com');
    const usage = () => rpc(t.app, { action: 'GetUsageStats', lang: 'en' }, { bearer: token });
    expect((await usage()).body.Error).toBe(ErrorCode.FORBIDDEN);
    await runAdminCommand(t.deps.db, {
      command: 'create-user',
      email: 'promoted@example.com',
      name: 'Promoted',
      usertype: 0,
    });
    expect((await usage()).body.Error).toBe(ErrorCode.OK);
    await runAdminCommand(t.deps.db, {
      command: 'create-user',
      email: 'promoted@example.com',
      name: 'Promoted',
      usertype: 1,
    });
    expect((await usage()).body.Error).toBe(ErrorCode.FORBIDDEN);
  });

  it('a change published by another instance is heard', async () => {
    const token = await userWithSession(t, 'elsewhere@example.com');
    expect(await alive(t, token)).toBe(true);
    const [u] = await t.deps.db
      .select()
      .from(users)
      .where(eq(users.email, 'elsewhere@example.com'));
    await t.deps.db.delete(sessions).where(eq(sessions.userId, u!.id));
    await t.deps.events.publish(SESSION_TOPIC, { userId: u!.id });
    await expect.poll(() => alive(t, token)).toBe(false);
  });
});

describe('sessionCache', () => {
  const user = (id: number): SessionUser => ({
    id,
    email: `u${id}@example.com`,
    fullname: 'U',
    usertype: 1,
    canadd: false,
    imgedit: false,
    globalpriv: false,
    lang: 'en',
  });

  it('does not keep what a read answered while a change came in', async () => {
    const clock = manualClock();
    const cache = sessionCache({ events: memoryEvents(), clock, log: pino({ level: 'silent' }) });
    try {
      let reads = 0;
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const expiresAt = new Date(clock.now().getTime() + 86_400_000);
      const slow = cache.lookup('h1', async () => {
        reads++;
        await held;
        return { user: user(1), expiresAt };
      });
      // Signed out while the session was being read: that answer is not kept.
      sessionsChanged({ hash: 'h1' });
      release();
      expect((await slow)?.id).toBe(1);
      const read = async () => (reads++, null);
      expect(await cache.lookup('h1', read)).toBeNull();
      expect(reads).toBe(2);
    } finally {
      await cache.close();
    }
  });

  it('answers from memory until the session itself expires', async () => {
    const clock = manualClock();
    const cache = sessionCache({ events: memoryEvents(), clock, log: pino({ level: 'silent' }) });
    try {
      let reads = 0;
      const expiresAt = new Date(clock.now().getTime() + 1000);
      const read = async () => (reads++, { user: user(2), expiresAt });
      await cache.lookup('h2', read);
      await cache.lookup('h2', read);
      expect(reads).toBe(1);
      clock.advance(1000);
      await cache.lookup('h2', read);
      expect(reads).toBe(2);
    } finally {
      await cache.close();
    }
  });
});
