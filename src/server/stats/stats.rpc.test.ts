import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { turnCost } from '../ai/prices.ts';
import { chatRepo } from '../chat/chat.repo.ts';
import { friendAccess, friendStatDays, groupMessages, statRollupMarks } from '../db/schema.ts';
import { friendsRepo } from '../friends/friends.repo.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { usersRepo } from '../users/users.repo.ts';

const DAY = 86_400_000;

describe.each(testDatabases())('conversation analytics on %s', (kind) => {
  let fake: FakeOpenAI;
  let t: TestApp;
  let editor: string;
  let boss: string;
  let reader: string;
  let d1: Date;
  let d2: Date;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp(kind, {
      env: { OPENAI_COMPATIBLE_BASE_URL: fake.url, OPENAI_COMPATIBLE_MODELS: 'fake-model' },
    });
    editor = await userWithSession(t, 'ed@example.com');
    boss = await userWithSession(t, 'boss@example.com', { grant: 'globalpriv' });
    reader = await userWithSession(t, 'anna@example.com');
    await userWithSession(t, 'ben@example.com');
    const holmes = (await friendsRepo(t.deps.db).byFriendId('holmesen'))!.friend;
    await t.deps.db
      .insert(friendAccess)
      .values({ friendId: holmes.id, email: 'ed@example.com', editpriv: 1 });
    const chat = chatRepo(t.deps.db);
    const users = usersRepo(t.deps.db);
    const anna = (await users.byEmail('anna@example.com'))!.id;
    const ben = (await users.byEmail('ben@example.com'))!.id;
    // Seven days apart: two different weeks.
    d2 = new Date(t.clock.now().getTime() - DAY);
    d1 = new Date(d2.getTime() - 7 * DAY);
    const s1 = (await chat.createSubject(anna, holmes.id, 'Cases')).subject.id;
    const s2 = (await chat.createSubject(anna, holmes.id, 'Only a greeting')).subject.id;
    const s3 = (await chat.createSubject(ben, holmes.id, 'Ben')).subject.id;
    const put = (subjectId: number, role: string, createdAt: Date, more: object = {}) =>
      chat.insertMessage({ subjectId, role, content: `${role} line`, createdAt, ...more });
    await put(s1, 'user', d1);
    await put(s1, 'assistant', d1, { model: 'gpt-4o', inputTokens: 1000, outputTokens: 100 });
    await put(s1, 'user', d2);
    await put(s2, 'assistant', d2);
    await put(s3, 'user', d2);
    await put(s3, 'assistant', d2, { hidden: true });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const stat = (bearer: string, lang = 'en') =>
    rpc(t.app, { action: 'friendstat', friendid: 'holmesen', lang }, { bearer });
  const iso = (d: Date) => d.toISOString().slice(0, 10);

  it('counts exactly, with plots per day and week and the token cost', async () => {
    const r = await stat(editor);
    expect(r.body).toMatchObject({
      Error: 0,
      FriendName: 'Sherlock Holmes',
      Image: '/friends/holmes.svg',
      TotalMessages: 5,
      TotalUsers: 2,
      Conversations: 2,
      // An editor of a public character sees counts, not other people's e-mails.
      Users: [],
      UsersHidden: true,
      AnalysisState: 'none',
    });
    expect(r.body.PerDay).toEqual([
      { day: iso(d1), messages: 2 },
      { day: iso(d2), messages: 3 },
    ]);
    expect((r.body.PerWeek as { users: number }[]).map((w) => w.users)).toEqual([1, 2]);
    const cost = turnCost('gpt-4o', false, {
      inputTokens: 1000,
      cachedInputTokens: 0,
      outputTokens: 100,
    })!;
    expect(cost).toBeGreaterThan(0);
    const perDay = r.body.CostPerDay as { day: string; cost: number }[];
    expect(perDay.find((c) => c.day === iso(d1))!.cost).toBeCloseTo(cost, 6);
    // The global privilege shows who.
    const b = await stat(boss);
    expect(b.body.Users).toEqual(['anna@example.com', 'ben@example.com']);
  });

  it('a reader who is not an editor gets the reason, also as ErrorMessage', async () => {
    const r = await stat(reader, 'he');
    expect(r.body.Error).toBe(ErrorCode.FORBIDDEN);
    expect(r.body.ErrorMessage).toBe(r.body.Errstr);
    expect(String(r.body.Errstr)).toContain('רק עורכי הדמות');
    const again = await rpc(
      t.app,
      { action: 'AnalyzeFriendStats', friendid: 'holmesen' },
      { bearer: reader },
    );
    expect(again.body.Error).toBe(ErrorCode.FORBIDDEN);
  });

  it('the analysis is computed by a job over the sample, sanitised and cached', async () => {
    fake.enqueueFor('Conversations:', {
      text: JSON.stringify({
        summary: '<p>Readers ask about <b>cases</b>.</p><script>alert(1)</script>',
        topics: ['cases', 'Baker Street'],
        tone: ['curious'],
        inconsistencies: [],
      }),
    });
    const a = await rpc(
      t.app,
      { action: 'AnalyzeFriendStats', friendid: 'holmesen', lang: 'en' },
      { bearer: editor },
    );
    expect(a.body).toMatchObject({ Error: 0, AnalysisState: 'pending' });
    await expect
      .poll(async () => (await stat(editor)).body.AnalysisState, { timeout: 30_000 })
      .toBe('ready');
    const r = await stat(editor);
    expect(r.body.Analysis).toEqual({
      summery: '<p>Readers ask about <b>cases</b>.</p>',
      MainTopics: ['cases', 'Baker Street'],
      EmotionalTone: ['curious'],
      Inconsitensies: [],
    });
    expect(r.body.AnalyzedMessages).toBe(5);
    // The model saw the character's texts and the conversations, not the hidden line.
    const sent = JSON.stringify(fake.requests.at(-1)!.messages);
    expect(sent).toContain('The character');
    expect(sent.match(/user line/g)).toHaveLength(3);
    // Another language is another cached analysis.
    expect((await stat(editor, 'he')).body.AnalysisState).toBe('none');
  });

  it('counts the same from the daily roll-up plus the live rows, group chat included', async () => {
    const figures = async () => {
      const b = (await stat(boss)).body;
      return {
        total: b.TotalMessages,
        users: b.TotalUsers,
        conversations: b.Conversations,
        emails: b.Users,
        perDay: b.PerDay,
        perWeek: b.PerWeek,
        cost: b.CostPerDay,
      };
    };
    const rollUp = async () => {
      await t.deps.jobs.send('stats-rollup', {});
      await t.deps.jobs.idle();
    };
    const db = t.deps.db;
    const users = usersRepo(db);
    const friends = friendsRepo(db);
    const holmes = (await friends.byFriendId('holmesen'))!.friend.id;
    const tevye = (await friends.byFriendId('tevyeen'))!.friend.id;
    const anna = (await users.byEmail('anna@example.com'))!.id;
    const carl = (await users.create({ email: 'carl@example.com' })).id;

    const live = await figures();
    await rollUp();
    const marks = await db.select().from(statRollupMarks);
    expect(marks.find((m) => m.source === 'chat')!.uptoId).toBeGreaterThan(0);
    expect((await db.select().from(friendStatDays)).length).toBeGreaterThan(0);
    expect(await figures()).toEqual(live);

    // Group chat, yesterday: Anna asks, Holmes answers twice in the turn (one question for
    // him), Tevye once; Carl talks to Holmes only in the group.
    const g = (userId: number, role: string, friendId: number | null, more: object = {}) =>
      db.insert(groupMessages).values({ userId, role, friendId, createdAt: d2, ...more });
    await g(anna, 'user', null);
    await g(anna, 'assistant', holmes, { model: 'gpt-4o', inputTokens: 500, outputTokens: 50 });
    await g(anna, 'assistant', tevye, { model: 'gpt-4o' });
    await g(anna, 'assistant', holmes, { model: 'gpt-4o' });
    await g(carl, 'user', null);
    await g(carl, 'assistant', holmes, { status: 'failed' });
    const withGroup = await figures();
    expect(withGroup).toMatchObject({
      total: Number(live.total) + 3 + 2,
      users: 3,
      conversations: Number(live.conversations) + 2,
      emails: ['anna@example.com', 'ben@example.com', 'carl@example.com'],
    });
    const yesterday = (withGroup.perDay as { day: string; messages: number }[]).find(
      (d) => d.day === iso(d2),
    )!;
    expect(yesterday.messages).toBe(3 + 5);
    const groupCost = turnCost('gpt-4o', false, {
      inputTokens: 500,
      cachedInputTokens: 0,
      outputTokens: 50,
    })!;
    const costOf = (f: typeof live, day: string) =>
      (f.cost as { day: string; cost: number }[]).find((c) => c.day === day)?.cost ?? 0;
    expect(costOf(withGroup, iso(d2))).toBeCloseTo(costOf(live, iso(d2)) + groupCost, 6);

    // Rolled up, the group rows count the same; today's rows stay live after the mark.
    await rollUp();
    expect(await figures()).toEqual(withGroup);
    const s3 = (await chatRepo(db).listSubjects(anna, holmes))[0]!.id;
    await chatRepo(db).insertMessage({
      subjectId: s3,
      role: 'user',
      content: 'today',
      createdAt: t.clock.now(),
    });
    await g(anna, 'user', null, { createdAt: t.clock.now() });
    await g(anna, 'assistant', holmes, { createdAt: t.clock.now() });
    await rollUp();
    const today = await figures();
    expect(today.total).toBe(Number(withGroup.total) + 3);
    expect((today.perDay as { day: string }[]).at(-1)).toEqual({
      day: iso(t.clock.now()),
      messages: 3,
    });
  });
});
