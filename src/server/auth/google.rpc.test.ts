import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { createTestApp, rpc, testDatabases, type TestApp } from '../test/harness.ts';
import { googleVerifier } from './google.ts';

/** A local key set served over HTTP, standing in for Google's: the real verifier fetches it. */
describe.each(testDatabases())('Google sign-in on %s', (kind) => {
  let t: TestApp;
  let server: Server;
  let privateKey: CryptoKey;
  let otherKey: CryptoKey;
  const clientId = 'test-client.apps.googleusercontent.com';

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
    t = await createTestApp(kind, { google: googleVerifier({ clientId, jwksUrl: url }) });
  });
  afterAll(async () => {
    await t.close();
    server.close();
  });

  const token = (
    claims: Record<string, unknown>,
    opts: { key?: CryptoKey; exp?: string; aud?: string } = {},
  ) =>
    new SignJWT({ email: 'g@example.com', email_verified: true, name: 'Gili Google', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer('https://accounts.google.com')
      .setAudience(opts.aud ?? clientId)
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? '10m')
      .sign(opts.key ?? privateKey);

  const post = (idToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken, lang: 'en' } });

  it('a valid token signs in (creating the user) and answers email, token, fullname', async () => {
    const res = await post(await token({}));
    expect(res.json()).toMatchObject({ Error: 0, email: 'g@example.com', fullname: 'Gili Google' });
    const session = res.json().token as string;
    const me = await rpc(t.app, { action: 'CheckEmail' }, { bearer: session });
    expect(me.body).toMatchObject({ Error: 0, fullname: 'Gili Google' });
  });

  it.each([
    ['signed by another key', async () => token({}, { key: otherKey })],
    ['for another audience', async () => token({}, { aud: 'someone-else' })],
    ['expired', async () => token({}, { exp: '-1m' })],
    ['with an unverified e-mail', async () => token({ email_verified: false })],
  ])('a token %s is refused', async (_name, make) => {
    const res = await post(await make());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ Error: ErrorCode.UNAUTHENTICATED });
    expect(res.json().token).toBeUndefined();
  });

  it('without a client id configured the endpoint says so', async () => {
    const plain = await createTestApp('pglite');
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { idToken: 'x'.repeat(40) },
      });
      expect(res.json().Error).toBe(ErrorCode.NOT_CONFIGURED);
    } finally {
      await plain.close();
    }
  });
});
