import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, rpc, type TestApp } from '../test/harness.ts';

interface OtlpSpan {
  name: string;
  traceId: string;
  parentSpanId?: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}
interface OtlpBody {
  resourceSpans: {
    resource: { attributes: OtlpSpan['attributes'] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

/** A local OTLP/HTTP collector: it keeps what is POSTed to /v1/traces (JSON). */
async function fakeCollector() {
  const bodies: OtlpBody[] = [];
  const paths: string[] = [];
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer((req, res) => {
    paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
    void read(req).then((text) => {
      if (req.method === 'POST' && req.url === '/v1/traces') bodies.push(JSON.parse(text));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    paths,
    spans: () =>
      bodies.flatMap((b) => b.resourceSpans.flatMap((r) => r.scopeSpans)).flatMap((s) => s.spans),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';

const attr = (span: OtlpSpan, key: string) => {
  const v = span.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue !== undefined ? Number(v.intValue) : undefined);
};

describe('traces with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let collector: Awaited<ReturnType<typeof fakeCollector>>;
  let t: TestApp;
  beforeAll(async () => {
    collector = await fakeCollector();
    t = await createTestApp('pglite', {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: `${collector.url}/`, OTEL_SERVICE_NAME: 'sefer-test' },
    });
  });
  afterAll(() => collector.close());

  it('a request becomes a span named by its route (an action by its name) at the collector', async () => {
    expect(t.app.hasPlugin('@fastify/otel')).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/files/images/nobody-7.webp' })).statusCode,
    ).toBe(404);
    await rpc(t.app, { action: 'GetFriends' });
    // A caller's (a proxy's) trace is continued.
    await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { traceparent: `00-${TRACE}-${PARENT}-01` },
    });
    // Closing the app sends the spans still in the batch.
    await t.close();

    expect(collector.paths.every((p) => p.startsWith('POST /v1/traces application/json'))).toBe(
      true,
    );
    const resource = collector.bodies[0]!.resourceSpans[0]!.resource;
    expect(resource.attributes).toContainEqual({
      key: 'service.name',
      value: { stringValue: 'sefer-test' },
    });
    const spans = collector.spans();
    const image = spans.find((s) => s.name === 'GET /files/images/:name');
    expect(image, JSON.stringify(spans.map((s) => s.name))).toBeDefined();
    expect(attr(image!, 'http.route')).toBe('/files/images/:name');
    expect(attr(image!, 'http.response.status_code')).toBe(404);
    const action = spans.find((s) => s.name === 'POST /api GetFriends');
    expect(action, JSON.stringify(spans.map((s) => s.name))).toBeDefined();
    expect(attr(action!, 'sefer.action')).toBe('GetFriends');
    const health = spans.find((s) => s.name === 'GET /api/health');
    expect(health).toMatchObject({ traceId: TRACE, parentSpanId: PARENT });
  });
});

describe('traces without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('are not set up at all', async () => {
    const t = await createTestApp('pglite');
    try {
      expect(t.app.hasPlugin('@fastify/otel')).toBe(false);
    } finally {
      await t.close();
    }
  });
});
