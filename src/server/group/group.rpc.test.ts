import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { parseSse } from '../chat/chat-test-kit.ts';
import type { DomainEventMap } from '../platform/domain-events.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { GROUP_MEMORY_TAG } from '../chat/memory-facts.ts';
import { creditHolds } from '../db/schema.ts';
import { usersRepo } from '../users/users.repo.ts';
import { DIRECTOR_TAG } from './director.ts';
import { groupRepo } from './group.repo.ts';

const GROUP = 'holmesen,tevyeen,aliceen';
/** Each speaker's request ends with this line: the fake answers per character. */
const turnOf = (name: string) => `as ${name} only`;

describe.each(testDatabases())('group chat on %s', (kind) => {
  let fake: FakeOpenAI;
  let t: TestApp;
  let token: string;
  const finished: DomainEventMap['turn.finished'][] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp(kind, {
      env: { OPENAI_COMPATIBLE_BASE_URL: fake.url, OPENAI_COMPATIBLE_MODELS: 'fake-model' },
    });
    token = await userWithSession(t, 'group@example.com', { name: 'Dana Reader' });
    t.deps.domain.on('turn.finished', (e) => void finished.push(e));
    // Memory updates run in the background: they get their own answer, never a turn's.
    fake.route(GROUP_MEMORY_TAG, (req) => ({
      text: JSON.stringify(req.messages).includes('I keep bees')
        ? '{"facts": [{"text": "Dana keeps bees."}]}'
        : '{"facts": []}',
    }));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    fake.setDefault({ text: 'A fine question.' });
    await rpc(t.app, { action: 'ResetMultiConversation' }, { bearer: token });
  });

  const ask = (body: Record<string, unknown>, bearer = token) =>
    rpc(t.app, { action: 'MultiChatAsk', friends: GROUP, lang: 'en', ...body }, { bearer });
  const retrieve = (bearer = token) =>
    rpc(t.app, { action: 'RetrieveMultiConversaion', lang: 'en' }, { bearer });
  const sse = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
      },
      payload: { lang: 'en', ...body },
    });

  it('the director picks who answers and in what order; each speaks in its own voice', async () => {
    fake.enqueueFor(DIRECTOR_TAG, { text: '{"speakers": ["tevyeen", "holmesen"]}' });
    fake.enqueueFor(turnOf('Tevye the Dairyman'), { text: 'On the other hand, milk is milk.' });
    fake.enqueueFor(turnOf('Sherlock Holmes'), {
      text: 'Sherlock Holmes: I observe the cream.\nTevye the Dairyman: And I sell it!',
    });
    const before = fake.requests.length;
    const r = await ask({ message: 'What do you make of milk?' });
    expect(r.body.Error).toBe(0);
    const answers = r.body.answers as Record<string, unknown>[];
    expect(answers.map((a) => a.friendid)).toEqual(['tevyeen', 'holmesen']);
    expect(answers[0]).toMatchObject({
      speaker: 'Tevye the Dairyman',
      message: 'On the other hand, milk is milk.',
      image: '/friends/tevye.svg',
      status: 'done',
    });
    expect(typeof answers[0]!.tm).toBe('string');
    // Holmes's own name tag is dropped and the line he wrote for Tevye is cut.
    expect(answers[1]!.message).toBe('I observe the cream.');

    const calls = fake.requests.slice(before);
    expect(calls).toHaveLength(3);
    expect(JSON.stringify(calls[0]!.messages)).toContain(DIRECTOR_TAG);
    // Each character has its own prompt; the second heard the first, tagged with its name.
    const holmesCall = JSON.stringify(calls[2]!.messages);
    expect(String(calls[1]!.messages[0]!.content)).toContain('You are Tevye the Dairyman');
    expect(String(calls[2]!.messages[0]!.content)).toContain('You are Sherlock Holmes');
    expect(holmesCall).toContain('[Tevye the Dairyman]: On the other hand, milk is milk.');
    expect(holmesCall).toContain('Dana Reader');

    const conv = await retrieve();
    const chat = conv.body.chat as Record<string, unknown>[];
    expect(chat.map((m) => m.speaker)).toEqual([
      'Dana Reader',
      'Tevye the Dairyman',
      'Sherlock Holmes',
    ]);
    expect(conv.body.running).toBe(false);
    const ticked = (conv.body.friends as { friendid: string; checked: number }[])
      .filter((f) => f.checked)
      .map((f) => f.friendid)
      .sort();
    expect(ticked).toEqual(['aliceen', 'holmesen', 'tevyeen']);
    // Every answer is a finished turn for billing and analytics.
    expect(finished.filter((e) => answers.some((a) => a.replyid === e.replyId))).toHaveLength(2);
  });

  it('"@name" and the avatar button ask one character, without the director', async () => {
    const before = fake.requests.length;
    const r = await ask({ message: '@Alice, is the rabbit late?' });
    expect((r.body.answers as { friendid: string }[]).map((a) => a.friendid)).toEqual(['aliceen']);
    const r2 = await ask({ message: 'And you?', to: 'holmesen' });
    expect((r2.body.answers as { friendid: string }[]).map((a) => a.friendid)).toEqual([
      'holmesen',
    ]);
    expect(fake.requests.slice(before).some((q) => JSON.stringify(q).includes(DIRECTOR_TAG))).toBe(
      false,
    );
  });

  it('a character spoken to by another answers in the same turn', async () => {
    fake.enqueueFor(turnOf('Sherlock Holmes'), {
      text: 'Alice, you were there: what did you see?',
    });
    fake.enqueueFor(turnOf('Alice'), { text: 'A very curious cat.' });
    const r = await ask({ message: 'Who saw the cat?', to: 'holmesen' });
    const answers = r.body.answers as { friendid: string; message: string }[];
    expect(answers.map((a) => a.friendid)).toEqual(['holmesen', 'aliceen']);
    expect(answers[1]!.message).toBe('A very curious cat.');
  });

  it('streams as Server-Sent Events: start, speaker, deltas, answer, done', async () => {
    fake.enqueueFor(turnOf('Sherlock Holmes'), { text: 'one two three', gapMs: 5 });
    const res = await sse({
      action: 'MultiChatAsk',
      friends: GROUP,
      message: 'Count',
      to: 'holmesen',
    });
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = parseSse(res.body);
    expect(events.map((e) => e.event).filter((e, i, a) => a[i - 1] !== e)).toEqual([
      'start',
      'speaker',
      'delta',
      'answer',
      'done',
    ]);
    expect(events[0]!.data).toMatchObject({ usermessage: { message: 'Count', role: 'user' } });
    const text = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(text).toBe('one two three');
    expect(events.at(-1)!.data).toMatchObject({
      Error: 0,
      answers: [{ friendid: 'holmesen', message: 'one two three' }],
    });
  });

  it('a turn being written is shown after a refresh and followed to the end', async () => {
    let release!: () => void;
    const resume = new Promise<void>((r) => (release = r));
    fake.enqueueFor(turnOf('Sherlock Holmes'), {
      text: 'first half and the second half',
      pauseAfter: 2,
      resume,
    });
    const asking = ask({ message: 'Tell a long story', to: 'holmesen' });
    await expect
      .poll(async () => {
        const c = await retrieve();
        const last = (c.body.chat as { status: string; message: string }[]).at(-1);
        return c.body.running && last?.status === 'streaming' && last.message.length > 0;
      })
      .toBe(true);
    // Another message now would be refused: the characters are still answering.
    const busy = await ask({ message: 'Hurry up', to: 'aliceen' });
    expect(busy.body.Error).toBe(ErrorCode.CONFLICT);
    const following = sse({ action: 'FollowMultiChat' });
    release();
    const [asked, followed] = await Promise.all([asking, following]);
    expect((asked.body.answers as { message: string }[])[0]!.message).toBe(
      'first half and the second half',
    );
    const events = parseSse(followed.body);
    expect(events.at(-1)!.data).toMatchObject({
      answers: [{ friendid: 'holmesen', message: 'first half and the second half' }],
    });
    expect(
      events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe('first half and the second half');
  });

  // Found by the fuzzer in the single chat (issue 35, item 6): a reply whose row went while it
  // was written never told its end. Here the rows go under a turn (reset and rewind wait for
  // the turn, so the rows are deleted directly, as a race with that check or the account's
  // removal would): the asker's answer ends, its hold goes back, no speaker is left streaming.
  it('a turn whose rows go while it is written ends, its hold given back', async () => {
    let release!: () => void;
    const resume = new Promise<void>((r) => (release = r));
    fake.enqueueFor(DIRECTOR_TAG, { text: '{"speakers": ["holmesen", "tevyeen"]}' });
    fake.enqueueFor(turnOf('Sherlock Holmes'), {
      text: 'first half and the second half',
      pauseAfter: 2,
      resume,
    });
    const userId = (await usersRepo(t.deps.db).byEmail('group@example.com'))!.id;
    const asking = ask({ message: 'Tell a long story' });
    const holds = () => t.deps.db.select().from(creditHolds).where(eq(creditHolds.userId, userId));
    await expect
      .poll(async () => {
        const c = await retrieve();
        const last = (c.body.chat as { status: string; message: string }[]).at(-1);
        return last?.status === 'streaming' && last.message.length > 0;
      })
      .toBe(true);
    expect(await holds()).toHaveLength(1);
    await groupRepo(t.deps.db).clear(userId);
    release();
    const asked = await asking;
    expect(asked.body).toMatchObject({ Error: 0 });
    expect((asked.body.answers as unknown[]).length).toBeLessThan(2);
    await expect.poll(async () => (await holds()).length).toBe(0);
    expect(await groupRepo(t.deps.db).streamingCount(userId)).toBe(0);
    // The next turn is not refused as busy.
    const next = await ask({ message: 'Again', to: 'aliceen' });
    expect(next.body).toMatchObject({ Error: 0, answers: [{ friendid: 'aliceen' }] });
  });

  it('rewinds to a message and resets; bad input gets a clear error in the user language', async () => {
    await ask({ message: 'One', to: 'holmesen' });
    await ask({ message: 'Two', to: 'aliceen' });
    const chat = (await retrieve()).body.chat as { id: number; tm: string }[];
    expect(chat).toHaveLength(4);
    const rw = await rpc(
      t.app,
      { action: 'RewindMultiConversation', id: chat[1]!.id },
      { bearer: token },
    );
    expect(rw.body).toMatchObject({ Error: 0, removed: 2 });
    expect((await retrieve()).body.chat).toHaveLength(2);
    const missing = await rpc(
      t.app,
      { action: 'RewindMultiConversation', id: 999_999, lang: 'he' },
      { bearer: token },
    );
    expect(missing.body.Error).toBe(ErrorCode.NOT_FOUND);
    expect(missing.body.Errstr).toContain('ההודעה לא נמצאה');

    const reset = await rpc(
      t.app,
      { action: 'ResetMultiConversation', friends: 'aliceen,holmesen' },
      { bearer: token },
    );
    expect(reset.body.Error).toBe(0);
    const after = await retrieve();
    expect(after.body.chat).toEqual([]);

    const blank = await ask({ message: '   ', lang: 'en' });
    expect(blank.body.Error).toBe(ErrorCode.BAD_INPUT);
    const none = await ask({ friends: '', message: 'Hello?' });
    expect(none.body).toMatchObject({
      Error: ErrorCode.BAD_INPUT,
      Errstr: 'Tick at least one character for the group chat.',
    });
    const notMember = await ask({ message: 'Hi', to: 'quixoteen' });
    expect(notMember.body.Error).toBe(ErrorCode.BAD_INPUT);
    // None of the refusals stored anything.
    expect((await retrieve()).body.chat).toEqual([]);
  });

  it('another user never sees this conversation', async () => {
    await ask({ message: 'A secret', to: 'holmesen' });
    const other = await userWithSession(t, 'other-group@example.com');
    const r = await retrieve(other);
    expect(r.body.chat).toEqual([]);
  });

  it('a failed answer is written again by the same character on retry', async () => {
    // The provider fails every attempt for Holmes: his answer fails, and the turn stops there.
    fake.enqueueFor(turnOf('Sherlock Holmes'), { status: 500 }, { status: 500 }, { status: 500 });
    const r = await ask({ message: 'Who took the pearl?', to: 'holmesen' });
    expect(r.body.Error).toBe(0);
    const [failed] = r.body.answers as { replyid: number; status: string; error?: string }[];
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'The character could not answer right now. Please try again.',
    });
    const stored = (await retrieve()).body.chat as { id: number; status: string }[];
    expect(stored.at(-1)).toMatchObject({ id: failed!.replyid, status: 'failed' });

    fake.enqueueFor(turnOf('Sherlock Holmes'), { text: 'The butler, of course.' });
    const again = await rpc(
      t.app,
      { action: 'RetryMultiChatAnswer', replyid: failed!.replyid, lang: 'en' },
      { bearer: token },
    );
    expect(again.body).toMatchObject({
      Error: 0,
      answers: [
        {
          replyid: failed!.replyid,
          friendid: 'holmesen',
          status: 'done',
          message: 'The butler, of course.',
        },
      ],
    });
    const after = (await retrieve()).body.chat as { id: number; status: string }[];
    expect(after.map((m) => m.status)).toEqual(['done', 'done']);
    // A done answer is not tried again.
    const twice = await rpc(
      t.app,
      { action: 'RetryMultiChatAnswer', replyid: failed!.replyid, lang: 'en' },
      { bearer: token },
    );
    expect(twice.body).toMatchObject({
      Error: ErrorCode.CONFLICT,
      Errstr: 'Only a failed reply can be tried again.',
    });
  });

  it('group turns update what each speaking character remembers of the user', async () => {
    const dana = await userWithSession(t, 'group-memory@example.com', { name: 'Dana' });
    const memoryOf = async (friendid: string) =>
      (await rpc(t.app, { action: 'GetSetMemory', friendid }, { bearer: dana })).body.memory;
    // Holmes speaks to Alice, who answers in the same turn; then Holmes alone, twice.
    fake.enqueueFor(turnOf('Sherlock Holmes'), { text: 'Alice, do you keep bees too?' });
    fake.enqueueFor(turnOf('Alice'), { text: 'Only caterpillars.' });
    const first = await ask({ message: 'I keep bees', to: 'holmesen' }, dana);
    expect((first.body.answers as { friendid: string }[]).map((a) => a.friendid)).toEqual([
      'holmesen',
      'aliceen',
    ]);
    for (const message of ['They are calm in winter', 'The honey is dark'])
      expect((await ask({ message, to: 'holmesen' }, dana)).body.Error).toBe(0);
    await t.deps.jobs.idle();

    // Holmes answered in three turns (seven lines): his memory of Dana learned from them.
    const calls = fake.requests.filter((q) => {
      const sent = JSON.stringify(q.messages);
      return sent.includes(GROUP_MEMORY_TAG) && sent.includes('I keep bees');
    });
    expect(calls).toHaveLength(1);
    const sent = String(calls[0]!.messages.at(-1)!.content);
    expect(sent).toContain('USER: I keep bees');
    expect(sent).toContain('CHARACTER: Alice, do you keep bees too?');
    expect(sent).toContain('[Alice]: Only caterpillars.');
    expect(sent).toContain('USER: The honey is dark');
    expect(await memoryOf('holmesen')).toBe('Dana keeps bees.');
    // Alice spoke once (three lines): too little yet to update her memory.
    expect(await memoryOf('aliceen')).toBe('');
    // The turns' answers were each the character's own, not the memory's.
    expect((await retrieve(dana)).body.chat).toHaveLength(7);
  });
});
