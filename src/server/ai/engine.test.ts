import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import { createEngine, EngineError, type EngineRequest } from './engine.ts';
import { createModelResolver } from './providers.ts';

const material = {
  friendname: 'Holmes',
  firstprompt: 'Come in, Watson.',
  personality: '',
  background: '',
  knowledge: [],
  lang: 'en' as const,
};
const req = (over: Partial<EngineRequest> = {}): EngineRequest => ({
  model: 'auto',
  system: 'You are Sherlock Holmes.',
  messages: [{ role: 'user', content: 'Who are you?' }],
  temperature: 0.8,
  topP: 0.2,
  offline: material,
  ...over,
});

describe('engine over a fake OpenAI-compatible server', () => {
  let fake: FakeOpenAI;
  let engine: ReturnType<typeof createEngine>;
  let hangEngine: ReturnType<typeof createEngine>;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    const config = loadConfig({
      OPENAI_COMPATIBLE_BASE_URL: fake.url,
      OPENAI_COMPATIBLE_MODELS: 'fake-a,fake-b',
    });
    // Limits no loaded machine reaches: a slow first answer is not a hang here (the hang test
    // has its own engine with a short limit).
    engine = createEngine(createModelResolver(config), pino({ level: 'silent' }), {
      attempts: 3,
      baseDelayMs: 10,
      idleTimeoutMs: 30_000,
    });
    hangEngine = createEngine(createModelResolver(config), pino({ level: 'silent' }), {
      attempts: 3,
      baseDelayMs: 10,
      firstTokenTimeoutMs: 300,
      idleTimeoutMs: 30_000,
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.setDefault({ text: 'I am Sherlock Holmes of Baker Street.' });
  });

  it('streams deltas and reports usage, model and parameters', async () => {
    fake.enqueue({
      text: 'I am Sherlock Holmes.',
      usage: { prompt_tokens: 120, completion_tokens: 6, cached_tokens: 100 },
    });
    const deltas: string[] = [];
    const r = await engine.stream(req(), { onDelta: (d) => deltas.push(d) });
    expect(deltas.join('')).toBe('I am Sherlock Holmes.');
    expect(deltas.length).toBeGreaterThan(2);
    expect(r).toMatchObject({ text: 'I am Sherlock Holmes.', model: 'fake-a', offline: false });
    expect(r.usage).toEqual({ inputTokens: 120, cachedInputTokens: 100, outputTokens: 6 });
    const sent = fake.requests[0]!;
    expect(sent.model).toBe('fake-a');
    expect(sent.temperature).toBeCloseTo(0.8);
    expect(sent.top_p).toBeCloseTo(0.2);
    expect(sent.messages[0]).toEqual({ role: 'system', content: 'You are Sherlock Holmes.' });
  });

  it('a model that is not configured falls back to the default', async () => {
    const r = await engine.stream(req({ model: 'gpt-4o' }), { onDelta: () => {} });
    expect(r.model).toBe('fake-a');
    const r2 = await engine.stream(req({ model: 'fake-b' }), { onDelta: () => {} });
    expect(r2.model).toBe('fake-b');
  });

  it('retries a rate limit and a 5xx, then answers', async () => {
    fake.enqueue({ status: 429 }, { status: 503 });
    const r = await engine.stream(req(), { onDelta: () => {} });
    expect(r.text).toBe('I am Sherlock Holmes of Baker Street.');
    expect(fake.requests.length).toBe(3);
  });

  it('a cut stream is retried from the start and the partial text is voided', async () => {
    fake.enqueue({ text: 'one two three four five', cutAfter: 2, gapMs: 30 });
    let shown = '';
    let restarts = 0;
    const r = await engine.stream(req(), {
      onDelta: (d) => (shown += d),
      onRestart: () => {
        restarts++;
        shown = '';
      },
    });
    expect(restarts).toBe(1);
    expect(shown).toBe(r.text);
    expect(r.text).toBe('I am Sherlock Holmes of Baker Street.');
  });

  it('a provider that stops answering times out and is retried', async () => {
    fake.enqueue({ hang: true });
    const r = await hangEngine.stream(req(), { onDelta: () => {} });
    expect(r.text).toContain('Sherlock');
    // The hung attempt and at least one more (a loaded machine may time a slow one out too).
    expect(fake.requests.length).toBeGreaterThanOrEqual(2);
  });

  it('gives up after the last attempt with a retryable error', async () => {
    fake.enqueue({ status: 500 }, { status: 500 }, { status: 500 });
    await expect(engine.stream(req(), { onDelta: () => {} })).rejects.toBeInstanceOf(EngineError);
    expect(fake.requests.length).toBe(3);
  });

  it('does not retry a request the provider refuses (400)', async () => {
    fake.enqueue({ status: 400 });
    const err = await engine.stream(req(), { onDelta: () => {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).retryable).toBe(false);
    expect(fake.requests.length).toBe(1);
  });

  it('sends a pasted image to the model as an image part', async () => {
    const image = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
    await engine.stream(req({ messages: [{ role: 'user', content: 'What is this?', image }] }), {
      onDelta: () => {},
    });
    const content = fake.requests[0]!.messages[1]!.content as {
      type: string;
      image_url?: { url: string };
    }[];
    expect(content.find((p) => p.type === 'image_url')?.image_url?.url).toBe(image);
  });

  it('tells its observer each first token and each failed attempt, by provider and reason', async () => {
    const seen: string[] = [];
    const observer = {
      firstToken: (provider: string, seconds: number) => {
        expect(seconds).toBeGreaterThanOrEqual(0);
        seen.push(`first ${provider}`);
      },
      error: (provider: string, reason: string) => seen.push(`error ${provider} ${reason}`),
    };
    const observed = (url: string, attempts: number) =>
      createEngine(
        createModelResolver(
          loadConfig({ OPENAI_COMPATIBLE_BASE_URL: url, OPENAI_COMPATIBLE_MODELS: 'fake-a' }),
        ),
        pino({ level: 'silent' }),
        { attempts, baseDelayMs: 1, idleTimeoutMs: 30_000 },
        observer,
      );
    fake.enqueue({ status: 429 }, { status: 503 });
    await observed(fake.url, 3).stream(req(), { onDelta: () => {} });
    // Nobody listens there: no answer at all.
    const gone = createServer();
    await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
    const { port } = gone.address() as AddressInfo;
    await new Promise((r) => gone.close(r));
    await expect(
      observed(`http://127.0.0.1:${port}/v1`, 1).stream(req(), { onDelta: () => {} }),
    ).rejects.toBeInstanceOf(EngineError);
    expect(seen).toEqual([
      'error compatible http_4xx',
      'error compatible http_5xx',
      'first compatible',
      'error compatible network',
    ]);
  });

  it('a structured answer is asked in JSON mode, validated by its schema, and a fenced one unwrapped', async () => {
    const Shape = z.object({ speakers: z.array(z.string()) });
    const ask = { model: 'auto', system: 'Who speaks?', messages: req().messages };
    fake.enqueue(
      {
        text: '{"speakers": ["holmes", "watson"]}',
        usage: { prompt_tokens: 40, completion_tokens: 9 },
      },
      { text: '```json\n{"speakers": ["watson"]}\n```' },
      { text: 'Holmes should answer.' },
      { text: '{"speakers": "holmes"}' },
    );
    const first = await engine.object(ask, Shape);
    expect(first).toEqual({
      value: { speakers: ['holmes', 'watson'] },
      model: 'fake-a',
      usage: { inputTokens: 40, cachedInputTokens: 0, outputTokens: 9 },
    });
    // The compatible provider has structured outputs: the schema itself goes to the server.
    expect(fake.requests.at(-1)).toMatchObject({
      response_format: {
        type: 'json_schema',
        json_schema: { strict: false, schema: { properties: { speakers: { type: 'array' } } } },
      },
    });
    expect((await engine.object(ask, Shape))?.value).toEqual({ speakers: ['watson'] });
    // Prose, and JSON of the wrong shape: an error the caller reports, never a silent null.
    for (let i = 0; i < 2; i++) {
      const err = await engine.object(ask, Shape).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EngineError);
      expect((err as EngineError).message).toBe("the model's answer did not have the asked shape");
    }
    expect(fake.requests).toHaveLength(4);
  });

  it('a structured answer offline is null: there is no model to ask', async () => {
    const offline = createEngine(createModelResolver(loadConfig({})), pino({ level: 'silent' }));
    expect(
      await offline.object({ model: 'auto', system: 's', messages: [] }, z.object({})),
    ).toBeNull();
  });

  it('an aborted request stops without retrying', async () => {
    fake.enqueue({ text: 'slow answer here', gapMs: 200 });
    const ctrl = new AbortController();
    const p = engine.stream(req({ signal: ctrl.signal }), {
      onDelta: () => ctrl.abort(new Error('stop')),
    });
    await expect(p).rejects.toBeTruthy();
    expect(fake.requests.length).toBe(1);
  });
});

describe('offline model', () => {
  it('answers from the character texts and says it is offline', async () => {
    const engine = createEngine(createModelResolver(loadConfig({})), pino({ level: 'silent' }));
    let shown = '';
    const r = await engine.stream(
      req({
        messages: [{ role: 'user', content: 'Where do you live?' }],
        offline: {
          ...material,
          background: 'Holmes lives at 221B Baker Street in London with Doctor Watson.',
          knowledge: [],
        },
      }),
      { onDelta: (d) => (shown += d) },
    );
    expect(r.offline).toBe(true);
    expect(r.model).toBe('offline');
    expect(shown).toBe(r.text);
    expect(r.text).toContain('221B Baker Street');
    expect(r.text).toMatch(/Offline model/);
  });
});
