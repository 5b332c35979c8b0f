import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { creditHolds, friends, users } from '../db/schema.ts';
import { startFakeOpenAI, type FakeOpenAI, type FakeRequest } from '../test/fake-openai.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';

/**
 * A turn never overdraws (issue 35, item 1): the hold is sized from the turn's estimate, the
 * reply's output is capped by what the balance covers, a turn the balance cannot cover is
 * refused with the buy link, and a settle never takes more than the hold.
 */

/** The fake reports what a provider would: the prompt's size, and `out` tokens written. */
const honest = (out?: number) => (req: FakeRequest) => ({
  text: 'A short answer.',
  usage: {
    prompt_tokens: Math.ceil(JSON.stringify(req.messages).length / 4),
    completion_tokens: out ?? Math.min(req.max_tokens ?? 4, 4),
  },
});

describe.each(testDatabases())('credits never go below zero on %s', (kind) => {
  let fake: FakeOpenAI;
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    const stream = new Writable({
      write(chunk: Buffer, _enc, next) {
        for (const l of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(l) as Record<string, unknown>);
        next();
      },
    });
    t = await createTestApp(kind, {
      log: pino({ level: 'warn' }, stream),
      env: {
        OPENAI_COMPATIBLE_BASE_URL: fake.url,
        OPENAI_COMPATIBLE_MODELS: 'fake-model,dear-model',
        FREE_CREDITS: '100',
        // gpt-4o's list price in credits per million tokens; the dear model: a credit a token.
        CREDIT_PRICES: 'fake-model=2500/1250/10000,dear-model=1000000/0/1000000',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.setDefault(honest());
    fake.requests.length = 0;
  });

  const userRow = async (email: string) =>
    (await t.deps.db.select().from(users).where(eq(users.email, email)))[0]!;
  const setCredits = (email: string, credits: number) =>
    t.deps.db.update(users).set({ credits }).where(eq(users.email, email));
  const newUser = async (email: string, credits: number) => {
    const bearer = await userWithSession(t, email);
    await rpc(t.app, { action: 'GetSetUserData' }, { bearer });
    await setCredits(email, credits);
    return bearer;
  };
  const ask = (bearer: string, message: string, opts: { friendid?: string; img?: string } = {}) =>
    rpc(
      t.app,
      {
        action: 'AskFriend',
        friendid: opts.friendid ?? 'holmesen',
        subject: 'Bounds',
        message,
        lang: 'he',
        ...(opts.img ? { img: opts.img } : {}),
      },
      { bearer },
    );
  const holdsOf = async (email: string) =>
    t.deps.db
      .select()
      .from(creditHolds)
      .where(eq(creditHolds.userId, (await userRow(email)).id));

  it('1 credit and a 20,000-character message: refused with the buy link, nothing taken', async () => {
    const bearer = await newUser('long-message@example.com', 1);
    const r = await ask(bearer, 'א'.repeat(20_000));
    await t.deps.domain.settled();
    const after = (await userRow('long-message@example.com')).credits;
    expect(after, `balance after: ${after}`).toBeGreaterThanOrEqual(0);
    expect(r.body.Error).toBe(ErrorCode.NO_CREDITS);
    expect(r.body).toMatchObject({ buy: '/buy' });
    expect(after).toBe(1);
    expect(await holdsOf('long-message@example.com')).toEqual([]);
  });

  it('a long history and a pasted image: the turn the balance cannot cover is refused', async () => {
    const bearer = await newUser('long-history@example.com', 1_000_000);
    for (let i = 0; i < 4; i++)
      expect((await ask(bearer, `${i} ${'word '.repeat(1_000)}`)).body.Error).toBe(0);
    await t.deps.domain.settled();
    await setCredits('long-history@example.com', 5);
    const img = `data:image/png;base64,${Buffer.from('not really a picture').toString('base64')}`;
    const r = await ask(bearer, 'And now?', { img });
    await t.deps.domain.settled();
    const after = (await userRow('long-history@example.com')).credits;
    expect(after, `balance after: ${after}`).toBeGreaterThanOrEqual(0);
    expect(r.body.Error).toBe(ErrorCode.NO_CREDITS);
    expect(after).toBe(5);
  });

  it('a dear model: the reply is capped by what the balance covers, and a provider that ignores the cap is charged no more than the hold (said in the log)', async () => {
    await t.deps.db
      .update(friends)
      .set({ model: 'dear-model' })
      .where(sql`lower(${friends.friendid}) = 'tevyeen'`);
    const bearer = await newUser('dear@example.com', 3_000);
    // This provider writes 5,000 tokens whatever it is told.
    fake.setDefault(honest(5_000));
    const r = await ask(bearer, 'Hello', { friendid: 'tevyeen' });
    expect(r.body.Error).toBe(0);
    await t.deps.domain.settled();
    const sent = fake.requests.find((q) => q.model === 'dear-model')!;
    // Its prompt is some 1,500 tokens, at a credit each: what is left covers the reply, under
    // the reply budget's 2,000.
    expect(sent.max_tokens).toBeGreaterThan(0);
    expect(sent.max_tokens!).toBeLessThan(1_600);
    const u0 = await userRow('dear@example.com');
    expect(u0.credits).toBe(0);
    const u = await userRow('dear@example.com');
    expect(u.credits).toBeGreaterThanOrEqual(0);
    expect(await holdsOf('dear@example.com')).toEqual([]);
    const said = lines.find((l) => l.msg === 'turn cost more than its hold: charged the hold');
    expect(said).toMatchObject({ userId: u.id });
    expect(said!.uncharged).toBeGreaterThan(0);
  });

  it('regenerate and retry take their own holds: a spent balance refuses them, nothing charged', async () => {
    const bearer = await newUser('again@example.com', 1_000);
    const first = await ask(bearer, 'Once');
    expect(first.body.Error).toBe(0);
    await t.deps.domain.settled();
    const replyid = first.body.replyid as number;
    await setCredits('again@example.com', 0);
    const again = await rpc(t.app, { action: 'RegenerateReply', replyid, lang: 'en' }, { bearer });
    expect(again.body).toMatchObject({ Error: ErrorCode.NO_CREDITS, buy: '/buy' });
    // A failed reply retried: before, a retry took no hold at all.
    await setCredits('again@example.com', 1_000);
    fake.setDefault({ status: 500 });
    expect((await ask(bearer, 'Fails')).body.Error).toBe(ErrorCode.MODEL_FAILED);
    await t.deps.domain.settled();
    const failed = (await t.deps.db.execute(
      sql`select m.id from messages m join subjects s on s.id = m.subject_id
        join users u on u.id = s.user_id
        where u.email = 'again@example.com' and m.status = 'failed'`,
    )) as unknown as { rows: { id: number }[] };
    expect(failed.rows.length).toBeGreaterThan(0);
    await t.deps.db
      .delete(creditHolds)
      .where(eq(creditHolds.userId, (await userRow('again@example.com')).id));
    await setCredits('again@example.com', 0);
    fake.setDefault(honest());
    const retry = await rpc(
      t.app,
      { action: 'RetryReply', replyid: failed.rows[0]!.id, lang: 'en' },
      { bearer },
    );
    expect(retry.body).toMatchObject({ Error: ErrorCode.NO_CREDITS, buy: '/buy' });
    expect((await userRow('again@example.com')).credits).toBe(0);
  });

  it('a burst of concurrent turns from one account with a small balance never overdraws', async () => {
    const bearer = await newUser('burst@example.com', 60);
    fake.setDefault(honest(3_000));
    const asks = await Promise.all(
      Array.from({ length: 12 }, (_, i) => ask(bearer, `Question ${i}`)),
    );
    await t.deps.domain.settled();
    const ok = asks.filter((r) => r.body.Error === ErrorCode.OK);
    expect(ok.length).toBeGreaterThan(0);
    expect(
      asks.every((r) => r.body.Error === ErrorCode.OK || r.body.Error === ErrorCode.NO_CREDITS),
    ).toBe(true);
    const after = (await userRow('burst@example.com')).credits;
    expect(after, `balance after: ${after}`).toBeGreaterThanOrEqual(0);
    expect(await holdsOf('burst@example.com')).toEqual([]);
  });

  it('group chat: each answer is bound by a hold, the balance never goes below zero', async () => {
    const bearer = await newUser('group-bounds@example.com', 3);
    fake.setDefault(honest(3_000));
    const r = await rpc(
      t.app,
      { action: 'MultiChatAsk', friends: 'holmesen,tevyeen', message: 'Hello both', lang: 'en' },
      { bearer },
    );
    expect([ErrorCode.OK, ErrorCode.NO_CREDITS]).toContain(r.body.Error);
    await expect.poll(() => holdsOf('group-bounds@example.com')).toEqual([]);
    await t.deps.domain.settled();
    const after = (await userRow('group-bounds@example.com')).credits;
    expect(after, `balance after: ${after}`).toBeGreaterThanOrEqual(0);
  });
});
