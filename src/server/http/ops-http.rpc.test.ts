import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { actionNames } from '../../protocol/registry.ts';
import { buildApp } from '../app.ts';
import { precompressDir } from './precompress.ts';
import type { Config } from '../config.ts';
import {
  createTestApp,
  rpc,
  secondInstance,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';

let t: TestApp;
const others: FastifyInstance[] = [];
let webDir: string;
/** A hashed asset as Vite names them, big enough to be compressed. */
const asset = 'assets/index-Ab12Cd34.js';
const assetBody = `console.log(${JSON.stringify('שלום עולם '.repeat(400))});\n`;
/** One the build did not precompress: compressed per request. */
const lateAsset = 'assets/late-Zz98Yy76.css';
const lateBody = `.x{color:red}\n`.repeat(300);

/** Another app over the same database, with some settings changed. */
async function appWith(change: Partial<Config>, deps: Partial<TestApp['deps']> = {}) {
  const app = await buildApp({
    ...(await secondInstance(t)),
    ...deps,
    config: { ...t.deps.config, ...change },
  });
  await app.ready();
  others.push(app);
  return app;
}

beforeAll(async () => {
  t = await createTestApp('pglite');
  webDir = mkdtempSync(join(tmpdir(), 'sefer-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(
    join(webDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(webDir, asset), assetBody);
  // As the build does (vite.config.ts), before the late asset exists.
  precompressDir(join(webDir, 'assets'));
  writeFileSync(join(webDir, lateAsset), lateBody);
  writeFileSync(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(async () => {
  for (const app of others) await app.close();
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('every answer carries a CSP without inline script, and the other headers', async () => {
    for (const url of ['/api/health', '/api/config', '/nothing-here']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      const directive = (name: string) =>
        csp
          .split(';')
          .map((d) => d.trim())
          .find((d) => d.startsWith(`${name} `));
      expect(directive('script-src')).toBe("script-src 'self'");
      expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(directive('object-src')).toBe("object-src 'none'");
      expect(directive('img-src')).toBe("img-src 'self' data: blob:");
      expect(directive('style-src')).toBe("style-src 'self' 'unsafe-inline'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      // Plain http: no HSTS (it would lock a local install out of http).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('https adds HSTS; Google sign-in and a CDN add their origins', async () => {
    const app = await appWith(
      { publicUrl: 'https://sefer.example', CSP_MEDIA_ORIGINS: ['https://cdn.example'] },
      {
        google: { clientId: 'x.apps.googleusercontent.com', verify: async () => null } as never,
      },
    );
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    expect(csp).toContain("frame-src 'self' https://accounts.google.com/gsi/");
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.example");
    expect(csp).toContain('upgrade-insecure-requests');
  });

  it('cookies are Secure when the request came over https through a trusted proxy', async () => {
    const app = await appWith({ TRUST_PROXY: true });
    const plain = await app.inject({ method: 'GET', url: '/api/config' });
    const xsrf = (r: typeof plain) => r.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(xsrf(plain)?.secure).toBeFalsy();
    const proxied = await app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(xsrf(proxied)?.secure).toBe(true);
    // Without TRUST_PROXY the header is anyone's to send: it changes nothing.
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(xsrf(spoofed)?.secure).toBeFalsy();
  });

  it('a page is given the XSRF cookie; a Bearer caller, who uses no cookies, is not', async () => {
    const token = await userWithSession(t, 'xsrf-bearer@example.com');
    const ask = { action: 'GetFriends' };
    const bearer = await rpc(t.app, ask, { bearer: token });
    expect(bearer.body.Error).toBe(0);
    expect(bearer.cookies['XSRF-TOKEN']).toBeUndefined();
    // The same answer carries the security headers.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: JSON.stringify(ask),
    });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    // A browser with neither cookie yet (before it signs in) is given one.
    const page = await rpc(t.app, ask);
    expect(page.cookies['XSRF-TOKEN']).toMatch(/^[\w-]{20,}$/);
  });
});

describe('the web client', () => {
  it('hashed assets are immutable and compressed; the page is revalidated; HEAD / answers', async () => {
    const app = await appWith({ webDir });
    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers });
    const IMMUTABLE = 'public, max-age=31536000, immutable';
    const varies = (r: { headers: Record<string, unknown> }) =>
      String(r.headers.vary ?? '')
        .toLowerCase()
        .split(/\s*,\s*/)
        .includes('accept-encoding');

    // Brotli: the build's copy, sent as it is (quality 11: far smaller than per-request).
    const br = await get(`/${asset}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(varies(br)).toBe(true);
    expect(br.rawPayload.equals(readFileSync(join(webDir, `${asset}.br`)))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(assetBody);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(assetBody) / 4);

    const gz = await get(`/${asset}`, { 'accept-encoding': 'gzip' });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(varies(gz)).toBe(true);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(assetBody);

    // No compression asked: the file itself, still varying on the header.
    const plain = await get(`/${asset}`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(assetBody);
    expect(varies(plain)).toBe(true);

    // Each representation has its own validator, and a matching one gets a 304.
    const tags = [br, gz, plain].map((r) => r.headers.etag);
    for (const tag of tags) expect(tag).toBeTruthy();
    expect(new Set(tags).size).toBe(3);
    const again = await get(`/${asset}`, {
      'accept-encoding': 'gzip, deflate, br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);

    // An asset without a build copy is compressed per request.
    const late = await get(`/${lateAsset}`, { 'accept-encoding': 'br' });
    expect(late.headers['cache-control']).toBe(IMMUTABLE);
    expect(late.headers['content-encoding']).toBe('br');
    expect(varies(late)).toBe(true);
    expect(brotliDecompressSync(late.rawPayload).toString()).toBe(lateBody);

    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');

    for (const url of ['/', '/chat/holmes']) {
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toContain('text/html');
      expect(head.body).toBe('');
    }
    expect((await app.inject({ method: 'HEAD', url: '/api/nothing' })).statusCode).toBe(404);
  });

  it('API answers are compressed when large enough', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/schema',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).openapi).toBe('3.1.0');
  });

  it('the schema names the events of each streaming action, as the registry declares them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/schema' });
    const schemas = res.json().components.schemas as Record<string, Record<string, unknown>>;
    expect(schemas.AskFriendRequest!['x-stream-events']).toEqual([
      'start',
      'delta',
      'restart',
      'done',
    ]);
    expect(schemas.MultiChatAskRequest!['x-stream-events']).toContain('speaker');
    expect(schemas.AskGraphicalDesignerRequest!['x-stream-events']).toContain('image');
    expect(schemas.GetCategoriesRequest!['x-stream-events']).toBeUndefined();
  });
});

describe('operations endpoints', () => {
  it('health and ready answer; ready checks the database and the migrations', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      ok: true,
    });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true });

    const broken = await appWith(
      {},
      {
        db: {
          execute: async () => {
            throw new Error('connection refused');
          },
        } as never,
      },
    );
    const down = await broken.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ ok: false, reason: 'database unreachable' });
  });

  it('every answer has an x-request-id; a safe one from a proxy is kept', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/nothing' }),
      await t.app.inject({
        method: 'POST',
        url: '/api',
        payload: 'not json',
        headers: { 'content-type': 'application/json' },
      }),
      await t.app.inject({ method: 'POST', url: '/api', payload: { action: 'Nope' } }),
    ];
    const ids = answers.map((r) => r.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);

    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a9c21' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\u0007' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('GET /api/schema is an OpenAPI document of every action', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/schema' })).json();
    expect(doc.openapi).toBe('3.1.0');
    const mapping = doc.paths['/api'].post.requestBody.content['application/json'].schema
      .discriminator.mapping as Record<string, string>;
    expect(Object.keys(mapping).sort()).toEqual([...actionNames].sort());
    const ask = doc.components.schemas.AskFriendRequest;
    expect(ask.required).toContain('action');
    expect(ask.properties.action.const).toBe('AskFriend');
    expect(ask.properties.message.type).toBe('string');
    expect(ask['x-access']).toBe('user');
    expect(doc.components.schemas.GetFriendsAnswer.properties.Error.type).toBe('integer');
  });
});

describe('the global /api request limit', () => {
  it('refuses a client past its limit with the API error shape, in its language', async () => {
    const app = await appWith({ API_RATE_LIMIT: 3 });
    const call = () =>
      rpc(app, { action: 'GetLangFromIP' }, { headers: { 'accept-language': 'en-US' } });
    for (let i = 0; i < 3; i++) expect((await call()).status).toBe(200);
    const refused = await app.inject({
      method: 'POST',
      url: '/api',
      payload: { action: 'GetLangFromIP' },
      headers: { 'accept-language': 'he-IL' },
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ Error: ErrorCode.RATE_LIMITED });
    expect(refused.json().Errstr).toMatch(/[\u0590-\u05FF]/);
    const en = await call();
    expect(en.body.Errstr).toMatch(/Too many requests/);
    // Probes are not counted: a load balancer keeps seeing the instance.
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('counts per session, and per address whatever tokens are sent', async () => {
    const app = await appWith({ API_RATE_LIMIT: 2, API_RATE_LIMIT_PER_IP: 5 });
    const tokenA = await userWithSession(t, 'a.limit@example.com');
    const tokenB = await userWithSession(t, 'b.limit@example.com');
    const as = (bearer: string) => rpc(app, { action: 'GetLangFromIP' }, { bearer });
    expect((await as(tokenA)).status).toBe(200);
    expect((await as(tokenA)).status).toBe(200);
    expect((await as(tokenA)).status).toBe(429);
    // Another session from the same address has its own budget...
    expect((await as(tokenB)).status).toBe(200);
    // ...until the address's own limit: invented tokens don't get around it.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await as(`made-up-${i}`)).status);
    expect(statuses).toEqual([401, 429, 429]);
  });
});
