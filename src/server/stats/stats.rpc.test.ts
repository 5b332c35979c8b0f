import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { turnCost } from '../ai/prices.ts';
import { chatRepo } from '../chat/chat.repo.ts';
import { and, eq } from 'drizzle-orm';
import {
  friendAccess,
  friendStatDays,
  groupMessages,
  messages,
  statDirtyDays,
  statRollupMarks,
} from '../db/schema.ts';
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
import { rollupRepo } from './rollup.repo.ts';

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
    // A model with no list price (the compatible server's): priced as billing charges it.
    await put(s2, 'assistant', d2, { model: 'fake-model', inputTokens: 2000, outputTokens: 200 });
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
    // The day whose turn ran on a model with no list price still has its bar (it cost credits).
    const unlisted = t.deps.credits.turnUsd('fake-model', false, {
      tokensIn: 2000,
      tokensCached: 0,
      tokensOut: 200,
    });
    expect(unlisted).toBeGreaterThan(0);
    expect(
      t.deps.credits.turnCredits('fake-model', false, {
        tokensIn: 2000,
        tokensCached: 0,
        tokensOut: 200,
      }),
    ).toBeGreaterThan(0);
    expect(perDay.find((c) => c.day === iso(d2))!.cost).toBeCloseTo(unlisted, 6);
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

  it('an answer that does not fit the analysis is a failure the page can show, not an empty analysis', async () => {
    for (const text of ['Sorry, I cannot help with that.', '{"summary": "", "topics": []}'])
      fake.enqueueFor('Conversations:', { text });
    for (const lang of ['he', 'en'] as const) {
      const a = await rpc(
        t.app,
        { action: 'AnalyzeFriendStats', friendid: 'holmesen', lang },
        { bearer: editor },
      );
      expect(a.body.AnalysisState).toBe('pending');
      await expect
        .poll(async () => (await stat(editor, lang)).body.AnalysisState, { timeout: 30_000 })
        .toBe('failed');
    }
    // The provider was asked for the shape (a JSON schema), not told it in prose only.
    expect(fake.requests.at(-1)!.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { schema: { required: ['summary', 'topics', 'tone', 'inconsistencies'] } },
    });
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

  it('deleting rolled-up messages lowers the counts at once; the next roll-up rewrites the day', async () => {
    const db = t.deps.db;
    const chat = chatRepo(db);
    const users = usersRepo(db);
    const friends = friendsRepo(db);
    const holmes = (await friends.byFriendId('holmesen'))!.friend.id;
    const anna = (await users.byEmail('anna@example.com'))!.id;
    const ben = (await users.byEmail('ben@example.com'))!.id;
    const figures = async () => {
      const b = (await stat(boss)).body;
      const perDay = b.PerDay as { day: string; messages: number }[];
      const cost = b.CostPerDay as { day: string; cost: number }[];
      return {
        total: Number(b.TotalMessages),
        users: Number(b.TotalUsers),
        emails: b.Users as string[],
        on: (d: Date) => perDay.find((x) => x.day === iso(d))?.messages ?? 0,
        costOn: (d: Date) => cost.find((x) => x.day === iso(d))?.cost ?? 0,
      };
    };
    const rollUp = async () => {
      await t.deps.jobs.send('stats-rollup', {});
      await t.deps.jobs.idle();
    };
    const dirty = () => db.select().from(statDirtyDays);
    const counted = async () =>
      (await rollupRepo(db).rows(holmes)).reduce((n, r) => n + Number(r.messages), 0);
    const stored = async () =>
      (
        await db
          .select({ day: friendStatDays.day, messages: friendStatDays.messages })
          .from(friendStatDays)
          .where(eq(friendStatDays.friendId, holmes))
      ).reduce((n, r) => n + r.messages, 0);
    await rollUp();
    const before = await figures();
    expect(await dirty()).toEqual([]);
    // Only rows before today are rolled up; today's (one chat, two group) are live.
    expect(await stored()).toBe(before.total - 3);

    // Anna rewinds her group chat to Holmes's first answer of yesterday: Tevye's answer and
    // Holmes's second go (Holmes loses one answer; the question still counts once), and so
    // does today's round (question and answer).
    const lines = (await db.select().from(groupMessages).where(eq(groupMessages.userId, anna)))
      .filter((r) => r.friendId === holmes)
      .sort((a, b) => a.id - b.id);
    const rw = await rpc(
      t.app,
      { action: 'RewindMultiConversation', id: lines[0]!.id },
      { bearer: reader },
    );
    expect(rw.body).toMatchObject({ Error: 0, removed: 4 });
    // The deletion marked the day of each character that lost a rolled-up answer, in its
    // own transaction (a stats page then queues the roll-up).
    const tevye = (await friends.byFriendId('tevyeen'))!.friend.id;
    expect((await dirty()).sort((a, b) => a.friendId - b.friendId)).toEqual(
      [holmes, tevye]
        .sort((a, b) => a - b)
        .map((friendId) => ({
          friendId,
          day: iso(d2),
          source: 'group',
        })),
    );
    // Before any roll-up, the rows read count the dirty day from the messages.
    expect(await counted()).toBe(before.total - 3);
    const afterGroup = await figures();
    expect(afterGroup.total).toBe(before.total - 3);
    expect(afterGroup.on(d2)).toBe(before.on(d2) - 1);
    expect(afterGroup.on(t.clock.now())).toBe(before.on(t.clock.now()) - 2);
    // That page queued a roll-up (a day was dirty): let it finish, so that the days marked
    // next are the only dirty ones (it would otherwise run at a moment of pg-boss's choosing).
    await t.deps.jobs.idle();
    expect(await dirty()).toEqual([]);

    // Ben's subject is deleted (its messages go by cascade): one shown message, one hidden,
    // and Ben no longer counts as a user.
    const bens = await chat.listSubjects(ben, holmes);
    await chat.deleteSubject(bens[0]!.id);
    // Anna's "Cases" is rewound to her first question: yesterday-week's priced answer goes.
    const cases = (await chat.listSubjects(anna, holmes)).find((x) => x.name === 'Cases')!;
    const [first, ...later] = await chat.since(cases.id, 0);
    const gone = later.filter((m) => !m.hidden);
    await chat.deleteAfter(cases.id, first!.id);
    // A rolled-up answer hidden afterwards is no longer counted either.
    const greeting = (await chat.listSubjects(anna, holmes)).find(
      (x) => x.name === 'Only a greeting',
    )!;
    const [hello] = await chat.since(greeting.id, 0);
    await db
      .update(messages)
      .set({ hidden: true })
      .where(and(eq(messages.id, hello!.id)));

    const expected = {
      total: afterGroup.total - 1 - gone.length - 1,
      users: afterGroup.users - 1,
      d1: afterGroup.on(d1) - gone.filter((m) => iso(m.createdAt) === iso(d1)).length,
      d2: afterGroup.on(d2) - 1 - gone.filter((m) => iso(m.createdAt) === iso(d2)).length - 1,
    };
    const check = async () => {
      const now = await figures();
      expect(now.total).toBe(expected.total);
      expect(now.users).toBe(expected.users);
      expect(now.emails).toEqual(['anna@example.com', 'carl@example.com']);
      expect(now.on(d1)).toBe(expected.d1);
      expect(now.on(d2)).toBe(expected.d2);
      // The priced answer of d1 is gone with its cost.
      expect(now.costOn(d1)).toBe(0);
    };
    expect(gone.some((m) => m.inputTokens === 1000)).toBe(true);
    expect((await dirty()).map((d) => `${d.source} ${d.day}`).sort()).toEqual(
      [`chat ${iso(d1)}`, `chat ${iso(d2)}`].sort(),
    );
    expect(await counted()).toBe(expected.total);
    await check();

    // The roll-up rewrites the dirty days from the messages: the same figures, none dirty.
    await rollUp();
    expect(await dirty()).toEqual([]);
    await check();
    expect(await stored()).toBe(expected.total - (afterGroup.on(t.clock.now()) > 0 ? 1 : 0));
  });
});
