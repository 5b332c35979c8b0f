import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { creditHolds, usageEvents, users } from '../db/schema.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';

/**
 * Each turn of the fake model costs 10 credits here: 5 tokens out at 2 credits each, the input
 * free (the hold is sized from the prompt and the reply's budget, issue 35: a priced input
 * would make the seeded characters' prompts of some 1,500 tokens outweigh these balances).
 */
const TURN_COST = 10;

describe.each(testDatabases())('credits on chat turns on %s', (kind) => {
  let fake: FakeOpenAI;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    fake.setDefault({ text: 'A short answer.', usage: { prompt_tokens: 5, completion_tokens: 5 } });
    t = await createTestApp(kind, {
      env: {
        OPENAI_COMPATIBLE_BASE_URL: fake.url,
        OPENAI_COMPATIBLE_MODELS: 'fake-model',
        FREE_CREDITS: '100',
        CREDIT_PRICES: 'fake-model=0/0/2000000',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const userRow = async (email: string) =>
    (await t.deps.db.select().from(users).where(eq(users.email, email)))[0]!;
  const ask = (bearer: string, message: string, lang = 'en') =>
    rpc(
      t.app,
      { action: 'AskFriend', friendid: 'holmesen', subject: 'Credits', message, lang },
      { bearer },
    );

  it('prices turns from the table; the offline model is free', () => {
    const c = t.deps.credits;
    expect(c.turnCredits('fake-model', false, { tokensIn: 5, tokensCached: 0, tokensOut: 5 })).toBe(
      TURN_COST,
    );
    expect(
      c.turnCredits('fake-model', true, { tokensIn: 500, tokensCached: 0, tokensOut: 5 }),
    ).toBe(0);
    // A listed model at its list price: gpt-4o, 1M in + 1M out = $12.5 = 12,500 credits.
    expect(c.turnCredits('gpt-4o', false, { tokensIn: 1e6, tokensCached: 0, tokensOut: 1e6 })).toBe(
      12_500,
    );
  });

  it('20 concurrent turns: every answered turn is recorded and paid, the balance never goes below zero', async () => {
    const bearer = await userWithSession(t, 'busy@example.com');
    const asks = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ask(bearer, `Question ${i}`)),
    );
    await t.deps.domain.settled();
    const ok = asks.filter((r) => r.body.Error === ErrorCode.OK);
    const refused = asks.filter((r) => r.body.Error === ErrorCode.NO_CREDITS);
    expect(ok.length + refused.length, JSON.stringify(asks.map((r) => r.body.Error))).toBe(20);
    expect(ok.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.body).toMatchObject({ buy: '/buy' });
    expect(refused[0]!.body.Errstr).toContain('/buy');

    const u = await userRow('busy@example.com');
    const rows = await t.deps.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, u.id), eq(usageEvents.kind, 'chat')));
    expect(rows).toHaveLength(ok.length);
    expect(u.credits).toBe(100 - TURN_COST * ok.length);
    expect(u.credits).toBeGreaterThanOrEqual(0);
    expect(await t.deps.db.select().from(creditHolds).where(eq(creditHolds.userId, u.id))).toEqual(
      [],
    );

    // A refused question was not stored: only the answered ones are in the conversation.
    const conv = await rpc(
      t.app,
      { action: 'RetrieveConversation', friendid: 'holmesen', subject: 'Credits' },
      { bearer },
    );
    const questions = (conv.body.chat as { role: string }[]).filter((m) => m.role === 'user');
    expect(questions).toHaveLength(ok.length);
  });

  it('a spent balance refuses in the user language; buying credits lets the next turn through', async () => {
    const bearer = await userWithSession(t, 'spent@example.com');
    await rpc(t.app, { action: 'GetSetUserData' }, { bearer });
    const u = await userRow('spent@example.com');
    await t.deps.db.update(users).set({ credits: 0 }).where(eq(users.id, u.id));
    const he = await ask(bearer, 'שאלה', 'he');
    expect(he.body.Error).toBe(ErrorCode.NO_CREDITS);
    expect(he.body.Errstr).toBe('נגמרו הקרדיטים שלך לשיחות. אפשר לרכוש עוד בדף הרכישה: /buy');
    // Refused before anything is stored: no question, no hold, the balance untouched.
    const conv = await rpc(
      t.app,
      { action: 'RetrieveConversation', friendid: 'holmesen', subject: 'Credits', lang: 'en' },
      { bearer },
    );
    expect(JSON.stringify(conv.body.chat)).not.toContain('שאלה');
    expect(await t.deps.db.select().from(creditHolds).where(eq(creditHolds.userId, u.id))).toEqual(
      [],
    );
    expect((await userRow('spent@example.com')).credits).toBe(0);
    await t.deps.db.update(users).set({ credits: 100 }).where(eq(users.id, u.id));
    const ok = await ask(bearer, 'Now?');
    expect(ok.body.Error).toBe(0);
    await t.deps.domain.settled();
    expect((await userRow('spent@example.com')).credits).toBe(100 - TURN_COST);
  });

  it('group chat: a spent balance refuses before storing; each answer is charged and the hold goes back', async () => {
    const bearer = await userWithSession(t, 'group-credits@example.com');
    await rpc(t.app, { action: 'GetSetUserData' }, { bearer });
    const u = await userRow('group-credits@example.com');
    const group = (message: string, lang = 'en') =>
      rpc(
        t.app,
        { action: 'MultiChatAsk', friends: 'holmesen,tevyeen', to: 'holmesen', message, lang },
        { bearer },
      );
    await t.deps.db.update(users).set({ credits: 0 }).where(eq(users.id, u.id));
    const he = await group('שאלה', 'he');
    expect(he.body.Error).toBe(ErrorCode.NO_CREDITS);
    expect(
      (await rpc(t.app, { action: 'RetrieveMultiConversaion', lang: 'en' }, { bearer })).body.chat,
    ).toEqual([]);
    await t.deps.db.update(users).set({ credits: 100 }).where(eq(users.id, u.id));
    const ok = await group('Who took the cream?');
    expect(ok.body.Error).toBe(0);
    const answers = ok.body.answers as unknown[];
    expect(answers.length).toBeGreaterThan(0);
    await expect
      .poll(async () => t.deps.db.select().from(creditHolds).where(eq(creditHolds.userId, u.id)))
      .toEqual([]);
    await t.deps.domain.settled();
    expect((await userRow('group-credits@example.com')).credits).toBe(
      100 - TURN_COST * answers.length,
    );
  });

  it('a hold of a turn that never finished goes back to its user', async () => {
    const bearer = await userWithSession(t, 'stale@example.com');
    await rpc(t.app, { action: 'GetSetUserData' }, { bearer });
    const u = await userRow('stale@example.com');
    const hold = await t.deps.credits.reserveTurn(u.id, {
      offline: false,
      model: 'fake-model',
      promptTokens: 5,
      maxOutputTokens: 5,
    });
    expect(hold).not.toBeNull();
    // The hold is the turn's estimate: the prompt and the whole reply budget (5 tokens here).
    expect(hold!.amount).toBe(Math.max(20, 2 * 32));
    expect((await userRow('stale@example.com')).credits).toBe(100 - hold!.amount);
    t.clock.advance(60 * 60_000);
    expect(await t.deps.credits.releaseStale(30 * 60_000)).toBeGreaterThanOrEqual(1);
    expect((await userRow('stale@example.com')).credits).toBe(100);
  });

  it('editors see what each answer cost beside its model; readers do not', async () => {
    const editor = await userWithSession(t, 'cost-editor@example.com', { grant: 'globalpriv' });
    expect((await ask(editor, 'What did this cost?')).body.Error).toBe(0);
    const conv = async (bearer: string) =>
      (
        await rpc(
          t.app,
          { action: 'RetrieveConversation', friendid: 'holmesen', subject: 'Credits' },
          { bearer },
        )
      ).body.chat as { role: string; model?: string; credits?: number }[];
    expect((await conv(editor)).at(-1)).toMatchObject({
      role: 'assistant',
      model: 'fake-model',
      credits: TURN_COST,
    });
    const reader = await userWithSession(t, 'cost-reader@example.com');
    expect((await ask(reader, 'And for me?')).body.Error).toBe(0);
    expect((await conv(reader)).at(-1)).not.toHaveProperty('credits');
  });
});
