import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the part of Stripe's HTTP API the app uses (Checkout sessions, invoices,
 * subscriptions, the billing portal, products and prices, lists such as the webhook
 * endpoints): the real `stripe` package is
 * pointed at it with STRIPE_API_URL. Objects live in memory; tests shape them with `put`.
 */
export interface FakeStripe {
  url: string;
  /** Every request: method, path and its form-encoded parameters. */
  requests: { method: string; path: string; params: Record<string, string> }[];
  /** Stores (or replaces) an object under its id, e.g. an invoice the app will retrieve. */
  put(obj: { id: string } & Record<string, unknown>): void;
  get(id: string): Record<string, unknown> | undefined;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const objects = new Map<string, Record<string, unknown>>();
  const requests: FakeStripe['requests'] = [];
  let seq = 0;
  const next = (prefix: string) => `${prefix}_test_${++seq}`;

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://x');
    const params = Object.fromEntries(
      new URLSearchParams(
        req.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString(),
      ),
    );
    const method = req.method ?? 'GET';
    const path = url.pathname;
    requests.push({ method, path, params });
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'bad key' } });
    }
    const segments = path.split('/'); // /v1/<kind…>/<id>
    const id = segments.length > 3 ? segments.at(-1) : undefined;
    const kind = segments.slice(2, -1).join('/');
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const sid = next('cs');
      const session = {
        id: sid,
        object: 'checkout.session',
        client_secret: `${sid}_secret_fake`,
        client_reference_id: params.client_reference_id ?? null,
        metadata: { order: params['metadata[order]'] },
        mode: params.mode,
        ui_mode: params.ui_mode,
        customer_email: params.customer_email,
        payment_status: 'unpaid',
        status: 'open',
        invoice: null,
        subscription: null,
        customer: null,
        payment_intent: null,
      };
      objects.set(sid, session);
      return send(res, 200, session);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return send(res, 200, {
        id: next('bps'),
        object: 'billing_portal.session',
        customer: params.customer,
        url: `https://billing.stripe.test/p/${params.customer}`,
      });
    }
    if (method === 'POST' && (path === '/v1/products' || path === '/v1/prices')) {
      const obj = {
        id: next(path === '/v1/products' ? 'prod' : 'price'),
        object: path === '/v1/products' ? 'product' : 'price',
        ...params,
      };
      objects.set(obj.id, obj);
      return send(res, 200, obj);
    }
    if (method === 'DELETE' && kind === 'subscriptions' && id) {
      const sub = objects.get(id);
      if (!sub) return send(res, 404, { error: { type: 'invalid_request_error' } });
      sub.status = 'canceled';
      return send(res, 200, sub);
    }
    // A list (`GET /v1/products`, `/v1/webhook_endpoints`): every stored object of the kind.
    if (method === 'GET' && segments.length === 3) {
      const object = segments[2]!.replace(/s$/, '');
      const data = [...objects.values()].filter((o) => o.object === object);
      return send(res, 200, { object: 'list', url: path, has_more: false, data });
    }
    if (method === 'GET' && id) {
      const obj = objects.get(id);
      if (!obj) {
        return send(res, 404, {
          error: { type: 'invalid_request_error', message: `No such object: ${id}` },
        });
      }
      return send(res, 200, obj);
    }
    return send(res, 404, {
      error: { type: 'invalid_request_error', message: `${method} ${path}` },
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { error: { type: 'api_error' } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    put: (obj) => void objects.set(obj.id, obj),
    get: (id) => objects.get(id),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
