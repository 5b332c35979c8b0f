import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';

describe.each(testDatabases())('user actions on %s', (kind) => {
  let t: TestApp;
  let plain: string;
  let creator: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    plain = await userWithSession(t, 'plain@example.com', { name: 'Plain Reader' });
    creator = await userWithSession(t, 'creator@example.com', {
      grant: 'canadd,imgedit,globalpriv',
      usertype: 2,
    });
  });
  afterAll(() => t.close());

  it('CheckEmail answers the session user', async () => {
    const r = await rpc(
      t.app,
      { action: 'CheckEmail', email: 'plain@example.com' },
      { bearer: plain },
    );
    expect(r.body).toEqual({ Error: 0, fullname: 'Plain Reader', type: 1 });
  });

  it('GetSetUserData reads and saves name, notes, autoread and password', async () => {
    const read = await rpc(
      t.app,
      { action: 'GetSetUserData', email: 'plain@example.com' },
      { bearer: plain },
    );
    expect(read.body).toMatchObject({
      Error: 0,
      email: 'plain@example.com',
      autoread: 0,
      created: 0,
      haspassword: 1,
    });
    expect(read.body).not.toHaveProperty('passwordHash');
    expect(read.body).not.toHaveProperty('password');

    const saved = await rpc(
      t.app,
      {
        action: 'GetSetUserData',
        fullname: 'Plain R.',
        notes: 'אני אוהבת ספרי בלשים',
        autoread: 1,
        password: 'a new password',
      },
      { bearer: plain },
    );
    expect(saved.body).toMatchObject({
      Error: 0,
      fullname: 'Plain R.',
      notes: 'אני אוהבת ספרי בלשים',
      autoread: 1,
    });
    const login = await rpc(t.app, {
      action: 'SendToken',
      email: 'plain@example.com',
      password: 'a new password',
    });
    expect(login.body.Error).toBe(0);
  });

  it('a short password is refused in the caller language and nothing changes', async () => {
    const r = await rpc(
      t.app,
      { action: 'GetSetUserData', password: 'short', fullname: 'X', lang: 'en' },
      { bearer: plain },
    );
    expect(r.body.Error).toBe(ErrorCode.BAD_INPUT);
    expect(r.body.Errstr).toMatch(/at least 8/);
    const after = await rpc(t.app, { action: 'GetSetUserData' }, { bearer: plain });
    expect(after.body.fullname).toBe('Plain R.');
  });

  it('monthly cannot be set by the user', async () => {
    const r = await rpc(t.app, { action: 'GetSetUserData', monthly: 1 }, { bearer: plain });
    expect(r.body).toMatchObject({ Error: 0, monthly: 0 });
  });

  it('AllowAdd, GetGlobalPriv and ChkImgPermission follow the flags', async () => {
    expect((await rpc(t.app, { action: 'AllowAdd' }, { bearer: plain })).body).toEqual({
      Error: 0,
      canadd: 0,
      imgedit: 0,
    });
    expect((await rpc(t.app, { action: 'AllowAdd' }, { bearer: creator })).body).toEqual({
      Error: 0,
      canadd: 1,
      imgedit: 1,
    });
    expect((await rpc(t.app, { action: 'GetGlobalPriv' }, { bearer: plain })).body).toEqual({
      Error: 0,
      priv: 0,
    });
    expect((await rpc(t.app, { action: 'GetGlobalPriv' }, { bearer: creator })).body).toEqual({
      Error: 0,
      priv: 1,
    });
    const no = await rpc(t.app, { action: 'ChkImgPermission', lang: 'he' }, { bearer: plain });
    expect(no.body.Error).toBe(ErrorCode.FORBIDDEN);
    expect(no.body.Errstr).toBe('אין לך הרשאה ליצור תמונות');
    expect((await rpc(t.app, { action: 'ChkImgPermission' }, { bearer: creator })).body).toEqual({
      Error: 0,
    });
  });

  it('GetLangFromIP answers from the address, not the browser: Israel he/ILS, elsewhere en/USD, unknown null', async () => {
    const from = async (remoteAddress: string, acceptLanguage: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api',
          remoteAddress,
          headers: { 'content-type': 'application/json', 'accept-language': acceptLanguage },
          payload: { action: 'GetLangFromIP' },
        })
      ).json();
    // An Israeli address with an English browser is still Israel; a US one with a Hebrew one, not.
    expect(await from('212.150.0.1', 'en-GB,en;q=0.9')).toEqual({
      Error: 0,
      lang: 'he',
      currencycode: 'ILS',
    });
    expect(await from('2a02:6680::1', 'en-US')).toMatchObject({ lang: 'he', currencycode: 'ILS' });
    expect(await from('8.8.8.8', 'he-IL,he;q=0.9')).toEqual({
      Error: 0,
      lang: 'en',
      currencycode: 'USD',
    });
    for (const unknown of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.7',
      '172.20.0.5',
      '::1',
      'fd00::5',
      '198.51.100.9',
      '203.0.113.5',
      '2001:db8:14cf::1',
    ])
      expect(await from(unknown, 'en-US')).toEqual({ Error: 0, lang: null, currencycode: null });
  });

  it('an e-mail in the body that is not the caller is refused, unless the caller is an admin', async () => {
    const r = await rpc(
      t.app,
      { action: 'GetSetUserData', email: 'creator@example.com', notes: 'x' },
      { bearer: plain },
    );
    expect(r.body.Error).toBe(ErrorCode.IDENTITY_MISMATCH);
    const admin = await userWithSession(t, 'root@example.com', { usertype: 0 });
    const ok = await rpc(
      t.app,
      { action: 'CheckEmail', email: 'plain@example.com' },
      { bearer: admin },
    );
    expect(ok.body.Error).toBe(0);
  });
});
