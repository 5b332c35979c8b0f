import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import {
  createEngine,
  DEFAULT_RETRY,
  EngineError,
  retryPolicyFromConfig,
  type EngineRequest,
  type RetryPolicy,
} from './engine.ts';
import { createModelResolver } from './providers.ts';

/** Each test asks its own question, so a late request of another test never takes its script. */
const ask = (question: string): EngineRequest => ({
  model: 'auto',
  system: 'You are Sherlock Holmes.',
  messages: [{ role: 'user', content: question }],
  offline: {
    friendname: 'Holmes',
    firstprompt: '',
    personality: '',
    background: '',
    knowledge: [],
    lang: 'en',
  },
});

/**
 * A hung provider is caught by its own limits. Each test hangs the fake for good (or far
 * past a limit), so the outcome never depends on how fast this machine is: the limits are
 * small, and nothing here waits a fixed time.
 */
describe('engine time limits over a fake provider', () => {
  let fake: FakeOpenAI;
  const engineWith = (policy: RetryPolicy) =>
    createEngine(
      createModelResolver(
        loadConfig({ OPENAI_COMPATIBLE_BASE_URL: fake.url, OPENAI_COMPATIBLE_MODELS: 'fake-a' }),
      ),
      pino({ level: 'silent' }),
      policy,
    );
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.setDefault({ text: 'I am Sherlock Holmes.' });
  });

  it('the first token has its own, shorter limit than the gaps between tokens', async () => {
    fake.enqueueFor('slow start', { text: 'too late', firstTokenDelayMs: 60_000 });
    const engine = engineWith({
      attempts: 2,
      baseDelayMs: 1,
      firstTokenTimeoutMs: 100,
      idleTimeoutMs: 120_000,
    });
    const r = await engine.stream(ask('slow start'), { onDelta: () => {} });
    expect(r.text).toBe('I am Sherlock Holmes.');
    expect(fake.requests.length).toBe(2);
  });

  it('a provider that never starts fails after the attempts, saying it did not start', async () => {
    fake.setDefault({ hang: true });
    const engine = engineWith({
      attempts: 2,
      baseDelayMs: 1,
      firstTokenTimeoutMs: 50,
      idleTimeoutMs: 120_000,
    });
    const err = await engine
      .stream(ask('never starts'), { onDelta: () => {} })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as Error).message).toMatch(/did not start answering/);
  });

  it('a gap between tokens longer than the idle limit cuts the attempt, and the retry restarts', async () => {
    fake.enqueueFor('long pause', { tokens: ['one ', 'two ', 'three'], gapMs: 60_000 });
    const engine = engineWith({
      attempts: 2,
      baseDelayMs: 1,
      firstTokenTimeoutMs: 120_000,
      idleTimeoutMs: 100,
    });
    let restarts = 0;
    const r = await engine.stream(ask('long pause'), {
      onDelta: () => {},
      onRestart: () => restarts++,
    });
    expect(r.text).toBe('I am Sherlock Holmes.');
    expect(restarts).toBe(1);
  });

  it('the whole reply has a total budget: past it the reply fails for good, without more attempts', async () => {
    fake.setDefault({ hang: true });
    const engine = engineWith({
      attempts: 1000,
      baseDelayMs: 1,
      firstTokenTimeoutMs: 30,
      idleTimeoutMs: 30,
      totalTimeoutMs: 300,
    });
    const err = await engine
      .stream(ask('total budget'), { onDelta: () => {} })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).retryable).toBe(false);
    expect((err as Error).message).toMatch(/took too long/);
    expect(fake.requests.length).toBeLessThan(1000);
  });

  it('the configuration sets the three limits (20 s, 30 s and 3 minutes by default)', () => {
    expect(retryPolicyFromConfig(loadConfig({}))).toMatchObject({
      firstTokenTimeoutMs: 20_000,
      idleTimeoutMs: 30_000,
      totalTimeoutMs: 180_000,
      attempts: DEFAULT_RETRY.attempts,
    });
    const p = retryPolicyFromConfig(
      loadConfig({
        MODEL_FIRST_TOKEN_SECONDS: '5',
        MODEL_IDLE_SECONDS: '7',
        MODEL_REPLY_SECONDS: '60',
      }),
    );
    expect(p).toMatchObject({
      firstTokenTimeoutMs: 5000,
      idleTimeoutMs: 7000,
      totalTimeoutMs: 60_000,
    });
  });
});
