import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { movableDate } from '../test/limiters.ts';
import {
  createTestApp,
  lastLinkToken,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';

describe.each(testDatabases())('sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('first-time address answers Error 10, registration mails a link but starts no session', async () => {
    const first = await rpc(t.app, {
      action: 'SendToken',
      email: 'New@Example.com',
      sendlink: 0,
      lang: 'en',
    });
    expect(first.body.Error).toBe(ErrorCode.FIRST_TIME);
    expect(first.body.Errstr).toMatch(/first time/i);

    const reg = await rpc(t.app, {
      action: 'RegisterFullname',
      email: 'new@example.com',
      fullname: 'Noa Levi',
      lang: 'he',
    });
    expect(reg.body).toMatchObject({ Error: 0, sent: 1 });
    expect(reg.body.token).toBeUndefined();
    expect(reg.cookies.sid).toBeUndefined();
    expect(t.mails.at(-1)?.to).toBe('new@example.com');
    expect(t.mails.at(-1)?.subject).toBe('קישור הכניסה שלך');

    const link = lastLinkToken(t.mails, 'new@example.com');
    const check = await rpc(t.app, { action: 'CheckToken', token: link });
    expect(check.body).toMatchObject({
      Error: 0,
      email: 'new@example.com',
      fullname: 'Noa Levi',
      type: 1,
    });
    expect(typeof check.body.token).toBe('string');
    expect(check.cookies.sid).toBe(check.body.token);

    // The session works as a bearer token.
    const data = await rpc(
      t.app,
      { action: 'GetSetUserData' },
      { bearer: check.body.token as string },
    );
    expect(data.body).toMatchObject({ Error: 0, email: 'new@example.com', fullname: 'Noa Levi' });
  });

  it('a link keeps only a pending character that exists and the reader may open', async () => {
    const { friends } = await import('../db/schema.ts');
    await t.deps.db
      .insert(friends)
      .values({ friendid: 'secretone', friendname: 'Secret', publicfriend: 0 });
    const pendingAfterLink = async (email: string, friendid: string) => {
      await rpc(t.app, {
        action: 'RegisterFullname',
        email,
        fullname: 'Pending',
        lang: 'en',
        friendid,
      });
      const check = await rpc(t.app, {
        action: 'CheckToken',
        token: lastLinkToken(t.mails, email),
      });
      expect(check.body.Error).toBe(0);
      return { friendid: check.body.friendid, mail: t.mails.at(-1)!.text };
    };
    expect(await pendingAfterLink('p1@example.com', 'HolmesEn')).toMatchObject({
      friendid: 'holmesen',
    });
    for (const [email, id] of [
      ['p2@example.com', 'nosuchone'],
      ['p3@example.com', 'secretone'],
    ] as const) {
      const { friendid, mail } = await pendingAfterLink(email, id);
      expect(friendid).toBeUndefined();
      expect(mail).not.toContain('/friend/');
    }
  });

  it('a link works once', async () => {
    await rpc(t.app, { action: 'RegisterFullname', email: 'once@example.com', fullname: 'Once' });
    const link = lastLinkToken(t.mails, 'once@example.com');
    expect((await rpc(t.app, { action: 'CheckToken', token: link })).body.Error).toBe(0);
    const again = await rpc(t.app, { action: 'CheckToken', token: link, lang: 'en' });
    expect(again.body.Error).toBe(ErrorCode.LINK_INVALID);
    expect(again.body.Errstr).toMatch(/already used|expired/);
  });

  it('a link expires', async () => {
    await rpc(t.app, { action: 'RegisterFullname', email: 'late@example.com', fullname: 'Late' });
    const link = lastLinkToken(t.mails, 'late@example.com');
    t.clock.advance(21 * 60_000);
    expect((await rpc(t.app, { action: 'CheckToken', token: link })).body.Error).toBe(
      ErrorCode.LINK_INVALID,
    );
  });

  it('a wrong token is refused and counts toward a limit', async () => {
    const r = await rpc(
      t.app,
      { action: 'CheckToken', token: 'not-a-real-token' },
      { headers: { 'x-forwarded-for': '1.1.1.1' } },
    );
    expect(r.body.Error).toBe(ErrorCode.LINK_INVALID);
    expect(r.cookies.sid).toBeUndefined();
  });

  it('registering a proven address does not rename it and gives the caller nothing', async () => {
    await userWithSession(t, 'owner@example.com', { name: 'Real Owner' });
    const r = await rpc(t.app, {
      action: 'RegisterFullname',
      email: 'owner@example.com',
      fullname: 'Attacker',
    });
    expect(r.body).toEqual({ Error: 0, sent: 1 });
    const token = await userWithSession(t, 'owner@example.com', { name: 'Real Owner' });
    const me = await rpc(t.app, { action: 'CheckEmail' }, { bearer: token });
    expect(me.body.fullname).toBe('Real Owner');
  });

  it('password sign-in answers a token; a wrong password does not; an empty one sends a link', async () => {
    await userWithSession(t, 'pw@example.com');
    const ok = await rpc(t.app, {
      action: 'SendToken',
      email: 'pw@example.com',
      password: 'correct horse battery',
    });
    expect(ok.body).toMatchObject({ Error: 0, email: 'pw@example.com', type: 1 });
    expect(ok.body.token).toBeTruthy();
    expect(ok.cookies.sid).toBe(ok.body.token);

    const bad = await rpc(t.app, {
      action: 'SendToken',
      email: 'pw@example.com',
      password: 'nope',
      lang: 'he',
    });
    expect(bad.body.Error).toBe(ErrorCode.WRONG_PASSWORD);
    expect(bad.body.token).toBeUndefined();
    expect(bad.body.Errstr).toMatch(/הסיסמה שגויה/);

    const before = t.mails.length;
    const empty = await rpc(t.app, {
      action: 'SendToken',
      email: 'pw@example.com',
      password: '',
      passwordmode: 1,
    });
    expect(empty.body).toMatchObject({ Error: 0, sent: 1 });
    expect(t.mails.length).toBe(before + 1);
  });

  it('known address in the e-mail step: Error 0 without sending anything or revealing the name', async () => {
    await userWithSession(t, 'step@example.com', { name: 'Hidden Name' });
    const before = t.mails.length;
    const r = await rpc(t.app, { action: 'SendToken', email: 'step@example.com', sendlink: 0 });
    expect(r.body).toEqual({ Error: 0, haspassword: 1 });
    expect(t.mails.length).toBe(before);
  });

  it('password attempts are throttled per address', async () => {
    await userWithSession(t, 'brute@example.com');
    let last;
    for (let i = 0; i < 9; i++) {
      last = await rpc(t.app, {
        action: 'SendToken',
        email: 'brute@example.com',
        password: `guess${i}`,
      });
    }
    expect(last!.body.Error).toBe(ErrorCode.RATE_LIMITED);
    expect(last!.status).toBe(429);
    // Even the right password is refused while the limit holds.
    const right = await rpc(t.app, {
      action: 'SendToken',
      email: 'brute@example.com',
      password: 'correct horse battery',
    });
    expect(right.body.Error).toBe(ErrorCode.RATE_LIMITED);
    // The limiter reads Date (rate-limiter-flexible takes no clock): both move.
    const date = movableDate();
    try {
      t.clock.advance(16 * 60_000);
      date.advance(16 * 60_000);
      const later = await rpc(t.app, {
        action: 'SendToken',
        email: 'brute@example.com',
        password: 'correct horse battery',
      });
      expect(later.body.Error).toBe(0);
    } finally {
      date.restore();
    }
  });

  it('link requests are rate-limited per address', async () => {
    await userWithSession(t, 'flood@example.com');
    const codes = [];
    for (let i = 0; i < 7; i++) {
      codes.push(
        (await rpc(t.app, { action: 'SendToken', email: 'flood@example.com', sendlink: 1 })).body
          .Error,
      );
    }
    expect(codes.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(codes.slice(5)).toEqual([ErrorCode.RATE_LIMITED, ErrorCode.RATE_LIMITED]);
  });

  it('cookie sessions need the X-XSRF-TOKEN header matching the cookie', async () => {
    const token = await userWithSession(t, 'csrf@example.com');
    const noHeader = await rpc(
      t.app,
      { action: 'GetSetUserData', notes: 'changed' },
      { cookies: { sid: token, 'XSRF-TOKEN': 'abc' } },
    );
    expect(noHeader.status).toBe(403);
    expect(noHeader.body.Error).toBe(ErrorCode.CSRF);
    const wrong = await rpc(
      t.app,
      { action: 'GetSetUserData', notes: 'changed' },
      { cookies: { sid: token, 'XSRF-TOKEN': 'abc' }, headers: { 'x-xsrf-token': 'abd' } },
    );
    expect(wrong.body.Error).toBe(ErrorCode.CSRF);
    const noCookie = await rpc(
      t.app,
      { action: 'GetSetUserData', notes: 'changed' },
      { cookies: { sid: token }, headers: { 'x-xsrf-token': 'abc' } },
    );
    expect(noCookie.body.Error).toBe(ErrorCode.CSRF);
    const unchanged = await rpc(t.app, { action: 'GetSetUserData' }, { bearer: token });
    expect(unchanged.body.notes).toBe('');

    const ok = await rpc(
      t.app,
      { action: 'GetSetUserData', notes: 'changed' },
      { cookies: { sid: token, 'XSRF-TOKEN': 'abc' }, headers: { 'x-xsrf-token': 'abc' } },
    );
    expect(ok.body).toMatchObject({ Error: 0, notes: 'changed' });
  });

  it('CheckToken without a token checks the cookie session; SignOut ends it', async () => {
    const token = await userWithSession(t, 'out@example.com', { name: 'Out' });
    const cookies = { sid: token, 'XSRF-TOKEN': 'x1' };
    const headers = { 'x-xsrf-token': 'x1' };
    const me = await rpc(t.app, { action: 'CheckToken' }, { cookies, headers });
    expect(me.body).toMatchObject({
      Error: 0,
      email: 'out@example.com',
      fullname: 'Out',
      token: '',
    });
    const out = await rpc(t.app, { action: 'SignOut' }, { cookies, headers });
    expect(out.body.Error).toBe(0);
    expect(out.cookies.sid).toBe('');
    const after = await rpc(t.app, { action: 'GetSetUserData' }, { bearer: token });
    expect(after.body.Error).toBe(ErrorCode.UNAUTHENTICATED);
  });

  it('a session expires', async () => {
    const token = await userWithSession(t, 'expire@example.com');
    t.clock.advance(31 * 86400_000);
    expect((await rpc(t.app, { action: 'CheckEmail' }, { bearer: token })).body.Error).toBe(
      ErrorCode.UNAUTHENTICATED,
    );
  });

  it('an unknown bearer token is refused', async () => {
    const r = await rpc(t.app, { action: 'GetCategories' }, { bearer: 'forged' });
    expect(r.status).toBe(401);
    expect(r.body.Error).toBe(ErrorCode.UNAUTHENTICATED);
  });
});

describe('sweep', () => {
  it('drops expired sessions and used links, keeps live ones', async () => {
    const t = await createTestApp('pglite');
    try {
      const live = await userWithSession(t, 'live@example.com');
      const { sessions, signinLinks } = await import('../db/schema.ts');
      await rpc(t.app, { action: 'RegisterFullname', email: 'gone@example.com', fullname: 'Gone' });
      await rpc(t.app, { action: 'CheckToken', token: lastLinkToken(t.mails, 'gone@example.com') });
      expect((await t.deps.db.select().from(sessions)).length).toBe(2);
      t.clock.advance(29 * 86400_000);
      await userWithSession(t, 'later@example.com');
      t.clock.advance(2 * 86400_000);
      const { authService } = await import('./auth.service.ts');
      const { createRepos } = await import('../repos.ts');
      await authService(t.deps, createRepos(t.deps.db)).sweep();
      expect((await t.deps.db.select().from(sessions)).length).toBe(1);
      expect((await t.deps.db.select().from(signinLinks)).length).toBe(0);
      expect((await rpc(t.app, { action: 'CheckEmail' }, { bearer: live })).body.Error).toBe(
        ErrorCode.UNAUTHENTICATED,
      );
    } finally {
      await t.close();
    }
  });
});
