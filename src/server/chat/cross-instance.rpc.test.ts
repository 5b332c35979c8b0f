import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import type { Deps } from '../deps.ts';
import { messages } from '../db/schema.ts';
import { pgEvents } from '../platform/events-pg.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import {
  createTestApp,
  freshDatabase,
  rpc,
  secondInstance,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { parseSse } from './chat-test-kit.ts';

const TOKENS = ['one ', 'two ', 'three ', 'four ', 'five ', 'six '];
/**
 * How long a wait on a state may take: vi.waitFor's own default (1 s) is shorter than an
 * AskFriend takes to store its reply row on a busy machine (the follower test failed 4 of 10
 * runs that way with the machine loaded). It returns as soon as the state holds.
 */
const UNTIL = { timeout: 30_000, interval: 20 };

describe.runIf(testDatabases().includes('postgres'))('two app instances on PostgreSQL', () => {
  let fake: FakeOpenAI;
  let t: TestApp;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let otherDeps: Deps;
  let token: string;
  let release!: () => void;
  let databaseUrl: string;
  const log = pino({ level: 'silent' });

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    const database = await freshDatabase('postgres');
    databaseUrl = database.url!;
    t = await createTestApp('postgres', {
      database,
      events: pgEvents(database.url!, log),
      env: { OPENAI_COMPATIBLE_BASE_URL: fake.url, OPENAI_COMPATIBLE_MODELS: 'fake-model' },
      retry: { attempts: 1, baseDelayMs: 1, idleTimeoutMs: 3_600_000 },
    });
    const closeFirst = t.close;
    t.close = async () => {
      await closeFirst();
      await database.close();
    };
    otherDeps = await secondInstance(t, pgEvents(database.url!, log));
    other = await buildApp(otherDeps);
    await other.ready();
    token = await userWithSession(t, 'reader@example.com', { name: 'Dana Reader' });
  });
  afterAll(async () => {
    release?.();
    await other?.close();
    await otherDeps?.events.close();
    await t?.close();
    await fake?.close();
  });

  it("a follower on instance B gets A's reply as it streams, in order, to the end", async () => {
    const resume = new Promise<void>((r) => (release = r));
    fake.enqueueFor('Tell me', { tokens: TOKENS, pauseAfter: 3, resume });
    const asked = rpc(
      t.app,
      { action: 'AskFriend', friendid: 'holmesen', lang: 'en', message: 'Tell me', subject: 'B' },
      { bearer: token },
    );
    // A is held after three words; the reply row exists and is streaming.
    const [reply] = await vi.waitFor(async () => {
      const rows = await t.deps.db
        .select()
        .from(messages)
        .where(and(eq(messages.role, 'assistant'), eq(messages.status, 'streaming')));
      expect(rows).toHaveLength(1);
      return rows;
    }, UNTIL);
    // A third listener sees what A publishes on the reply's channel: A sends deltas once B
    // has said it follows (the text so far at once), so B is on the events path before A goes on.
    const watch = pgEvents(databaseUrl, log);
    let published = false;
    await watch.subscribe(`reply.${reply!.id}`, (w) => {
      if ((w as { k: string }).k === 'd') published = true;
    });
    const followed = other.inject({
      method: 'POST',
      url: '/api',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
      },
      payload: { action: 'FollowReply', replyid: reply!.id },
    });
    await vi.waitFor(() => expect(published).toBe(true), UNTIL);
    await watch.close();
    release();
    const events = parseSse((await followed).body);
    const text = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(text).toBe(TOKENS.join(''));
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: { Error: 0, status: 'done', message: TOKENS.join('') },
    });
    expect((await asked).body).toMatchObject({ Error: 0, message: TOKENS.join('') });
  });

  it("a stop sent to instance B reaches A's held reply over LISTEN/NOTIFY", async () => {
    const resume = new Promise<void>((r) => (release = r));
    fake.enqueueFor('Halt', { tokens: TOKENS, pauseAfter: 2, resume });
    const asked = rpc(
      t.app,
      { action: 'AskFriend', friendid: 'holmesen', lang: 'en', message: 'Halt', subject: 'S' },
      { bearer: token },
    );
    const reply = await vi.waitFor(async () => {
      const [row] = await t.deps.db
        .select()
        .from(messages)
        .where(and(eq(messages.status, 'streaming'), eq(messages.content, 'one two ')));
      expect(row).toBeDefined();
      return row!;
    }, UNTIL);
    const stopped = await rpc(other, { action: 'StopReply', replyid: reply.id }, { bearer: token });
    expect(stopped.body).toMatchObject({ Error: 0, status: 'stopped' });
    expect((await asked).body).toMatchObject({ Error: 0, status: 'stopped', message: 'one two ' });
    release();
  });
});
