/**
 * CPU per streamed token of each layer between the provider's bytes and the engine's onDelta
 * (issue 17), in one process without sockets: a fake fetch answers an OpenAI-compatible
 * stream whose chunks arrive one per event-loop turn (setImmediate), as tokens do from a
 * provider. Prints µs of CPU per token for each layer, fastest of REPEATS.
 *
 *   node bench/engine-chain.ts [tokens=2000] [repeats=5] [layers=read,decode,sse,model,engine]
 *
 * Other layers: `novalidate` is the SDK's model with its chunk check off (a schema without a
 * validator, the lightest the SDK's own path allows); `lean` the product's model
 * (lean-stream.ts: the SDK sends the request, the body is read in one loop); `engine` runs
 * over the lean model as the product does, `engine-sdk` over the SDK's model.
 */
import { jsonSchema, parseJsonEventStream } from '@ai-sdk/provider-utils';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { z } from 'zod';
import { createEngine } from '../src/server/ai/engine.ts';
import { leanChatModel, leanFetch } from '../src/server/ai/lean-stream.ts';

const TOKENS = Number(process.argv[2] ?? 2000);
const REPEATS = Number(process.argv[3] ?? 5);
const LAYERS = (process.argv[4] ?? 'read,decode,sse,model,novalidate,lean,engine,engine-sdk').split(
  ',',
);
const enc = new TextEncoder();
const chunk = (content: string, i: number) =>
  enc.encode(
    `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'fake-model', choices: [{ index: 0, delta: i === 0 ? { role: 'assistant', content } : { content }, finish_reason: null }] })}\n\n`,
  );
const tail = enc.encode(
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'fake-model', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: TOKENS, total_tokens: 10 + TOKENS } })}\n\ndata: [DONE]\n\n`,
);
const pieces = Array.from({ length: TOKENS }, (_, i) => chunk(i % 7 === 6 ? 'clue. ' : 'word ', i));
const turn = () => new Promise((r) => setImmediate(r));

function body(n: number) {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    async pull(c) {
      await turn();
      if (i < n) c.enqueue(pieces[i++]!);
      else {
        c.enqueue(tail);
        c.close();
      }
    },
  });
}
const fakeFetch = (async () =>
  new Response(body(currentN), {
    headers: { 'content-type': 'text/event-stream' },
  })) as unknown as typeof fetch;
let currentN = TOKENS;

const provider = createOpenAICompatible({
  name: 'compatible',
  baseURL: 'http://fake/v1',
  includeUsage: true,
  fetch: fakeFetch,
});
const model = provider.chatModel('fake-model');
const unchecked = createOpenAICompatible({
  name: 'compatible',
  baseURL: 'http://fake/v1',
  includeUsage: true,
  fetch: fakeFetch,
}).chatModel('fake-model');
// The SDK's own path without the zod check of each chunk (a private field: measuring only).
(unchecked as unknown as { chunkSchema: unknown }).chunkSchema = jsonSchema({});
const lean = leanChatModel(
  createOpenAICompatible({
    name: 'compatible',
    baseURL: 'http://fake/v1',
    includeUsage: true,
    fetch: leanFetch(fakeFetch),
  }).chatModel('fake-model'),
);
const log = { warn() {}, error() {}, info() {}, debug() {} } as never;
const engineOver = (m: typeof model) =>
  createEngine(
    {
      resolve: () => ({ name: 'fake-model', provider: 'compatible', model: m, fellBack: false }),
    } as never,
    log,
  );
const engine = engineOver(lean);
const engineSdk = engineOver(model);
const drain = (m: typeof model) => async (n: number) => {
  currentN = n;
  const { stream } = await m.doStream({
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  });
  const r = stream.getReader();
  for (;;) if ((await r.read()).done) break;
};
const viaEngine = (e: typeof engine) => async (n: number) => {
  currentN = n;
  await e.stream(
    {
      model: 'fake-model',
      system: 's',
      messages: [{ role: 'user', content: 'hi' }],
      offline: {} as never,
    },
    { onDelta: () => {} },
  );
};

const layers: Record<string, (n: number) => Promise<void>> = {
  read: async (n) => {
    for await (const _ of body(n)) void _;
  },
  decode: async (n) => {
    for await (const _ of body(n).pipeThrough(
      new TextDecoderStream() as ReadableWritablePair<string, Uint8Array>,
    ))
      void _;
  },
  sse: async (n) => {
    for await (const _ of parseJsonEventStream({ stream: body(n), schema: z.any() })) void _;
  },
  model: drain(model),
  novalidate: drain(unchecked),
  lean: drain(lean),
  engine: viaEngine(engine),
  'engine-sdk': viaEngine(engineSdk),
};

async function cpu(fn: (n: number) => Promise<void>, n: number) {
  const c0 = process.cpuUsage();
  await fn(n);
  const c = process.cpuUsage(c0);
  return c.user + c.system;
}
for (const name of LAYERS) {
  const fn = layers[name]!;
  await fn(200); // warm
  const per: number[] = [];
  for (let r = 0; r < REPEATS; r++)
    per.push(((await cpu(fn, TOKENS)) - (await cpu(fn, 0))) / TOKENS);
  console.log(
    `${name.padEnd(8)} ${Math.min(...per).toFixed(2)} µs/token (median ${per.sort((a, b) => a - b)[per.length >> 1]!.toFixed(2)})`,
  );
}
