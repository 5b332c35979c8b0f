import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { loadConfig } from '../config.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';

const signIn = async (t: TestApp, email: string) => {
  const r = await rpc(t.app, { action: 'SendToken', email, password: 'correct horse battery' });
  return r.body.token as string;
};
const alive = async (t: TestApp, token: string) =>
  (await rpc(t.app, { action: 'CheckEmail' }, { bearer: token })).body.Error === ErrorCode.OK;

describe.each(testDatabases())('sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('a session token sent to CheckToken is answered but never becomes the cookie', async () => {
    const victim = await userWithSession(t, 'fixation@example.com');
    const r = await rpc(t.app, { action: 'CheckToken', token: victim });
    expect(r.body).toMatchObject({ Error: 0, email: 'fixation@example.com' });
    expect(r.cookies.sid).toBeUndefined();
  });

  it('/main/{email}/{token}: a one-time link made by the signed-in user starts a session once', async () => {
    const token = await userWithSession(t, 'picker@example.com');
    const made = await rpc(t.app, { action: 'CreateMainLink', lang: 'en' }, { bearer: token });
    expect(made.body).toMatchObject({ Error: 0, minutes: 5 });
    const url = new URL(made.body.url as string);
    const [, main, email, link] = url.pathname.split('/');
    expect([main, decodeURIComponent(email!), link]).toEqual([
      'main',
      'picker@example.com',
      made.body.token,
    ]);
    // Not a session token: it signs nobody in as a bearer.
    expect(await alive(t, link!)).toBe(false);

    const fresh = await rpc(t.app, {
      action: 'CheckToken',
      token: link,
      email: 'picker@example.com',
    });
    expect(fresh.body).toMatchObject({ Error: 0, email: 'picker@example.com' });
    expect(fresh.cookies.sid).toBe(fresh.body.token);
    expect(fresh.cookies.sid).not.toBe(link);
    const again = await rpc(t.app, {
      action: 'CheckToken',
      token: link,
      email: 'picker@example.com',
    });
    expect(again.body.Error).toBe(ErrorCode.LINK_INVALID);
  });

  it('a main link for another address is refused (and used up)', async () => {
    const token = await userWithSession(t, 'owner2@example.com');
    const made = await rpc(t.app, { action: 'CreateMainLink' }, { bearer: token });
    const wrong = await rpc(t.app, {
      action: 'CheckToken',
      token: made.body.token,
      email: 'someone@example.com',
    });
    expect(wrong.body.Error).toBe(ErrorCode.LINK_INVALID);
    expect(wrong.cookies.sid).toBeUndefined();
    const right = await rpc(t.app, {
      action: 'CheckToken',
      token: made.body.token,
      email: 'owner2@example.com',
    });
    expect(right.body.Error).toBe(ErrorCode.LINK_INVALID);
  });

  it('a main link expires after its minutes', async () => {
    const token = await userWithSession(t, 'slow@example.com');
    const made = await rpc(t.app, { action: 'CreateMainLink' }, { bearer: token });
    t.clock.advance(6 * 60_000);
    const late = await rpc(t.app, { action: 'CheckToken', token: made.body.token });
    expect(late.body.Error).toBe(ErrorCode.LINK_INVALID);
  });

  it('changing the password ends every other session and says so', async () => {
    const here = await userWithSession(t, 'change@example.com');
    const phone = await signIn(t, 'change@example.com');
    const laptop = await signIn(t, 'change@example.com');
    const r = await rpc(
      t.app,
      { action: 'GetSetUserData', password: 'a brand new password', lang: 'en' },
      { bearer: here },
    );
    expect(r.body).toMatchObject({ Error: 0, haspassword: 1, sessionsended: 2 });
    expect(r.body.message).toMatch(/other sessions were signed out \(2\)/);
    expect(await alive(t, here)).toBe(true);
    expect(await alive(t, phone)).toBe(false);
    expect(await alive(t, laptop)).toBe(false);
    // Saving other fields leaves sessions alone.
    const phone2 = await rpc(t.app, {
      action: 'SendToken',
      email: 'change@example.com',
      password: 'a brand new password',
    });
    await rpc(t.app, { action: 'GetSetUserData', notes: 'x' }, { bearer: here });
    expect(await alive(t, phone2.body.token as string)).toBe(true);
  });

  it('sign out everywhere ends every session of the caller, and only theirs', async () => {
    const here = await userWithSession(t, 'everywhere@example.com');
    const other = await signIn(t, 'everywhere@example.com');
    const bystander = await userWithSession(t, 'bystander@example.com');
    const cookies = { sid: here, 'XSRF-TOKEN': 'x1' };
    const r = await rpc(
      t.app,
      { action: 'SignOutEverywhere' },
      { cookies, headers: { 'x-xsrf-token': 'x1' } },
    );
    expect(r.body).toMatchObject({ Error: 0, ended: 2 });
    expect(r.cookies.sid).toBe('');
    expect(await alive(t, here)).toBe(false);
    expect(await alive(t, other)).toBe(false);
    expect(await alive(t, bystander)).toBe(true);
  });
});

describe('sign-in links in the log', () => {
  it('only in the dev outbox case: never with SMTP, never in production, and not when switched off', () => {
    expect(loadConfig({}).logSigninLinks).toBe(true);
    expect(loadConfig({ SMTP_HOST: 'smtp.example.com' }).logSigninLinks).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://u:p@smtp.example.com' }).logSigninLinks).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: '1' }).logSigninLinks).toBe(
      false,
    );
    expect(loadConfig({ LOG_SIGNIN_LINKS: '0' }).logSigninLinks).toBe(false);
  });
});
