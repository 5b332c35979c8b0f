import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MetricsPath } from '../../protocol/paths.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';

const TOKEN = 'metrics-test-token-0123456789';
const OUTSIDE = '203.0.113.7';

/** The value of one series in a text-format scrape, or undefined when it is absent. */
function series(text: string, name: string, labels: Record<string, string> = {}) {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(/,(?=[a-z_]+=")/);
    if (want.every((w) => have.includes(w))) return Number(m[3]);
  }
  return undefined;
}

describe.each(testDatabases())('GET /metrics on %s', (kind) => {
  let fake: FakeOpenAI;
  let t: TestApp;
  let token: string;

  const scrape = (opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method: 'GET', url: MetricsPath, ...opts });

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp(kind, {
      env: {
        OPENAI_COMPATIBLE_BASE_URL: fake.url,
        OPENAI_COMPATIBLE_MODELS: 'fake-model',
        METRICS_TOKEN: TOKEN,
      },
    });
    token = await userWithSession(t, 'reader@example.com', { name: 'Dana Reader' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('after a chat turn, answers the series of requests, replies, the model, jobs, the pool, events and the process', async () => {
    // The first attempt fails at the provider (a 503), the retry answers.
    fake.enqueueFor('Who are you?', { status: 503 }, { text: 'I am Sherlock Holmes.' });
    const turn = await rpc(
      t.app,
      { action: 'AskFriend', friendid: 'holmesen', lang: 'en', message: 'Who are you?' },
      { bearer: token },
    );
    expect(turn.body).toMatchObject({ Error: 0, status: 'done' });

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const http = 'sefer_http_request_duration_seconds_count';
    expect(
      series(text, http, { method: 'POST', route: '/api', action: 'AskFriend', status: '200' }),
    ).toBe(1);
    expect(
      series(text, 'sefer_reply_outcomes_total', { kind: 'chat', outcome: 'done' }),
    ).toBeGreaterThanOrEqual(1);
    expect(series(text, 'sefer_live_replies', { kind: 'chat' })).toBe(0);
    expect(series(text, 'sefer_live_replies', { kind: 'group' })).toBe(0);
    expect(
      series(text, 'sefer_model_first_token_seconds_count', { provider: 'compatible' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      series(text, 'sefer_model_errors_total', { provider: 'compatible', reason: 'http_5xx' }),
    ).toBe(1);
    expect(series(text, 'sefer_jobs_queued', { queue: 'chat-sweep-stale' })).toBeTypeOf('number');
    expect(series(text, 'sefer_jobs_running', { queue: 'chat-sweep-stale' })).toBeTypeOf('number');
    expect(text).toContain('# TYPE sefer_jobs_failed_total counter');
    // The bus was pinged for this scrape, and came back.
    expect(series(text, 'sefer_event_bus_delay_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(series(text, 'sefer_event_bus_pings_lost_total')).toBe(0);
    expect(text).toContain('# TYPE sefer_events_dropped_total counter');
    // node-postgres's pool on PostgreSQL; nothing pretends to be one on PGlite.
    if (kind === 'postgres') {
      expect(series(text, 'sefer_db_pool_connections', { state: 'in_use' })).toBeTypeOf('number');
      expect(series(text, 'sefer_db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
      expect(series(text, 'sefer_db_pool_waiting')).toBeTypeOf('number');
    } else {
      expect(text).not.toContain('sefer_db_pool');
    }
    // The process's own.
    expect(series(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(series(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it('labels a request by its route pattern and action name, never by its URL or what a client sent', async () => {
    await t.app.inject({ method: 'GET', url: '/files/images/abc123secret.webp' });
    await t.app.inject({ method: 'GET', url: '/api/download?imagename=g_private77.png' });
    await rpc(t.app, { action: 'NoSuchAction99', friendid: 'holmesen' });
    await t.app.inject({ method: 'GET', url: '/api/nothing-here-42' });
    const text = (await scrape()).body;
    const http = 'sefer_http_request_duration_seconds_count';
    expect(series(text, http, { route: '/files/images/:name', action: '' })).toBe(1);
    expect(series(text, http, { route: '/api/download', action: '' })).toBe(1);
    expect(series(text, http, { route: '/api', action: '(unknown)' })).toBe(1);
    expect(series(text, http, { route: '(unmatched)', status: '404' })).toBe(1);
    for (const raw of ['abc123secret', 'private77', 'NoSuchAction99', 'nothing-here-42'])
      expect(text).not.toContain(raw);
    // The latency histogram's buckets are there too.
    expect(
      series(text, 'sefer_http_request_duration_seconds_bucket', {
        route: '/api/download',
        le: '+Inf',
      }),
    ).toBe(1);
  });

  it('is a 404 from another address, through a proxy on this host, or with a wrong token', async () => {
    const refusals = [
      await scrape({ remoteAddress: OUTSIDE }),
      // A proxy on the same machine connects from loopback: its forwarded requests are outsiders.
      await scrape({ headers: { 'x-forwarded-for': OUTSIDE } }),
      await scrape({ headers: { forwarded: `for=${OUTSIDE}` } }),
      await scrape({ remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${TOKEN}x` } }),
      await scrape({ remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${token}` } }),
      // A wrong token is refused even from loopback.
      await scrape({ headers: { authorization: 'Bearer wrong-token-wrong-token' } }),
    ];
    for (const r of refusals) {
      expect(r.statusCode).toBe(404);
      expect(r.body).not.toContain('sefer_');
      expect(r.body).not.toContain('process_');
    }
  });

  it('answers the token from anywhere, forwarded or not; ::1 is loopback too', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    for (const r of [
      await scrape({ remoteAddress: OUTSIDE, headers: auth }),
      await scrape({ headers: { ...auth, 'x-forwarded-for': OUTSIDE } }),
      await scrape({ remoteAddress: '::1' }),
    ]) {
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain('sefer_http_request_duration_seconds_bucket');
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('refuses every bearer and every outsider; answers loopback', async () => {
    const outside = await t.app.inject({ method: 'GET', url: MetricsPath, remoteAddress: OUTSIDE });
    const bearer = await t.app.inject({
      method: 'GET',
      url: MetricsPath,
      remoteAddress: OUTSIDE,
      headers: { authorization: 'Bearer anything-at-all-really' },
    });
    expect([outside.statusCode, bearer.statusCode]).toEqual([404, 404]);
    const local = await t.app.inject({ method: 'GET', url: MetricsPath });
    expect(local.statusCode).toBe(200);
    // This app's own registry: the other suite's requests are not in it.
    expect(series(local.body, 'sefer_http_request_duration_seconds_count', { route: '/api' })).toBe(
      undefined,
    );
  });
});
