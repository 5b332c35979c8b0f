import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  directEndpoints,
  type DirectEndpointDef,
  type DirectEndpointName,
} from '../../protocol/direct.ts';
import { ErrorCode, errorText } from '../../protocol/errors.ts';
import { ActionsPath, AdminPath, MetricsPath } from '../../protocol/paths.ts';
import { RpcActionRoute } from '../ops/metrics-http.ts';
import { createTestApp, testDatabases, type TestApp } from '../test/harness.ts';
import { seedVictim, snapshot } from './security-fixture.ts';

/**
 * Generated from the direct-endpoint registry, like the actions' tests: every endpoint is
 * called anonymously, with a cookie but no XSRF header, as a stranger naming someone else,
 * as a stranger aiming at the victim's private character or image, and with malformed
 * input; each must refuse cleanly (no 5xx), leak nothing and change nothing (rows or files).
 * The samples are typed by the registry: a new endpoint cannot skip these tests.
 */
interface Sample {
  /** Text fields (multipart), JSON body fields, or query parameters. */
  fields: Record<string, string>;
  file?: { name: string; content: string; field?: string };
  /** For `path` endpoints: what follows the path. */
  tail?: string;
  /** Points at the victim's private data (a stranger must get nothing of it). */
  targetsVictim?: boolean;
}

const samples: { [K in DirectEndpointName]: Sample } = {
  config: { fields: {} },
  health: { fields: {} },
  ready: { fields: {} },
  schema: { fields: {} },
  upload: {
    fields: { friend: 'victimsecret', user: 'victim@example.com', subject: 'x' },
    file: { name: 'notes.txt', content: 'overwritten knowledge' },
    targetsVictim: true,
  },
  uploadImage: {
    fields: { friend: 'victimsecret', user: 'victim@example.com' },
    file: { name: 'face.gif', content: 'GIF89a not really' },
    targetsVictim: true,
  },
  googleDocs: {
    fields: {
      action: 'read_doc',
      email: 'victim@example.com',
      friend: 'victimsecret',
      doc_url: 'https://docs.google.com/document/d/abcdefghijklmnopqrstuvwxyz/edit',
    },
    targetsVictim: true,
  },
  googleDocsCallback: { fields: { code: 'stolen-code', state: 'forged-state' } },
  download: { fields: { imagename: 'g_victim.png' }, targetsVictim: true },
  publicImages: { fields: {}, tail: 'g_victim.png', targetsVictim: true },
  googleSignIn: { fields: { idToken: 'forged.id.token.value' } },
  transcribe: {
    fields: { lang: 'he' },
    file: { name: 'speech.webm', content: `\x1a\x45\xdf\xa3${'x'.repeat(4000)}`, field: 'audio' },
  },
  speech: {
    fields: {
      email: 'victim@example.com',
      friendid: 'victimsecret',
      messageid: '1',
      text: 'the vault code is 1234',
      voice: 'onyx',
    },
    targetsVictim: true,
  },
  voiceStatus: { fields: {} },
  payment: {
    fields: { action: 'orderstatus', email: 'victim@example.com', order: '1' },
    targetsVictim: true,
  },
  paymentWebhook: { fields: { id: 'evt_forged', type: 'checkout.session.completed' } },
  paymentSandbox: { fields: { order: '1', key: 'victim-order-key-0001' }, targetsVictim: true },
  paymentSandboxConfirm: {
    fields: { order: '1', key: 'forged-order-key-0001', choice: 'success' },
    targetsVictim: true,
  },
  paymentInvoice: { fields: { order: '1' }, targetsVictim: true },
  paymentCheckout: { fields: { order: '1' }, targetsVictim: true },
  paymentReturn: { fields: { order: 'x' } },
  paymentScript: { fields: { v: 'x' } },
  cardImport: {
    fields: { user: 'victim@example.com' },
    file: {
      name: 'card.json',
      content: JSON.stringify({ spec: 'chara_card_v2', data: { name: 'Intruder' } }),
    },
  },
  cardExport: { fields: { friendid: 'victimsecret', format: 'json' }, targetsVictim: true },
};

const LEAKS = /vault code|private prompt|diary|pal@|not really a png|SB-000001|Victim pack/;

function multipart(fields: Record<string, unknown>, file?: Sample['file']) {
  const boundary = '----sefer-security-test';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `content-type: application/octet-stream\r\n\r\n${file.content}\r\n`,
      ),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

interface Caller {
  bearer?: string;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
}

async function callEndpoint(
  t: TestApp,
  def: DirectEndpointDef,
  sample: Sample,
  fields: Record<string, unknown>,
  caller: Caller = {},
) {
  const headers: Record<string, string> = { ...caller.headers };
  if (caller.bearer) headers.authorization = `Bearer ${caller.bearer}`;
  let url = def.path;
  let payload: Buffer | string | undefined;
  if (def.body === 'multipart') {
    const m = multipart(fields, sample.file);
    payload = m.payload;
    headers['content-type'] = m.type;
  } else if (def.body === 'json') {
    payload = JSON.stringify(fields);
    headers['content-type'] = 'application/json';
  } else if (def.body === 'form') {
    payload = new URLSearchParams(fields as Record<string, string>).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (def.body === 'query') {
    url += `?${new URLSearchParams(fields as Record<string, string>).toString()}`;
  } else {
    url += encodeURIComponent(String(sample.tail ?? ''));
  }
  const res = await t.app.inject({
    method: def.method,
    url,
    headers,
    cookies: caller.cookies ?? {},
    ...(payload !== undefined ? { payload } : {}),
  });
  const sid = res.cookies.find((c) => c.name === 'sid')?.value ?? '';
  return { status: res.statusCode, text: res.body, sid };
}

const names = Object.keys(directEndpoints) as DirectEndpointName[];

/**
 * Every route the app serves, as `METHOD /path`, read from Fastify's own route table
 * (`printRoutes` draws it as a tree of path pieces; HEAD answers come with every GET).
 */
function servedRoutes(app: TestApp['app']): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    stack.length = m[1]!.length / 4;
    stack.push(m[2]!);
    for (const method of (m[3] ?? '').split(', ')) {
      if (method && method !== 'HEAD') routes.push(`${method} ${stack.join('')}`);
    }
  }
  return routes;
}

/** Routes that are not direct endpoints, and why: anything else must be in the registry. */
const NOT_DIRECT: Record<string, string> = {
  [`POST ${ActionsPath}`]: 'the actions: registry-security.test.ts calls every one',
  [`POST ${RpcActionRoute}`]:
    'the actions one per path: registry-security.test.ts calls every one there too',
  [`POST ${AdminPath}`]: 'the admin CLI: loopback only, with a key no session has (admin tests)',
  [`GET ${MetricsPath}`]:
    "the operator's metrics: direct loopback or METRICS_TOKEN, a 404 to anyone else (below, and ops/metrics.rpc.test.ts)",
};

/**
 * The web client: its pages and the built app's files (no data, no session needed). Once the
 * client is built, @fastify/static serves each file of the web folder at its own route.
 */
const isWebClient = (route: string, webDir: string) =>
  /^GET (\*|\/(assets|icons|sw\.js|manifest))/.test(route) ||
  (route.startsWith('GET /') &&
    statSync(join(webDir, route.slice(5)), { throwIfNoEntry: false })?.isFile() === true);

/**
 * One database: PostgreSQL when one is configured (CI), else the embedded PGlite. The refusals
 * are decided before any SQL runs and every domain's rpc tests run on both databases, so a
 * second pass over every endpoint bought CI minutes, not safety (docs/decisions.md).
 */
describe.each(testDatabases().slice(-1))('direct endpoints refuse cleanly on %s', (kind) => {
  let t: TestApp;
  let stranger: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ stranger } = await seedVictim(t));
  });
  afterAll(() => t.close());

  /** Calls, then checks: a 4xx refusal, no session handed out, nothing leaked, nothing changed. */
  async function expectRefused(
    name: DirectEndpointName,
    fields: Record<string, unknown>,
    caller: Caller,
    statuses?: number[],
  ) {
    const def = directEndpoints[name];
    const before = await snapshot(t);
    const r = await callEndpoint(t, def, samples[name], fields, caller);
    expect(r.status, r.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(r.status, r.text.slice(0, 300)).toBeLessThan(500);
    if (statuses) expect(statuses, r.text.slice(0, 300)).toContain(r.status);
    expect(r.sid).toBe('');
    expect(r.text).not.toMatch(LEAKS);
    expect(await snapshot(t)).toBe(before);
    return r;
  }

  it('the samples cover the direct endpoints exactly', () => {
    expect(Object.keys(samples).sort()).toEqual([...names].sort());
  });

  it('every route the app serves is an action, a registered direct endpoint or the web client', () => {
    const registered = names.map((n) => {
      const def: DirectEndpointDef = directEndpoints[n];
      // A path endpoint serves what follows its path (/files/images/:name).
      return def.body === 'path' ? `${def.method} ${def.path}:` : `${def.method} ${def.path}`;
    });
    const served = servedRoutes(t.app);
    const known = (route: string) =>
      route in NOT_DIRECT ||
      isWebClient(route, t.deps.config.webDir) ||
      registered.some((r) => (r.endsWith(':') ? route.startsWith(r) : route === r));
    expect(served.filter((r) => !known(r))).toEqual([]);
    // And the other way: every registered endpoint is served.
    for (const r of registered)
      expect(
        served.some((route) => (r.endsWith(':') ? route.startsWith(r) : route === r)),
        r,
      ).toBe(true);
  });

  for (const name of names) {
    const def: DirectEndpointDef = directEndpoints[name];
    const sample = samples[name];
    if (def.access !== 'public') {
      it(`${name}: anonymous is refused`, async () => {
        await expectRefused(name, sample.fields, {}, [401]);
      });
      it(`${name}: a forged bearer token is refused`, async () => {
        await expectRefused(name, sample.fields, { bearer: 'forged-token' }, [401]);
      });
    }
    if (def.method !== 'GET' && def.access !== 'public') {
      it(`${name}: a session cookie without the XSRF header is refused`, async () => {
        const cookies = { sid: stranger, 'XSRF-TOKEN': 'a' };
        const r = await expectRefused(name, sample.fields, { cookies }, [403]);
        // Refused as a forged request, before the stranger's own rights are even looked at.
        expect(r.text).toContain(errorText(ErrorCode.CSRF, 'he'));
      });
    }
    if (def.identity) {
      it(`${name}: a stranger naming someone else in "${def.identity}" is refused`, async () => {
        await expectRefused(name, sample.fields, { bearer: stranger }, [403]);
      });
    }
    if (sample.targetsVictim) {
      it(`${name}: a stranger gets nothing of the victim's private data`, async () => {
        const { user: _u, email: _e, ...rest } = sample.fields;
        await expectRefused(name, rest, { bearer: stranger });
      });
    }
    const inputFields = Object.keys(sample.fields);
    if (inputFields.length > 0 || def.body === 'path') {
      it(`${name}: huge inputs are refused`, async () => {
        const huge: Record<string, string> = {};
        for (const f of inputFields) huge[f] = 'א'.repeat(def.body === 'query' ? 3000 : 100_000);
        await expectRefused(name, huge, { bearer: stranger });
      });
    }
    if (def.body === 'json') {
      for (const field of inputFields) {
        it(`${name}: a wrong type in "${field}" is refused`, async () => {
          await expectRefused(
            name,
            { ...sample.fields, [field]: { nested: [1, 2] } },
            {
              bearer: stranger,
            },
          );
        });
        // String() of it recursed once per level and overflowed the stack (a 500).
        it(`${name}: a 10,000-deep array in "${field}" is refused`, async () => {
          const deep = '['.repeat(10_000) + ']'.repeat(10_000);
          // The stranger names themselves: the input is parsed after the identity check.
          const own = def.identity ? { [def.identity]: 'stranger@example.com' } : {};
          const fields = { ...sample.fields, ...own, [field]: '\u0001' };
          const payload = JSON.stringify(fields).replace('"\\u0001"', deep);
          const before = await snapshot(t);
          const r = await t.app.inject({
            method: def.method,
            url: def.path,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${stranger}` },
            payload,
          });
          expect(r.statusCode, r.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
          expect(r.statusCode, r.body.slice(0, 300)).toBeLessThan(500);
          expect(await snapshot(t)).toBe(before);
        });
      }
    }
  }

  it('/metrics is a 404 to a caller from elsewhere, whatever it bears, and tells nothing', async () => {
    const callers: Caller[] = [
      {},
      { bearer: stranger },
      { bearer: 'forged-token' },
      { cookies: { sid: stranger, 'XSRF-TOKEN': 'a' }, headers: { 'x-xsrf-token': 'a' } },
    ];
    for (const caller of callers) {
      const headers: Record<string, string> = { ...caller.headers };
      if (caller.bearer) headers.authorization = `Bearer ${caller.bearer}`;
      const res = await t.app.inject({
        method: 'GET',
        url: MetricsPath,
        remoteAddress: '203.0.113.9',
        headers,
        cookies: caller.cookies ?? {},
      });
      expect(res.statusCode, JSON.stringify(caller)).toBe(404);
      expect(res.body).not.toMatch(/sefer_|process_|nodejs_/);
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
  });

  it('a multipart endpoint refuses a body that is not a form, and a JSON endpoint one that is not JSON', async () => {
    for (const name of names) {
      const def = directEndpoints[name];
      if (def.method === 'GET') continue;
      const before = await snapshot(t);
      const res = await t.app.inject({
        method: 'POST',
        url: def.path,
        headers: {
          authorization: `Bearer ${stranger}`,
          'content-type': def.body === 'multipart' ? 'application/json' : 'multipart/form-data',
        },
        payload: '{"broken": ',
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
      expect(await snapshot(t)).toBe(before);
    }
  });
});
