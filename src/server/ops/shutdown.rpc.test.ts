import { desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { messages } from '../db/schema.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import type { GraceTimer } from './shutdown.ts';

/** A grace timer the test ends itself: no test waits on the clock. */
function manualGrace() {
  let fire!: () => void;
  let started!: (ms: number) => void;
  const startedWith = new Promise<number>((r) => (started = r));
  const timer: GraceTimer = (ms, cancel) =>
    new Promise<void>((resolve) => {
      fire = resolve;
      cancel.addEventListener('abort', () => resolve());
      started(ms);
    });
  return { timer, startedWith, fire: () => fire() };
}

describe.each(testDatabases())('shutdown with a reply running (%s)', (kind) => {
  let fake: FakeOpenAI;
  let t: TestApp;
  let grace: ReturnType<typeof manualGrace>;
  let token: string;
  let release: () => void;

  beforeEach(async () => {
    fake = await startFakeOpenAI();
    const resume = new Promise<void>((r) => (release = r));
    fake.setDefault({ text: 'Elementary, my dear reader.', pauseAfter: 1, resume });
    grace = manualGrace();
    t = await createTestApp(kind, {
      env: { OPENAI_COMPATIBLE_BASE_URL: fake.url, OPENAI_COMPATIBLE_MODELS: 'fake-model' },
      // One attempt and no idle timeout: the held reply must end only as the test says.
      retry: { attempts: 1, baseDelayMs: 1, idleTimeoutMs: 3_600_000 },
      graceTimer: grace.timer,
    });
    token = await userWithSession(t, 'reader@example.com', { name: 'Dana Reader' });
  });
  afterEach(async () => {
    release();
    await t.close();
    await fake.close();
  });

  /** Asks a question whose reply the fake model holds after its first word. */
  async function askHeld() {
    const asked = rpc(
      t.app,
      { action: 'AskFriend', friendid: 'holmesen', lang: 'en', message: 'Who did it?' },
      { bearer: token },
    );
    await vi.waitFor(() => expect(fake.requests.length).toBe(1), { timeout: 30_000, interval: 5 });
    // Wrapped: an async function answering the promise itself would wait for it.
    return { asked };
  }

  /** The metrics' count of ended replies, by outcome. */
  async function outcomes() {
    const { values } = await t.deps.metrics.registry
      .getSingleMetric('sefer_reply_outcomes_total')!
      .get();
    return Object.fromEntries(values.map((v) => [v.labels.outcome, v.value]));
  }

  const lastReply = async () =>
    (
      await t.deps.db
        .select()
        .from(messages)
        .where(eq(messages.role, 'assistant'))
        .orderBy(desc(messages.id))
        .limit(1)
    )[0]!;

  it('stops taking requests, lets the reply finish, then closes', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const { asked } = await askHeld();

    let closed = false;
    const closing = t.app.close().then(() => (closed = true));
    expect(await grace.startedWith).toBe(20_000);

    const late = await fetch(`http://127.0.0.1:${address.port}/api/health`);
    expect(late.status).toBe(503);
    expect(closed).toBe(false);

    release();
    await closing;
    const answer = await asked;
    expect(answer.body.Error).toBe(0);
    expect(JSON.stringify(answer.body)).toContain('Elementary, my dear reader.');
    const row = await lastReply();
    expect(row.status).toBe('done');
    expect(row.content).toBe('Elementary, my dear reader.');
    expect(await outcomes()).toEqual({ done: 1 });
  });

  it('when the grace runs out, the reply is stored as failed (RetryReply takes failed replies)', async () => {
    const { asked } = await askHeld();
    const closing = t.app.close();
    await grace.startedWith;
    grace.fire();
    await closing;

    const answer = await asked;
    expect(answer.body.Error).toBe(ErrorCode.MODEL_FAILED);
    const row = await lastReply();
    expect(row.status).toBe('failed');
    expect(fake.requests.length).toBe(1);
    // Counted apart from replies that failed on their own.
    expect(await outcomes()).toEqual({ interrupted: 1 });
  });
});
