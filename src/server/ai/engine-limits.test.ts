import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
 * past a limit), so the outcome never depends on how fast this machine is, and nothing here
 * waits a fixed time. Where an attempt must also succeed, the limits run on a fake clock that
 * moves only when the test moves it: on real time a busy machine can take longer than a small
 * limit to deliver even the good answer (the first-token test failed 3 of 3 runs that way with
 * the machine loaded).
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
  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * The engine's timers (limits and backoff) on a fake clock; the HTTP exchange with the fake
   * stays real. The test moves the clock by a limit at once; otherwise only expect.poll moves
   * it, by its interval (10 ms) a poll while it waits, so a limit of 10 s on the fake clock
   * cannot run out however slow the machine is (the poll gives up after 20 s of real time,
   * i.e. at most 20 s of fake time: `UNREACHED` is never reached at all).
   */
  const LIMIT = 10_000;
  const UNREACHED = 600_000;
  const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const untilRequests = (n: number) =>
    expect.poll(() => fake.requests.length, { interval: 10 }).toBe(n);

  it('the first token has its own, shorter limit than the gaps between tokens', async () => {
    fakeClock();
    // Headers, then never a token.
    fake.enqueueFor('slow start', { hang: true });
    const engine = engineWith({
      attempts: 2,
      baseDelayMs: 1,
      firstTokenTimeoutMs: LIMIT,
      idleTimeoutMs: UNREACHED,
    });
    const reply = engine.stream(ask('slow start'), { onDelta: () => {} });
    await untilRequests(1);
    // The first-token limit cuts the silent attempt; the idle limit never could.
    await vi.advanceTimersByTimeAsync(LIMIT);
    await untilRequests(2);
    const r = await reply;
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
    fakeClock();
    // The fake's pause is on the fake clock too: it never ends.
    fake.enqueueFor('long pause', { tokens: ['one ', 'two ', 'three'], gapMs: UNREACHED });
    const engine = engineWith({
      attempts: 2,
      baseDelayMs: 1,
      firstTokenTimeoutMs: UNREACHED,
      idleTimeoutMs: LIMIT,
    });
    let restarts = 0;
    let text = '';
    const reply = engine.stream(ask('long pause'), {
      onDelta: (d) => (text += d),
      onRestart: () => {
        restarts++;
        text = '';
      },
    });
    // The first word arrives; the idle limit runs from it.
    await expect.poll(() => text, { interval: 10 }).toBe('one ');
    await vi.advanceTimersByTimeAsync(LIMIT);
    await untilRequests(2);
    const r = await reply;
    expect(r.text).toBe('I am Sherlock Holmes.');
    expect(text).toBe('I am Sherlock Holmes.');
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
