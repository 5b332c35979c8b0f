import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GOOGLE_PREFIX, handleGoogle } from './fake-google-media.ts';
import { fakeMediaState, handleMedia, MEDIA_PATHS, type FakeMedia } from './fake-openai-media.ts';

/**
 * A local OpenAI-compatible server for tests: the real provider code talks HTTP to it.
 * Each request takes the next queued script (or the default): what to answer and how.
 */
export interface FakeScript {
  /** The answer, streamed in `tokens` pieces (default: split on spaces). */
  text?: string;
  tokens?: string[];
  firstTokenDelayMs?: number;
  gapMs?: number;
  /** Answer this HTTP error instead. */
  status?: number;
  /** Close the connection after this many tokens, without [DONE]. */
  cutAfter?: number;
  /** Send headers, then nothing. */
  hang?: boolean;
  /** After this many tokens, wait for `resume` before sending the rest (a reply held mid-way). */
  pauseAfter?: number;
  resume?: Promise<unknown>;
  usage?: { prompt_tokens: number; completion_tokens: number; cached_tokens?: number };
  /** Answer with these function calls (and `text`, if any) instead of a plain answer. */
  toolCalls?: { name: string; arguments: Record<string, unknown> }[];
}

export interface FakeRequest {
  model: string;
  messages: { role: string; content: unknown; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { type: string; function: { name: string; parameters: unknown } }[];
  temperature?: number;
  top_p?: number;
  /** The reply's output cap the provider was sent (the AI SDK's maxOutputTokens). */
  max_tokens?: number;
  stream?: boolean;
  /**
   * A structured answer asked for (the AI SDK's Output.object): `json_schema` with the schema
   * from the compatible provider (it has structured outputs), `json_object` from others.
   */
  response_format?: {
    type: string;
    json_schema?: { name?: string; strict?: boolean; schema?: JsonSchema };
  };
}

/** The part of JSON Schema the AI SDK sends for a zod schema (draft-07, inlined). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  minItems?: number;
  default?: unknown;
}

/**
 * The smallest value a JSON schema accepts (required properties only, empty strings and
 * arrays, the least number): what a server with structured outputs could answer when a
 * test gave no answer of its own.
 */
export function smallestOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return {};
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return smallestOf(alt.find((s) => s.type !== 'null') ?? alt[0]);
  const type = Array.isArray(schema.type)
    ? (schema.type.find((t) => t !== 'null') ?? 'null')
    : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((k) => [k, smallestOf(schema.properties?.[k])]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => smallestOf(schema.items));
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return {};
  }
}

export interface FakeOpenAI {
  url: string;
  requests: FakeRequest[];
  enqueue(...scripts: FakeScript[]): void;
  /** Scripts only for requests whose last user message contains `text` (background calls pass by). */
  enqueueFor(text: string, ...scripts: FakeScript[]): void;
  setDefault(script: FakeScript | ((req: FakeRequest) => FakeScript)): void;
  /**
   * Every request whose system prompt or last user message carries `tag` is answered by
   * this route, and never takes a script queued for another request (a background call,
   * such as a memory update, cannot eat a turn's answer).
   */
  route(tag: string, script: FakeScript | ((req: FakeRequest) => FakeScript)): void;
  /** Images, speech, transcription and embeddings (fake-openai-media.ts; Gemini's speech and
   * transcription under /v1beta, fake-google-media.ts). */
  media: FakeMedia;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const queue: FakeScript[] = [];
  const targeted: { text: string; script: FakeScript }[] = [];
  const routes = new Map<string, FakeScript | ((req: FakeRequest) => FakeScript)>();
  let fallback: FakeScript | ((req: FakeRequest) => FakeScript) = {
    text: 'Hello from the fake model.',
  };
  const requests: FakeRequest[] = [];
  const open = new Set<ServerResponse>();
  const media = fakeMediaState();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    open.add(res);
    res.on('close', () => open.delete(res));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    // Gemini's speech and transcription (fake-google-media.ts).
    if (req.method === 'POST' && req.url?.startsWith(GOOGLE_PREFIX))
      return handleGoogle(req, res, Buffer.concat(chunks), media);
    const path = req.url?.replace(/^\/v1/, '').split('?')[0] ?? '';
    if (req.method === 'POST' && MEDIA_PATHS.includes(path))
      return handleMedia(path, req, res, Buffer.concat(chunks), media);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (req.method === 'GET' && req.url?.endsWith('/models')) {
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify({ data: [{ id: 'fake-model', object: 'model' }] }));
    }
    if (!req.url?.endsWith('/chat/completions')) {
      res.statusCode = 404;
      return res.end('{}');
    }
    const body = JSON.parse(raw) as FakeRequest;
    requests.push(body);
    const lastUser = JSON.stringify(
      body.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '',
    );
    const system = JSON.stringify(body.messages.find((m) => m.role === 'system')?.content ?? '');
    const routed = [...routes].find(([tag]) => system.includes(tag) || lastUser.includes(tag));
    const t = routed ? -1 : targeted.findIndex((x) => lastUser.includes(x.text));
    const script =
      (routed ? (typeof routed[1] === 'function' ? routed[1](body) : routed[1]) : undefined) ??
      (t >= 0 ? targeted.splice(t, 1)[0]!.script : undefined) ??
      queue.shift() ??
      (typeof fallback === 'function' ? fallback(body) : fallback);
    if (script.status) {
      res.statusCode = script.status;
      res.setHeader('content-type', 'application/json');
      return res.end(
        JSON.stringify({ error: { message: `fake error ${script.status}`, type: 'server_error' } }),
      );
    }
    const text = script.text ?? '';
    const tokens = script.tokens ?? text.match(/\S+\s*/g) ?? [];
    const usage = script.usage ?? {
      prompt_tokens: Math.ceil(JSON.stringify(body.messages).length / 4),
      completion_tokens: tokens.length,
    };
    const id = `chatcmpl-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const toolCalls = script.toolCalls?.map((c, i) => ({
      id: `call_${requests.length}_${i}`,
      type: 'function',
      function: { name: c.name, arguments: JSON.stringify(c.arguments) },
    }));
    if (toolCalls && body.stream) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: object, finish: string | null = null) =>
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        );
      chunk({ role: 'assistant', content: text || null });
      chunk({ tool_calls: toolCalls.map((c, index) => ({ index, ...c })) });
      chunk({}, 'tool_calls');
      res.write('data: [DONE]\n\n');
      return res.end();
    }
    if (!body.stream) {
      res.setHeader('content-type', 'application/json');
      if (script.firstTokenDelayMs) await sleep(script.firstTokenDelayMs);
      // A whole answer held until the test lets it go (a call in flight when a job is cancelled).
      if (script.pauseAfter !== undefined) await script.resume;
      if (res.destroyed) return;
      return res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model: body.model,
          choices: [
            {
              index: 0,
              message: toolCalls
                ? { role: 'assistant', content: text || null, tool_calls: toolCalls }
                : { role: 'assistant', content: tokens.join('') },
              finish_reason: toolCalls ? 'tool_calls' : 'stop',
            },
          ],
          usage: { ...usage, prompt_tokens_details: { cached_tokens: usage.cached_tokens ?? 0 } },
        }),
      );
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    if (script.hang) return;
    const send = (obj: unknown) => res.write(`data: ${JSON.stringify(obj)}\n\n`);
    const chunk = (delta: object, finish: string | null = null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: body.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    // No timer when there is no delay: a test on fake timers gets its answer without moving them.
    if (script.firstTokenDelayMs) await sleep(script.firstTokenDelayMs);
    send(chunk({ role: 'assistant', content: '' }));
    for (let i = 0; i < tokens.length; i++) {
      if (script.cutAfter !== undefined && i >= script.cutAfter) {
        res.destroy();
        return;
      }
      if (i > 0 && script.gapMs) await sleep(script.gapMs);
      if (i === script.pauseAfter) await script.resume;
      if (res.destroyed) return;
      send(chunk({ content: tokens[i] }));
    }
    send(chunk({}, 'stop'));
    send({
      id,
      object: 'chat.completion.chunk',
      created,
      model: body.model,
      choices: [],
      usage: { ...usage, prompt_tokens_details: { cached_tokens: usage.cached_tokens ?? 0 } },
    });
    res.write('data: [DONE]\n\n');
    res.end();
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...s) => queue.push(...s),
    enqueueFor: (text, ...s) => targeted.push(...s.map((script) => ({ text, script }))),
    setDefault: (s) => {
      fallback = s;
    },
    route: (tag, s) => void routes.set(tag, s),
    media,
    close: () =>
      new Promise<void>((r) => {
        for (const res of open) res.destroy();
        server.close(() => r());
      }),
  };
}
