import { vi } from 'vitest';
import { TEST_CONFIG } from './fetch-stub.ts';

/** One Server-Sent Event as the server writes it. */
export const sseText = (event: string, data: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * A streamed answer the test feeds by hand: `send` writes an event (as bytes, optionally
 * split into chunks of `split` bytes), `end` closes the stream, `cut` drops it.
 */
export function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
    }),
    send(event: string, data: unknown) {
      controller.enqueue(encoder.encode(sseText(event, data)));
    },
    raw(bytes: Uint8Array) {
      controller.enqueue(bytes);
    },
    end() {
      controller.close();
    },
    cut() {
      controller.error(new TypeError('network connection lost'));
    },
  };
}

/** A finished stream: every event at once. */
export function sseResponse(events: [string, unknown][]) {
  const s = controlledStream();
  for (const [e, d] of events) s.send(e, d);
  s.end();
  return s.response;
}

export type StreamHandler = (body: Record<string, unknown>) => Response | Promise<Response>;

/**
 * Stubs fetch: GET /api/config answers the test configuration (it sets nothing, so the XSRF
 * header is empty), POST /api goes to `handler` with the parsed body.
 */
export function stubStreams(handler: StreamHandler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    if (url === '/api/config') return new Response(JSON.stringify(TEST_CONFIG));
    if (url === '/api' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      return handler(body);
    }
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The bodies of the streamed requests made so far. */
export function streamedBodies(fetchMock: ReturnType<typeof stubStreams>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === '/api' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);
}
