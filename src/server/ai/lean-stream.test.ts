import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { APICallError } from 'ai';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createEngine } from './engine.ts';
import { leanChatModel, leanFetch } from './lean-stream.ts';
import { createModelResolver } from './providers.ts';

const enc = new TextEncoder();
const chunk = (delta: object, finish: string | null = null, extra: object = {}) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1700000000, model: 'fake', choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;
const usage = (prompt: number, completion: number, cached = 0) =>
  `data: ${JSON.stringify({ id: 'c1', choices: [], usage: { prompt_tokens: prompt, completion_tokens: completion, prompt_tokens_details: { cached_tokens: cached } } })}\n\n`;

/** A recorded answer: a Hebrew text in three deltas, the finish, the usage, [DONE]. */
const HEBREW = ['שלום, ', 'אני שרלוק ', 'הולמס.'];
const RECORDED =
  chunk({ role: 'assistant', content: '' }) +
  HEBREW.map((t) => chunk({ content: t })).join('') +
  chunk({}, 'stop') +
  usage(120, 3, 20) +
  'data: [DONE]\n\n';

/** The bytes cut at these offsets: in the middle of a `data:` line and of a Hebrew letter. */
function cut(bytes: Uint8Array, at: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let from = 0;
  for (const to of [...at, bytes.length]) {
    out.push(bytes.slice(from, to));
    from = to;
  }
  return out;
}

/** Fetch answering the given byte pieces, each read on its own (the boundaries hold). */
const piecesFetch = (pieces: () => Uint8Array[]) =>
  (async () => {
    const list = pieces();
    let i = 0;
    return new Response(
      new ReadableStream<Uint8Array>({
        pull(c) {
          if (i < list.length) c.enqueue(list[i++]!);
          else c.close();
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    );
  }) as unknown as typeof fetch;

const modelOver = (f: typeof fetch, lean = true) => {
  const m = createOpenAICompatible({
    name: 'compatible',
    baseURL: 'http://fake/v1',
    includeUsage: true,
    fetch: lean ? leanFetch(f) : f,
  }).chatModel('fake');
  return lean ? leanChatModel(m) : m;
};

const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'מי אתה?' }] }];

async function parts(model: ReturnType<typeof modelOver>, signal?: AbortSignal) {
  const { stream } = await model.doStream({ prompt, abortSignal: signal });
  const out: LanguageModelV4StreamPart[] = [];
  for await (const p of stream as unknown as AsyncIterable<LanguageModelV4StreamPart>) out.push(p);
  return out;
}
const texts = (ps: LanguageModelV4StreamPart[]) =>
  ps.flatMap((p) => (p.type === 'text-delta' ? [p.delta] : []));
const finish = (ps: LanguageModelV4StreamPart[]) => {
  const f = ps.find((p) => p.type === 'finish');
  return f?.type === 'finish' ? f : undefined;
};

describe('lean OpenAI-compatible stream', () => {
  it('reads deltas cut anywhere (a data: line, a Hebrew letter, CR LF) as the SDK does', async () => {
    const bytes = enc.encode(RECORDED);
    const line = RECORDED.indexOf('data:', 10) + 3; // inside "data:" of the second event
    const letter = enc.encode(RECORDED.slice(0, RECORDED.indexOf('אני'))).length + 1; // אני's first byte pair
    const pieces = () => cut(bytes, [line, letter, letter + 1, bytes.length - 5]);
    const crlf = () => [
      enc.encode(RECORDED.replace(/\n/g, '\r\n').slice(0, 200)),
      enc.encode(RECORDED.replace(/\n/g, '\r\n').slice(200)),
    ];
    const oneByte = () => Array.from(bytes, (b) => Uint8Array.of(b));

    const sdk = await parts(modelOver(piecesFetch(pieces), false));
    for (const body of [pieces, crlf, oneByte]) {
      const lean = await parts(modelOver(piecesFetch(body)));
      expect(texts(lean)).toEqual(HEBREW);
      // The same parts as the SDK's own provider, but for the raw usage the SDK keeps parsed.
      const strip = (ps: LanguageModelV4StreamPart[]) =>
        JSON.parse(
          JSON.stringify(ps, (k, v) => (k === 'raw' && typeof v === 'object' ? undefined : v)),
        );
      expect(strip(lean)).toEqual(strip(sdk));
    }
    const f = finish(sdk)!;
    expect(f.finishReason).toEqual({ unified: 'stop', raw: 'stop' });
    expect(f.usage.inputTokens).toMatchObject({ total: 120, cacheRead: 20, noCache: 100 });
    expect(f.usage.outputTokens.total).toBe(3);
  });

  it('maps the finish reasons; a stream without one ends in an error', async () => {
    for (const [raw, unified] of [
      ['length', 'length'],
      ['content_filter', 'content-filter'],
      ['something', 'other'],
    ] as const) {
      const ps = await parts(
        modelOver(piecesFetch(() => [enc.encode(chunk({ content: 'x' }) + chunk({}, raw))])),
      );
      expect(finish(ps)!.finishReason).toEqual({ unified, raw });
    }
    const ps = await parts(modelOver(piecesFetch(() => [enc.encode(chunk({ content: 'x' }))])));
    expect(ps.some((p) => p.type === 'error')).toBe(true);
    expect(finish(ps)!.finishReason.unified).toBe('error');
  });

  it('an error sent in the stream is an error part, and the answer ends in error', async () => {
    const body =
      chunk({ content: 'half ' }) +
      `data: ${JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } })}\n\n` +
      'data: {not json\n\n';
    const ps = await parts(modelOver(piecesFetch(() => [enc.encode(body)])));
    const errors = ps.flatMap((p) => (p.type === 'error' ? [p.error] : []));
    expect(errors[0]).toEqual({ message: 'overloaded', type: 'server_error' });
    expect(errors[1]).toBeInstanceOf(Error);
    expect(texts(ps)).toEqual(['half ']);
    expect(finish(ps)!.finishReason.unified).toBe('error');
  });

  it('a usage chunk without choices is read (the SDK would call it invalid)', async () => {
    const body =
      chunk({ content: 'hi' }, 'stop') +
      `data: ${JSON.stringify({ id: 'c1', usage: { prompt_tokens: 5, completion_tokens: 1 } })}\n\n`;
    const ps = await parts(modelOver(piecesFetch(() => [enc.encode(body)])));
    expect(ps.some((p) => p.type === 'error')).toBe(false);
    expect(finish(ps)!.usage.outputTokens.total).toBe(1);
  });
});

describe('lean stream over HTTP (the product resolver)', () => {
  let url = '';
  /** How the provider answers; it gets the request and its body too. */
  let answer: (res: ServerResponse, req: IncomingMessage, body: string) => void = () => {};
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => answer(res, req, body));
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  /** The product's resolver for a provider at `base` (this server unless said). */
  const resolverAt = (base = url, more: Record<string, string> = {}) =>
    createModelResolver(
      loadConfig({ OPENAI_COMPATIBLE_BASE_URL: base, OPENAI_COMPATIBLE_MODELS: 'fake', ...more }),
    );
  const model = (base?: string, more?: Record<string, string>) =>
    resolverAt(base, more).resolve('fake').model!;
  /** Sends its first delta (and `more`), then holds the answer open; resolves when it closes. */
  const holdOpen = (more = '') =>
    new Promise<void>((closed) => {
      answer = (res) => {
        sse(res);
        res.write(chunk({ content: 'first ' }) + more);
        res.on('close', () => closed());
      };
    });
  const sse = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' });

  it('streams the recorded answer written in pieces', async () => {
    const bytes = enc.encode(RECORDED);
    answer = (res) => {
      sse(res);
      for (const p of cut(bytes, [17, 101, 102, 230])) res.write(p);
      res.end();
    };
    const ps = await parts(model());
    expect(texts(ps).join('')).toBe(HEBREW.join(''));
    expect(finish(ps)!.usage.inputTokens.total).toBe(120);
  });

  it('an HTTP 500 before the stream is the SDK APICallError, and the engine retries it', async () => {
    let calls = 0;
    answer = (res) => {
      if (calls++ === 0) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'boom', type: 'server_error' } }));
      } else {
        sse(res);
        res.end(RECORDED);
      }
    };
    const err = await model()
      .doStream({ prompt })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(APICallError.isInstance(err)).toBe(true);
    expect((err as APICallError).statusCode).toBe(500);
    expect((err as APICallError).message).toBe('boom');

    calls = 0;
    const engine = createEngine(resolverAt(), pino({ level: 'silent' }), {
      attempts: 3,
      baseDelayMs: 1,
      idleTimeoutMs: 30_000,
    });
    const got = await engine.stream(
      {
        model: 'fake',
        system: '',
        messages: [{ role: 'user', content: 'q' }],
        offline: {} as never,
      },
      { onDelta: () => {} },
    );
    expect(calls).toBe(2);
    expect(got.text).toBe(HEBREW.join(''));
    expect(got.usage).toEqual({ inputTokens: 120, cachedInputTokens: 20, outputTokens: 3 });
  });

  it('a connection cut mid-stream is a retryable APICallError', async () => {
    answer = (res) => {
      sse(res);
      res.write(chunk({ content: 'half' }), () => res.destroy());
    };
    const { stream } = await model().doStream({ prompt });
    const r = stream.getReader();
    let err: unknown;
    try {
      for (;;) if ((await r.read()).done) break;
    } catch (e) {
      err = e;
    }
    expect(APICallError.isInstance(err)).toBe(true);
    expect((err as APICallError).isRetryable).toBe(true);
  });

  it('sends the SDK request as fetch would: its headers and its JSON body', async () => {
    let seen: { headers: Record<string, unknown>; body: string } | null = null;
    answer = (res, req, body) => {
      seen = { headers: req.headers, body };
      sse(res);
      res.end(RECORDED);
    };
    const ps = await parts(model(url, { OPENAI_COMPATIBLE_API_KEY: 'k-123' }));
    expect(texts(ps).join('')).toBe(HEBREW.join(''));
    expect(seen!.headers['content-type']).toBe('application/json');
    expect(seen!.headers.authorization).toBe('Bearer k-123');
    const body = JSON.parse(seen!.body) as { stream: boolean; messages: { content: string }[] };
    expect(body.stream).toBe(true);
    expect(body.messages.at(-1)!.content).toBe('מי אתה?');
  });

  it('an engine that stops reading (an error in the stream) ends the request', async () => {
    // The provider keeps the connection open: only the reader's cancel closes it.
    const serverClosed = holdOpen(
      `data: ${JSON.stringify({ error: { message: 'overloaded' } })}\n\n`,
    );
    const engine = createEngine(resolverAt(), pino({ level: 'silent' }), {
      attempts: 1,
      baseDelayMs: 1,
      idleTimeoutMs: 30_000,
    });
    const err = await engine
      .stream(
        {
          model: 'fake',
          system: '',
          messages: [{ role: 'user', content: 'q' }],
          offline: {} as never,
        },
        { onDelta: () => {} },
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(Error);
    await serverClosed;
  });

  it('a redirect is followed, as fetch follows it, and the answer streams', async () => {
    let hits = 0;
    answer = (res, req) => {
      hits++;
      if (req.url!.startsWith('/old/')) {
        res.writeHead(307, { location: req.url!.replace('/old/', '/') });
        res.end();
        return;
      }
      sse(res);
      res.end(RECORDED);
    };
    const ps = await parts(model(url.replace('/v1', '/old/v1')));
    expect(texts(ps).join('')).toBe(HEBREW.join(''));
    // Ours (307), then fetch's own: the old address and the new one.
    expect(hits).toBe(3);
  });

  it('a provider that refuses the connection is a retryable APICallError, as with fetch', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await model(`http://127.0.0.1:${port}/v1`)
      .doStream({ prompt })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(APICallError.isInstance(err)).toBe(true);
    expect((err as APICallError).isRetryable).toBe(true);
    expect((err as APICallError).message).toMatch(/Cannot connect to API/);
  });

  it('an abort ends the stream with the abort, and the server sees the request closed', async () => {
    const serverClosed = holdOpen();
    const ac = new AbortController();
    const { stream } = await model().doStream({ prompt, abortSignal: ac.signal });
    const r = stream.getReader();
    for (;;) {
      const { value } = await r.read();
      if (value?.type === 'text-delta') break;
    }
    ac.abort();
    const err = await r.read().then(
      () => null,
      (e: unknown) => e,
    );
    expect((err as Error).name).toBe('AbortError');
    await serverClosed;
  });
});
