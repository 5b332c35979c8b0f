import { AsyncLocalStorage } from 'node:async_hooks';
import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { Agent, request } from 'undici';
import { parseCompatibleStream, type BodyReader, type Slot } from './compatible-stream.ts';

/**
 * A lean reader of an OpenAI-compatible chat stream (issue 17). The AI SDK still builds the
 * request and turns an HTTP error into its APICallError; the request goes out on undici's
 * `request` (leanRequest) instead of fetch, and only the body of a streamed answer is parsed
 * by us (compatible-stream.ts), in one read loop (lines, JSON.parse, the delta's text), instead of the SDK's five
 * web-stream stages per chunk (the response wrapper, TextDecoderStream, the event-source
 * parser, JSON with a zod check, the provider's transform).
 *
 * How: the provider is given `leanFetch`; `leanChatModel`'s doStream calls the SDK's doStream
 * inside an AsyncLocalStorage slot, and a successful answer fetched within that slot leaves its
 * body in the slot and ends the SDK's call (TAKEN). Any other call (no slot, an HTTP error,
 * tools, raw chunks) is the SDK's alone.
 */

const slots = new AsyncLocalStorage<Slot>();

/** The connections of leanRequest (its own pool: not shared with Node's bundled fetch). */
let agent: Agent | null = null;

const urlOf = (input: Parameters<typeof fetch>[0]) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * What leanFetch throws once a successful answer's body is in the slot: the SDK's doStream
 * ends there, before it builds its own stream stages over a body it will not read, and
 * leanChatModel reads the body. Not an Error (no stack to capture); the SDK passes it on.
 */
const TAKEN = Object.freeze({ leanBodyTaken: true });

/** Keeps a successful answer's body in the slot (and throws TAKEN). */
function keep(
  slot: Slot,
  url: string,
  status: number,
  headers: Record<string, string>,
  body: BodyReader,
  sent: unknown,
): never {
  slot.body = body;
  slot.url = url;
  slot.status = status;
  slot.headers = headers;
  slot.requestBody = sent;
  throw TAKEN;
}

/**
 * A lean stream's request (the SDK's POST with a JSON body) on undici's own `request` rather
 * than fetch: fetch's WHATWG machinery (its Request and Response objects, and a web stream
 * the body is read through chunk by chunk) cost more CPU than the rest of the call. An answer
 * that is not a success is handed to the SDK as a whole Response, and a request that fails
 * fails as fetch does (a TypeError "fetch failed" with the cause), so the SDK's own handling
 * (APICallError, what can be retried) is unchanged. A redirect answers null: the request is
 * made again with fetch, which follows it.
 */
async function leanRequest(
  slot: Slot,
  input: Parameters<typeof fetch>[0],
  init: RequestInit,
): Promise<Response | null> {
  const url = urlOf(input);
  let res;
  try {
    res = await request(url, {
      method: 'POST',
      headers: Object.fromEntries(new Headers(init.headers)),
      body: init.body as string,
      signal: init.signal ?? undefined,
      dispatcher: (agent ??= new Agent()),
    });
  } catch (err) {
    if (init.signal?.aborted) throw init.signal.reason ?? err;
    throw new TypeError('fetch failed', { cause: err });
  }
  // A redirect is fetch's to follow (it re-sends the body as the status says).
  if (res.statusCode >= 300 && res.statusCode < 400) {
    await res.body.dump().catch(() => {});
    return null;
  }
  // undici gives a repeated header as an array; as one header its values join with ", ".
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers))
    if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  if (res.statusCode < 200 || res.statusCode > 299)
    return new Response(await res.body.arrayBuffer(), { status: res.statusCode, headers });
  const body = res.body;
  const it = body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  return keep(
    slot,
    url,
    res.statusCode,
    headers,
    {
      read: () => it.next(),
      // Destroyed at once (the request ends): the iterator's return() would wait for a read
      // still pending, and the stream's pull keeps one pending. The abort that destroying
      // raises is that read's (or nobody's: the listener keeps it from being uncaught).
      cancel: async () => {
        body.on('error', () => {});
        body.destroy();
      },
    },
    init.body,
  );
}

/**
 * The compatible provider's fetch: keeps a lean stream's body for leanChatModel. With no
 * `base` (the product), that request goes through leanRequest; a `base` (tests) is fetched.
 */
export function leanFetch(base?: typeof fetch): typeof fetch {
  return async (input, init) => {
    const slot = slots.getStore();
    if (!slot || slot.body) return (base ?? globalThis.fetch)(input, init);
    if (!base && init?.method === 'POST' && typeof init.body === 'string') {
      const res = await leanRequest(slot, input, init);
      if (res) return res;
    }
    const res = await (base ?? globalThis.fetch)(input, init);
    if (!res.ok || !res.body) return res;
    const headers = Object.fromEntries(res.headers);
    return keep(slot, urlOf(input), res.status, headers, res.body.getReader(), init?.body);
  };
}

/**
 * The SDK's OpenAI-compatible chat model with a lean doStream. `inner` must come from a provider
 * made with `fetch: leanFetch(...)`; otherwise every call is simply the SDK's.
 */
export function leanChatModel(inner: LanguageModelV4): LanguageModelV4 {
  const metadataKey = inner.provider.split('.')[0]!.trim();
  return {
    specificationVersion: 'v4',
    provider: inner.provider,
    modelId: inner.modelId,
    get supportedUrls() {
      return inner.supportedUrls;
    },
    doGenerate: (options) => inner.doGenerate(options),
    async doStream(options: LanguageModelV4CallOptions) {
      if (options.tools?.length || options.includeRawChunks) return inner.doStream(options);
      const slot: Slot = { url: '', status: 0, headers: {}, requestBody: undefined };
      try {
        // No body taken (an HTTP error, a failure): the SDK's own result or error.
        return await slots.run(slot, () => inner.doStream(options));
      } catch (err) {
        if (err !== TAKEN || !slot.body) throw err;
      }
      // The SDK's warnings (settings the provider ignores) come in its own stream's first
      // part, which is never built here: the engine reads none.
      return {
        stream: parseCompatibleStream(slot.body, slot, [], metadataKey),
        request: { body: slot.requestBody },
        response: { headers: slot.headers },
      };
    },
  };
}
