import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { parseSse } from '../chat/chat-test-kit.ts';
import { creditHolds, groupMessages, instances, messages, users } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import {
  createTestApp,
  rpc,
  secondInstance,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';

/** Long enough to wait on a state on a busy machine; each wait ends as soon as it holds. */
const UNTIL = { timeout: 30_000, interval: 20 };
const TOKENS = ['one ', 'two ', 'three ', 'four '];

/**
 * Instance B runs a chat reply and a group chat answer, each held by the fake model after two
 * words, with their credit holds; then B dies without a word (its heartbeat stops: here its
 * row is made to look silent, since the test cannot kill its own process; the real kill -9 is
 * in instances-crash.test.ts). Instance A's next heartbeat finds it dead: both replies become
 * failed (retryable), the holds go back, and a follower on A hears the failure at once.
 * Heartbeats are an hour apart here, so only the test's own `check()` calls run.
 */
describe.each(testDatabases())('a dead instance on %s', (kind) => {
  let fake: FakeOpenAI;
  let t: TestApp;
  let bDeps: Deps;
  let b: Awaited<ReturnType<typeof buildApp>>;
  let token: string;
  const releases: (() => void)[] = [];
  const held = () =>
    new Promise<void>((r) => {
      releases.push(r);
    });

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp(kind, {
      env: {
        OPENAI_COMPATIBLE_BASE_URL: fake.url,
        OPENAI_COMPATIBLE_MODELS: 'fake-model',
        INSTANCE_HEARTBEAT_SECONDS: '3600',
      },
      retry: { attempts: 1, baseDelayMs: 1, idleTimeoutMs: 3_600_000 },
    });
    bDeps = await secondInstance(t);
    b = await buildApp(bDeps);
    await b.ready();
    token = await userWithSession(t, 'reader@example.com', { name: 'Dana Reader' });
  });
  afterAll(async () => {
    for (const r of releases) r();
    await b?.close();
    await t?.close();
    await fake?.close();
  });

  let userId = 0;
  const credits = async () =>
    (await t.deps.db.select({ c: users.credits }).from(users).where(eq(users.id, userId)))[0]!.c;

  /** A chat reply and a group answer streaming on B, both held by the model. */
  async function streamOnB(tag: string) {
    fake.enqueueFor(`Tell ${tag}`, { tokens: TOKENS, pauseAfter: 2, resume: held() });
    fake.enqueueFor('as Sherlock Holmes only', { tokens: TOKENS, pauseAfter: 2, resume: held() });
    void rpc(
      b,
      { action: 'AskFriend', friendid: 'holmesen', lang: 'en', message: `Tell ${tag}` },
      { bearer: token },
    );
    void rpc(
      b,
      { action: 'MultiChatAsk', friends: 'holmesen', to: 'holmesen', lang: 'en', message: tag },
      { bearer: token },
    );
    return vi.waitFor(async () => {
      const chat = await t.deps.db
        .select()
        .from(messages)
        .where(and(eq(messages.status, 'streaming'), eq(messages.content, 'one two ')));
      const group = await t.deps.db
        .select()
        .from(groupMessages)
        .where(and(eq(groupMessages.status, 'streaming'), eq(groupMessages.content, 'one two ')));
      expect([chat.length, group.length]).toEqual([1, 1]);
      return { chat: chat[0]!, group: group[0]! };
    }, UNTIL);
  }

  /** The stored status of the chat reply and of the group answer. */
  async function statusOf(rows: { chat: { id: number }; group: { id: number } }) {
    const [chat] = await t.deps.db.select().from(messages).where(eq(messages.id, rows.chat.id));
    const [group] = await t.deps.db
      .select()
      .from(groupMessages)
      .where(eq(groupMessages.id, rows.group.id));
    return [chat!.status, group!.status];
  }

  const holdsOf = async (instance: number) =>
    (await t.deps.db.select().from(creditHolds).where(eq(creditHolds.instance, instance))).length;

  it("B's heartbeat stops: A fails its replies, returns its holds, tells their followers", async () => {
    await rpc(t.app, { action: 'ResetMultiConversation' }, { bearer: token });
    const [me] = await t.deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'reader@example.com'));
    userId = me!.id;
    const before = await credits();
    const rows = await streamOnB('a story');
    expect(rows.chat.instance).toBe(bDeps.instance.id);
    expect(rows.group.instance).toBe(bDeps.instance.id);
    // Two turns hold credits on B (the first turn also gave the free allowance).
    expect(await holdsOf(bDeps.instance.id)).toBe(2);
    const allowance = t.deps.config.FREE_CREDITS;
    const balance = before === 0 ? allowance : before;

    // A reader on A follows the chat reply B is writing.
    const followed = t.app.inject({
      method: 'POST',
      url: '/api',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
      },
      payload: { action: 'FollowReply', replyid: rows.chat.id },
    });

    await t.deps.db
      .update(instances)
      .set({ seenAt: sql`now() - interval '5 hours'` })
      .where(eq(instances.id, bDeps.instance.id));
    await t.deps.instance.check();

    expect(await statusOf(rows)).toEqual(['failed', 'failed']);
    expect(await holdsOf(bDeps.instance.id)).toBe(0);
    expect(await credits()).toBe(balance);
    const end = parseSse((await followed).body).at(-1);
    expect(end).toMatchObject({ event: 'done', data: { status: 'failed', message: 'one two ' } });
    // B is recorded dead, and what it held as given up.
    const [row] = await t.deps.db
      .select({ dead: instances.dead, swept: instances.swept })
      .from(instances)
      .where(eq(instances.id, bDeps.instance.id));
    expect(row).toEqual({ dead: true, swept: true });
  });

  it("an instance that starts again under B's name gives up what B's last run held", async () => {
    // B is alive again (its heartbeat came back), with a new pair of held replies.
    await bDeps.instance.check();
    for (const r of releases.splice(0)) r();
    await vi.waitFor(async () => {
      const streaming = await t.deps.db
        .select()
        .from(messages)
        .where(eq(messages.status, 'streaming'));
      expect(streaming).toHaveLength(0);
    }, UNTIL);
    await rpc(t.app, { action: 'ResetMultiConversation' }, { bearer: token });
    const rows = await streamOnB('another story');
    expect(await holdsOf(bDeps.instance.id)).toBe(2);

    // B restarted: the new run registers under the same name, and its first check (at ready,
    // before it takes a request) fails the old run's replies, however fresh their heartbeat.
    const again = await buildApp(await secondInstance(t, t.deps.events, bDeps.instance.name));
    await again.ready();
    expect(await statusOf(rows)).toEqual(['failed', 'failed']);
    expect(await holdsOf(bDeps.instance.id)).toBe(0);
    await again.close();
  });
});
