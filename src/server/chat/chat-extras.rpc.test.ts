import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { buildApp } from '../app.ts';
import { estimateTokens } from '../ai/tokens.ts';
import { messages, usageEvents, users } from '../db/schema.ts';
import type { FakeOpenAI } from '../test/fake-openai.ts';
import {
  rpc,
  secondInstance,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { chatRepo } from './chat.repo.ts';
import { chatTestBed } from './chat-test-kit.ts';

const TOKENS = ['one ', 'two ', 'three ', 'four '];

describe.each(testDatabases())('stop, regenerate and edit on %s', (kind) => {
  // A held model is never cut by a timeout here: only the stop ends it.
  const { bed, ask, retrieve } = chatTestBed(kind, {
    retry: { attempts: 1, baseDelayMs: 1, idleTimeoutMs: 3_600_000 },
  });
  let fake: FakeOpenAI;
  let t: TestApp;
  let token: string;
  let stranger: string;
  let release = () => {};
  beforeAll(async () => {
    ({ fake, t, token } = bed);
    stranger = await userWithSession(t, 'stranger@example.com');
  });
  afterEach(() => release());

  /** Asks `message`; the model sends two words and then holds until the test ends. */
  async function askHeld(message: string, subject: string) {
    const resume = new Promise<void>((r) => (release = r));
    fake.enqueueFor(message, { tokens: TOKENS, pauseAfter: 2, resume });
    const asked = ask({ message, subject });
    // The two words are stored (every 250 ms) while the model holds.
    const reply = await vi.waitFor(
      async () => {
        const [row] = await t.deps.db
          .select()
          .from(messages)
          .where(and(eq(messages.status, 'streaming'), eq(messages.content, 'one two ')));
        expect(row).toBeDefined();
        return row!;
      },
      { timeout: 30_000, interval: 20 },
    );
    return { asked, replyid: reply.id };
  }

  it('a flush writes streaming replies in one statement and leaves a final one alone', async () => {
    const { asked, replyid } = await askHeld('Flush me', 'Flush');
    const [final] = await t.deps.db
      .select()
      .from(messages)
      .where(eq(messages.status, 'done'))
      .limit(1);
    await chatRepo(t.deps.db).saveStreaming([
      { id: replyid, content: 'one two שלום' },
      { id: final!.id, content: 'overwritten' },
    ]);
    const text = async (id: number) =>
      (await t.deps.db.select().from(messages).where(eq(messages.id, id)))[0]!.content;
    expect(await text(replyid)).toBe('one two שלום');
    expect(await text(final!.id)).toBe(final!.content);
    release();
    expect((await asked).body).toMatchObject({ Error: 0, message: TOKENS.join('') });
  });

  it('the asker stops a reply: the text so far is kept, marked stopped, and the talk goes on from it', async () => {
    const { asked, replyid } = await askHeld('Stop me', 'Stop');
    // Nobody else may stop it.
    const refused = await rpc(t.app, { action: 'StopReply', replyid }, { bearer: stranger });
    expect(refused.body).toMatchObject({ Error: ErrorCode.NOT_FOUND });

    const stopped = await rpc(t.app, { action: 'StopReply', replyid }, { bearer: token });
    expect(stopped.body).toMatchObject({ Error: 0, replyid, status: 'stopped' });
    expect((await asked).body).toMatchObject({ Error: 0, status: 'stopped', message: 'one two ' });

    const conv = await retrieve({ subject: 'Stop' });
    expect((conv.body.chat as object[]).at(-1)).toMatchObject({
      id: replyid,
      status: 'stopped',
      message: 'one two ',
    });

    // What the stopped answer used is recorded: the prompt read and the words written.
    const [me] = await t.deps.db.select().from(users).where(eq(users.email, 'reader@example.com'));
    const [row] = await t.deps.db.select().from(messages).where(eq(messages.id, replyid));
    expect(row).toMatchObject({ model: 'fake-model', outputTokens: estimateTokens('one two ') });
    expect(row!.inputTokens).toBeGreaterThan(estimateTokens('Stop me'));
    const used = await t.deps.db.select().from(usageEvents).where(eq(usageEvents.userId, me!.id));
    expect(used.at(-1)).toMatchObject({
      kind: 'chat',
      model: 'fake-model',
      tokensIn: row!.inputTokens,
      tokensOut: row!.outputTokens,
    });

    // The next turn's history has the stopped answer.
    const next = await ask({ message: 'Go on', subject: 'Stop' });
    expect(next.body).toMatchObject({ Error: 0, status: 'done' });
    expect(fake.requests.at(-1)!.messages).toContainEqual({
      role: 'assistant',
      content: 'one two ',
    });

    // A stop that comes after the end changes nothing.
    const late = await rpc(
      t.app,
      { action: 'StopReply', replyid: next.body.replyid },
      { bearer: token },
    );
    expect(late.body).toMatchObject({ Error: 0, status: 'done' });
    const after = await retrieve({ subject: 'Stop' });
    expect((after.body.chat as object[]).at(-1)).toMatchObject({
      status: 'done',
      message: 'Elementary, my dear reader.',
    });
  });

  // Found by the fuzzer (issue 35, item 6): a reply whose conversation was reset while it was
  // written had no row to finish, its end was never told, and the asker's answer (a stream
  // kept open by its pings) and every follower waited for good.
  it('a reply whose conversation is reset while it is written ends for the asker and its followers', async () => {
    const { asked, replyid } = await askHeld('Reset me', 'Reset');
    const following = rpc(t.app, { action: 'FollowReply', replyid, lang: 'en' }, { bearer: token });
    const other = await buildApp(await secondInstance(t));
    await other.ready();
    try {
      const elsewhere = rpc(
        other,
        { action: 'FollowReply', replyid, lang: 'en' },
        { bearer: token },
      );
      const reset = await rpc(
        t.app,
        { action: 'ResetConversation', friendid: 'holmesen', subject: 'Reset' },
        { bearer: token },
      );
      expect(reset.body).toMatchObject({ Error: 0 });
      release();
      const ended: Record<string, unknown>[] = [];
      for (const p of [asked, following, elsewhere]) void p.then((r) => ended.push(r.body));
      await vi.waitFor(() => expect(ended).toHaveLength(3), { timeout: 30_000, interval: 20 });
      for (const body of ended)
        expect(body).toEqual({ Error: ErrorCode.NOT_FOUND, Errstr: 'Reply not found.' });
      // The next turn goes on as usual.
      const next = await ask({ message: 'Again', subject: 'Reset' });
      expect(next.body).toMatchObject({ Error: 0, status: 'done' });
    } finally {
      await other.close();
    }
  });

  it('a stop sent to another instance reaches the one writing the reply', async () => {
    const other = await buildApp(await secondInstance(t));
    await other.ready();
    try {
      const { asked, replyid } = await askHeld('Stop me there', 'Elsewhere');
      const stopped = await rpc(other, { action: 'StopReply', replyid }, { bearer: token });
      expect(stopped.body).toMatchObject({ Error: 0, replyid, status: 'stopped' });
      expect((await asked).body).toMatchObject({ status: 'stopped', message: 'one two ' });
    } finally {
      await other.close();
    }
  });

  it('regenerate keeps the alternatives; the chosen one is shown and is what the talk goes on from', async () => {
    fake.enqueueFor('Pick a number', { text: 'One.' }, { text: 'Two.' }, { text: 'Three.' });
    const first = await ask({ message: 'Pick a number', subject: 'Variants' });
    const regen = (replyid: unknown) =>
      rpc(t.app, { action: 'RegenerateReply', replyid }, { bearer: token });
    const second = await regen(first.body.replyid);
    expect(second.body).toMatchObject({ Error: 0, status: 'done', message: 'Two.' });
    const third = await regen(second.body.replyid);
    expect(third.body).toMatchObject({ Error: 0, message: 'Three.' });
    // Only the last answer of the conversation can be written again.
    expect((await regen(first.body.replyid)).body.Error).toBe(ErrorCode.CONFLICT);
    // Nobody else may.
    expect(
      (
        await rpc(
          t.app,
          { action: 'RegenerateReply', replyid: third.body.replyid },
          { bearer: stranger },
        )
      ).body.Error,
    ).toBe(ErrorCode.NOT_FOUND);

    const shown = async () =>
      (await retrieve({ subject: 'Variants' })).body.chat as {
        role: string;
        message: string;
        variant?: number;
        variants?: number;
      }[];
    let chat = await shown();
    expect(chat.map((m) => m.message).slice(-2)).toEqual(['Pick a number', 'Three.']);
    expect(chat.at(-1)).toMatchObject({ variant: 3, variants: 3 });

    const chosen = await rpc(
      t.app,
      { action: 'ChooseVariant', replyid: second.body.replyid },
      { bearer: token },
    );
    expect(chosen.body).toMatchObject({ Error: 0 });
    chat = await shown();
    expect(chat.at(-1)).toMatchObject({ message: 'Two.', variant: 2, variants: 3 });

    await ask({ message: 'And then?', subject: 'Variants' });
    const history = fake.requests.at(-1)!.messages;
    expect(history).toContainEqual({ role: 'assistant', content: 'Two.' });
    expect(history).not.toContainEqual({ role: 'assistant', content: 'Three.' });
    expect(history).not.toContainEqual({ role: 'assistant', content: 'One.' });
  });

  it('edits a question and sends it again: the later turns are replaced by the new answer', async () => {
    fake.enqueueFor('Where do you live?', { text: 'Baker Street.' });
    fake.enqueueFor('What is your job?', { text: 'Detective.' });
    fake.enqueueFor('What is your brother called?', { text: 'Mycroft.' });
    await ask({ message: 'Where do you live?', subject: 'Edit' });
    await ask({ message: 'What is your job?', subject: 'Edit' });
    let chat = (await retrieve({ subject: 'Edit' })).body.chat as {
      id: number;
      role: string;
      message: string;
    }[];
    const question = chat.find((m) => m.message === 'Where do you live?')!;

    // Not someone else's, and not an empty text.
    const edit = (body: Record<string, unknown>, bearer = token) =>
      rpc(t.app, { action: 'EditMessage', lang: 'en', ...body }, { bearer });
    expect((await edit({ id: question.id, message: 'x' }, stranger)).body.Error).toBe(
      ErrorCode.NOT_FOUND,
    );
    const blank = await edit({ id: question.id, message: '   ' });
    expect(blank.body.Error).toBe(ErrorCode.BAD_INPUT);
    // An answer is not the caller's message.
    const answerId = chat.find((m) => m.message === 'Baker Street.')!.id;
    expect((await edit({ id: answerId, message: 'hack' })).body.Error).toBe(ErrorCode.NOT_FOUND);

    const edited = await edit({ id: question.id, message: 'What is your brother called?' });
    expect(edited.body).toMatchObject({ Error: 0, status: 'done', message: 'Mycroft.' });
    chat = (await retrieve({ subject: 'Edit' })).body.chat as typeof chat;
    expect(chat.map((m) => m.message).slice(1)).toEqual([
      'What is your brother called?',
      'Mycroft.',
    ]);
    expect(chat[1]!.id).toBe(question.id);
    // The model saw the new question, not the old turns.
    const sent = fake.requests.at(-1)!.messages.map((m) => m.content);
    expect(sent).not.toContain('Baker Street.');
    expect(sent).not.toContain('What is your job?');
  });
});
