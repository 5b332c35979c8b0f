/**
 * CPU per streamed token of each layer between the provider's bytes and the engine's onDelta
 * (issue 17), in one process without sockets: a fake fetch answers an OpenAI-compatible
 * stream whose chunks arrive one per event-loop turn (setImmediate), as tokens do from a
 * provider. Prints µs of CPU per token for each layer, fastest of REPEATS.
 *
 *   node bench/engine-chain.ts [tokens=2000] [repeats=5] [layers=read,decode,sse,model,engine]
 */
import { parseJsonEventStream } from '@ai-sdk/provider-utils';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { z } from 'zod';
import { createEngine } from '../src/server/ai/engine.ts';

const TOKENS = Number(process.argv[2] ?? 2000);
const REPEATS = Number(process.argv[3] ?? 5);
const LAYERS = (process.argv[4] ?? 'read,decode,sse,model,engine').split(',');
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
const log = { warn() {}, error() {}, info() {}, debug() {} } as never;
const engine = createEngine(
  {
    resolve: () => ({ name: 'fake-model', provider: 'compatible', model, fellBack: false }),
  } as never,
  log,
);

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
  model: async (n) => {
    currentN = n;
    const { stream } = await model.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    });
    const r = stream.getReader();
    for (;;) if ((await r.read()).done) break;
  },
  engine: async (n) => {
    currentN = n;
    await engine.stream(
      {
        model: 'fake-model',
        system: 's',
        messages: [{ role: 'user', content: 'hi' }],
        offline: {} as never,
      },
      { onDelta: () => {} },
    );
  },
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
