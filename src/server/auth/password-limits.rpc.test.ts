import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import {
  createTestApp,
  lastLinkToken,
  rpc,
  userWithSession,
  type CallResult,
  type TestApp,
} from '../test/harness.ts';
import { closeTestLimiters, movableDate, testLimiters } from '../test/limiters.ts';
import { usersRepo } from '../users/users.repo.ts';
import { PASSWORD_LIMITS } from './password-guard.ts';

const RIGHT = 'correct horse battery';
const guess = (t: TestApp, email: string, password: string, ip: string) =>
  rpc(t.app, { action: 'SendToken', email, password, lang: 'en' }, { ip });
const count = (rs: CallResult[], code: number) => rs.filter((r) => r.body.Error === code).length;
/** A proven user without a password: guesses on it cost no hashing (a slow machine stays quick). */
const plainUser = (t: TestApp, email: string) =>
  usersRepo(t.deps.db).create({ email, fullname: email, lang: 'en', verifiedAt: new Date() });

afterAll(() => closeTestLimiters());

describe.each(testLimiters())('password guesses with limits in $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind.db, { limiter: kind.make });
  });
  afterAll(() => t.close());

  it('100 guesses sent at once: only the allowed few are evaluated, the right one last is refused', async () => {
    await userWithSession(t, 'burst@example.com');
    const passwords = Array.from({ length: 99 }, (_, i) => `wrong guess ${i}`).concat(RIGHT);
    const rs = await Promise.all(
      passwords.map((p) => guess(t, 'burst@example.com', p, '10.0.0.1')),
    );
    const evaluated = count(rs, ErrorCode.WRONG_PASSWORD) + count(rs, ErrorCode.OK);
    expect(evaluated).toBeLessThanOrEqual(PASSWORD_LIMITS.perAddressClient.limit);
    expect(evaluated).toBeGreaterThan(0);
    expect(count(rs, ErrorCode.RATE_LIMITED)).toBe(100 - evaluated);
    expect(rs.some((r) => r.body.token)).toBe(false);
    // The limit holds afterwards too, even for the right password, from that client.
    expect((await guess(t, 'burst@example.com', RIGHT, '10.0.0.1')).body.Error).toBe(
      ErrorCode.RATE_LIMITED,
    );
  });

  it("a stranger's guesses do not lock the owner out of their own device", async () => {
    await userWithSession(t, 'owner@example.com');
    for (let i = 0; i < 12; i++) await guess(t, 'owner@example.com', `nope ${i}`, '10.0.0.2');
    expect((await guess(t, 'owner@example.com', 'nope', '10.0.0.2')).body.Error).toBe(
      ErrorCode.RATE_LIMITED,
    );
    const owner = await guess(t, 'owner@example.com', RIGHT, '10.9.9.9');
    expect(owner.body.Error).toBe(ErrorCode.OK);
    expect(owner.body.token).toBeTruthy();
  });

  it('one client is limited across addresses', async () => {
    const per = PASSWORD_LIMITS.perAddressClient.limit;
    const addresses = Math.ceil(PASSWORD_LIMITS.perClient.limit / per);
    for (let a = 0; a < addresses; a++) {
      await plainUser(t, `spread${a}@example.com`);
      for (let i = 0; i < per; i++) await guess(t, `spread${a}@example.com`, `x${i}`, '10.0.0.3');
    }
    await plainUser(t, 'fresh@example.com');
    expect((await guess(t, 'fresh@example.com', 'first try', '10.0.0.3')).body.Error).toBe(
      ErrorCode.RATE_LIMITED,
    );
    expect((await guess(t, 'fresh@example.com', 'first try', '10.0.0.4')).body.Error).toBe(
      ErrorCode.WRONG_PASSWORD,
    );
  });

  it('guesses from many clients pause the address with a growing backoff; the link still works', async () => {
    const email = 'many@example.com';
    await plainUser(t, email);
    const per = PASSWORD_LIMITS.perAddressClient.limit;
    const clients = Math.ceil((PASSWORD_LIMITS.backoffAfter + 2) / per);
    const codes: number[] = [];
    for (let c = 0; c < clients; c++) {
      for (let i = 0; i < per; i++) {
        codes.push((await guess(t, email, `bot ${c} ${i}`, `10.1.0.${c}`)).body.Error);
      }
    }
    // Past the soft threshold even a new client waits; the answer says how long.
    const paused = await guess(t, email, RIGHT, '10.2.0.1');
    expect(paused.body.Error).toBe(ErrorCode.RATE_LIMITED);
    expect(Number(paused.body.retryAfter)).toBeGreaterThan(0);
    expect(Number(paused.body.retryAfter)).toBeLessThanOrEqual(PASSWORD_LIMITS.backoffMaxSec);
    expect(codes.filter((c) => c === ErrorCode.RATE_LIMITED).length).toBeGreaterThan(0);

    // The e-mailed link always works.
    const sent = await rpc(t.app, { action: 'SendToken', email, sendlink: 1 }, { ip: '10.2.0.1' });
    expect(sent.body).toMatchObject({ Error: 0, sent: 1 });
    const signedIn = await rpc(t.app, {
      action: 'CheckToken',
      token: lastLinkToken(t.mails, email),
    });
    expect(signedIn.body).toMatchObject({ Error: 0, email });

    if (kind.clocked) {
      // The pause ends: guesses are evaluated again.
      const date = movableDate();
      try {
        t.clock.advance(PASSWORD_LIMITS.backoffMaxSec * 1000 + 1000);
        date.advance(PASSWORD_LIMITS.backoffMaxSec * 1000 + 1000);
        expect((await guess(t, email, RIGHT, '10.2.0.1')).body.Error).toBe(
          ErrorCode.WRONG_PASSWORD,
        );
      } finally {
        date.restore();
      }
    }
  });
});
