import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { buildApp } from '../app.ts';
import { messages } from '../db/schema.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

function parseSse(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((b) => b.startsWith('event:'))
    .map((b) => {
      const [e, d] = b.split('\n');
      return { event: e!.slice(7), data: JSON.parse(d!.slice(6)) as Record<string, unknown> };
    });
}

describe.each(testDatabases())('chat on %s', (kind) => {
  let fake: FakeOpenAI;
  let t: TestApp;
  let token: string;
  let editor: string;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp(kind, {
      env: { OPENAI_COMPATIBLE_BASE_URL: fake.url, OPENAI_COMPATIBLE_MODELS: 'fake-model' },
    });
    token = await userWithSession(t, 'reader@example.com', { name: 'Dana Reader' });
    editor = await userWithSession(t, 'boss@example.com', { grant: 'globalpriv,canadd' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.setDefault({ text: 'Elementary, my dear reader.' }));

  const ask = (body: Record<string, unknown>, bearer = token) =>
    rpc(t.app, { action: 'AskFriend', friendid: 'holmesen', lang: 'en', ...body }, { bearer });
  const retrieve = (body: Record<string, unknown> = {}, bearer = token) =>
    rpc(t.app, { action: 'RetrieveConversation', friendid: 'holmesen', ...body }, { bearer });

  it('asks and answers as JSON; the conversation shows greeting, question and answer', async () => {
    fake.enqueueFor('Who are you?', {
      text: 'I am **Sherlock Holmes**.',
      usage: { prompt_tokens: 900, completion_tokens: 7, cached_tokens: 512 },
    });
    const r = await ask({ message: 'Who are you?', subject: 'Intro' });
    expect(r.body).toMatchObject({
      Error: 0,
      message: 'I am **Sherlock Holmes**.',
      speaker: 'Sherlock Holmes',
      status: 'done',
      subject: 'Intro',
      offline: 0,
    });
    expect(r.body.model).toBeUndefined();
    const conv = await retrieve({ subject: 'Intro' });
    const chat = conv.body.chat as { role: string; message: string; model?: string }[];
    expect(chat.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant']);
    expect(chat[1]!.message).toBe('Who are you?');
    expect(chat[2]!.model).toBeUndefined();
    // The prompt carried the character and the user's name; the cost was recorded.
    const sent = fake.requests.at(-1)!;
    expect(String(sent.messages[0]!.content)).toContain('You are Sherlock Holmes');
    expect(String(sent.messages[0]!.content)).toContain('Dana Reader');
    const [row] = (await t.deps.db.select().from(messages)).filter(
      (m) => m.content === 'I am **Sherlock Holmes**.',
    );
    expect(row).toMatchObject({
      model: 'fake-model',
      inputTokens: 900,
      cachedInputTokens: 512,
      outputTokens: 7,
    });
  });

  it('editors see the model label', async () => {
    await ask({ message: 'Hello', subject: 'Editor' }, editor);
    const conv = await retrieve({ subject: 'Editor' }, editor);
    expect((conv.body.chat as { model?: string }[]).at(-1)!.model).toBe('fake-model');
    expect(conv.body.priv).toBe(0);
  });

  it('streams Server-Sent Events: start, deltas, done with the same answer', async () => {
    fake.enqueueFor('Count', { text: 'one two three four', gapMs: 5 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
      },
      payload: { action: 'AskFriend', friendid: 'holmesen', message: 'Count', subject: 'Stream' },
    });
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = parseSse(res.body);
    expect(events[0]!.event).toBe('start');
    expect(events[0]!.data).toMatchObject({
      subject: 'Stream',
      usermessage: { message: 'Count', role: 'user' },
    });
    const deltas = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(deltas).toBe('one two three four');
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({ Error: 0, message: 'one two three four', status: 'done' });
  });

  it('a reply is never lost: the browser goes away mid-answer, comes back, and follows it to the end', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const words = Array.from({ length: 30 }, (_, i) => `w${i} `);
    fake.enqueueFor('long story', { tokens: words, gapMs: 40 });
    const ctrl = new AbortController();
    const res = await fetch(`${base}/api`, {
      method: 'POST',
      signal: ctrl.signal,
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({
        action: 'AskFriend',
        friendid: 'holmesen',
        message: 'Tell me a long story',
        subject: 'Resume',
      }),
    });
    const reader = res.body!.getReader();
    let got = '';
    while (!got.includes('event: delta'))
      got += new TextDecoder().decode((await reader.read()).value);
    ctrl.abort();
    const replyid = parseSse(got)[0]!.data.replyid as number;

    // Refresh: the partial answer is there, still being written.
    await new Promise((r) => setTimeout(r, 300));
    const conv = await retrieve({ subject: 'Resume' });
    const last = (conv.body.chat as { id: number; status: string; message: string }[]).at(-1)!;
    expect(last.id).toBe(replyid);
    expect(last.status).toBe('streaming');
    expect(last.message.length).toBeGreaterThan(0);
    expect(last.message.length).toBeLessThan(words.join('').length);

    // Follow it from what we have; the rest arrives, then done.
    const follow = await t.app.inject({
      method: 'POST',
      url: '/api',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
      },
      payload: { action: 'FollowReply', replyid, offset: last.message.length },
    });
    const events = parseSse(follow.body);
    const rest = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(last.message + rest).toBe(words.join(''));
    expect(events.at(-1)!.data).toMatchObject({
      Error: 0,
      message: words.join(''),
      status: 'done',
    });
  });

  it('another server instance on the same database follows a reply written elsewhere', async () => {
    const other = await buildApp(t.deps);
    await other.ready();
    try {
      fake.enqueueFor('Go', { tokens: Array.from({ length: 20 }, (_, i) => `x${i} `), gapMs: 30 });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          authorization: `Bearer ${token}`,
        },
        payload: { action: 'AskFriend', friendid: 'holmesen', message: 'Go', subject: 'Two' },
      });
      void res;
      const [reply] = (await t.deps.db.select().from(messages)).filter(
        (m) => m.status === 'streaming' || m.content.startsWith('x0'),
      );
      const follow = await rpc(
        other,
        { action: 'FollowReply', replyid: reply!.id },
        { bearer: token },
      );
      expect(follow.body, JSON.stringify(follow.body)).toBe(follow.body);
      expect(follow.body).toMatchObject({ Error: 0, status: 'done' });
      expect(follow.body.message).toBe(Array.from({ length: 20 }, (_, i) => `x${i} `).join(''));
    } finally {
      await other.close();
    }
  });

  it('provider faults are retried; a reply that finally fails says so and can be retried', async () => {
    fake.enqueueFor('Retry me', { status: 503 });
    const ok = await ask({ message: 'Retry me', subject: 'Faults' });
    expect(ok.body, JSON.stringify(ok.body)).toMatchObject({
      Error: 0,
      message: 'Elementary, my dear reader.',
    });

    fake.enqueueFor('Fail me', { status: 500 }, { status: 500 }, { status: 500 });
    const failed = await ask({ message: 'Fail me', subject: 'Faults', lang: 'en' });
    expect(failed.body).toMatchObject({ Error: ErrorCode.MODEL_FAILED, status: 'failed' });
    expect(failed.body.Errstr).toMatch(/could not answer/);
    const again = await rpc(
      t.app,
      { action: 'RetryReply', replyid: failed.body.replyid },
      { bearer: token },
    );
    expect(again.body).toMatchObject({
      Error: 0,
      status: 'done',
      message: 'Elementary, my dear reader.',
    });
    const conv = await retrieve({ subject: 'Faults' });
    expect((conv.body.chat as { status: string }[]).every((m) => m.status === 'done')).toBe(true);
  });

  it('the editor works on the detailsfor character, in the first try and in a retry', async () => {
    const editorAsk = (message: string) =>
      ask(
        { friendid: 'sharoneditor', detailsfor: 'holmesen', subject: 'holmesen', message },
        editor,
      );
    const system = () => String(fake.requests.at(-1)!.messages[0]!.content);
    await editorAsk('Make him warmer');
    expect(system()).toContain('The character you are working on with its creator:');
    expect(system()).toContain('id: holmesen');

    fake.enqueueFor('Make him taller', { status: 500 }, { status: 500 }, { status: 500 });
    const failed = await editorAsk('Make him taller');
    expect(failed.body).toMatchObject({ status: 'failed' });
    const again = await rpc(
      t.app,
      { action: 'RetryReply', replyid: failed.body.replyid, detailsfor: 'holmesen' },
      { bearer: editor },
    );
    expect(again.body).toMatchObject({ Error: 0, status: 'done' });
    expect(system()).toContain('id: holmesen');
  });

  it('::subject:: creates a subject and hides the answer; ::(name):: renames the current one', async () => {
    fake.enqueueFor('about Moriarty', { text: '::Moriarty::' });
    const r = await ask({
      message: 'Let us talk about Moriarty in a new subject',
      subject: 'Markers',
    });
    expect(r.body.markers).toMatchObject({ newSubject: 'Moriarty', hidden: true });
    const subjects = await rpc(
      t.app,
      { action: 'GetSubjects', friendid: 'holmesen' },
      { bearer: token },
    );
    expect(subjects.body.subjects).toContain('Moriarty');
    const created = await retrieve({ subject: 'Moriarty' });
    expect((created.body.chat as { role: string }[])[0]?.role).toBe('assistant');
    const conv = await retrieve({ subject: 'Markers' });
    expect(
      (conv.body.chat as { message: string }[]).some((m) => m.message.includes('::Moriarty::')),
    ).toBe(false);

    fake.enqueueFor('Rename this', { text: 'Done. ::(The Napoleon of crime)::' });
    const r2 = await ask({ message: 'Rename this subject', subject: 'Moriarty' });
    expect(r2.body).toMatchObject({
      subject: 'The Napoleon of crime',
      markers: { renameSubject: 'The Napoleon of crime', hidden: false },
    });
  });

  it('subjects: create, rename, fork with context, delete; rewind and reset', async () => {
    const call = (action: string, body: Record<string, unknown>) =>
      rpc(t.app, { action, friendid: 'holmesen', ...body }, { bearer: token });
    expect((await call('UpdateSubject', { newsubject: 'Cases' })).body).toMatchObject({
      Error: 0,
      subject: 'Cases',
    });
    expect((await call('UpdateSubject', { newsubject: '   ' })).body.Error).toBe(
      ErrorCode.BAD_INPUT,
    );
    await ask({ message: 'First case?', subject: 'Cases' });
    await ask({ message: 'Second case?', subject: 'Cases' });
    expect(
      (await call('UpdateSubject', { subject: 'Cases', newsubject: 'Old cases' })).body.subject,
    ).toBe('Old cases');
    expect(
      (await call('ForkSubject', { subject: 'Old cases', newsubject: 'Fork' })).body.subject,
    ).toBe('Fork');
    const fork = await retrieve({ subject: 'Fork' });
    expect((fork.body.chat as { message: string }[]).map((m) => m.message)).toContain(
      'Second case?',
    );
    expect(
      (await call('ForkSubject', { subject: 'Old cases', newsubject: 'fork' })).body.Error,
    ).toBe(ErrorCode.CONFLICT);

    const chat = (await retrieve({ subject: 'Old cases' })).body.chat as {
      id: number;
      role: string;
    }[];
    const firstAnswer = chat.filter((m) => m.role === 'assistant')[1]!;
    const rew = await call('RewindConversation', { subject: 'Old cases', id: firstAnswer.id });
    expect(rew.body).toMatchObject({ Error: 0, removed: 2 });
    expect(((await retrieve({ subject: 'Old cases' })).body.chat as unknown[]).length).toBe(3);

    await call('ResetConversation', { subject: 'Old cases' });
    const reset = (await retrieve({ subject: 'Old cases' })).body.chat as { role: string }[];
    expect(reset.map((m) => m.role)).toEqual(['assistant']);

    const del = await call('DelSubject', { subject: 'Fork' });
    expect(del.body.subjects).not.toContain('Fork');
  });

  it('a question makes its subject the most recent one', async () => {
    const subjectsNow = async () =>
      (await rpc(t.app, { action: 'GetSubjects', friendid: 'holmesen' }, { bearer: token })).body
        .subjects as string[];
    await ask({ message: 'Hello A', subject: 'Order A' });
    await ask({ message: 'Hello B', subject: 'Order B' });
    expect((await subjectsNow()).slice(0, 2)).toEqual(['Order B', 'Order A']);
    await ask({ message: 'Back to A', subject: 'Order A' });
    expect((await subjectsNow()).slice(0, 2)).toEqual(['Order A', 'Order B']);
  });

  it("a reply left by a stopped server reads as failed, in the reader's language, every time", async () => {
    await ask({ message: 'Before the crash', subject: 'Crash' });
    const [row] = (await t.deps.db.select().from(messages))
      .filter((m) => m.role === 'assistant')
      .sort((a, b) => b.id - a.id);
    // As a server that stopped mid-reply leaves it: streaming, not written for a minute.
    await t.deps.db
      .update(messages)
      .set({ status: 'streaming', updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(messages.id, row!.id));
    for (const lang of ['he', 'en']) {
      const conv = await retrieve({ subject: 'Crash', lang });
      const last = (conv.body.chat as { status: string; error?: string }[]).at(-1)!;
      expect(last.status).toBe('failed');
      // Never our internal reason ('interrupted'); the client words it when none is given.
      expect(last.error ?? '').not.toMatch(/interrupted/);
    }
  });

  it('memory and notes enter the prompt; memory is learned in the background', async () => {
    const call = (action: string, body: Record<string, unknown>) =>
      rpc(t.app, { action, friendid: 'holmesen', ...body }, { bearer: token });
    await rpc(t.app, { action: 'GetSetSelf', notes: 'I am a nurse in Haifa.' }, { bearer: token });
    await call('GetSetSelf', { notes: 'Call me Doctor.' });
    expect((await call('GetSetSelf', {})).body.notes).toBe('Call me Doctor.');
    expect((await call('GetSetMemory', { memory: 'Likes violins.', set: 1 })).body.memory).toBe(
      'Likes violins.',
    );
    await ask({ message: 'Hello again', subject: 'Memory' });
    const system = String(fake.requests.at(-1)!.messages[0]!.content);
    expect(system).toContain('I am a nurse in Haifa.');
    expect(system).toContain('Call me Doctor.');
    expect(system).toContain('Likes violins.');

    fake.setDefault((req) => ({
      text: String(req.messages[0]?.content).includes("keep a character's memory")
        ? '- Dana is a nurse who loves violins.'
        : 'Indeed.',
    }));
    for (let i = 0; i < 3; i++) await ask({ message: `Tell me more ${i}`, subject: 'Memory' });
    await t.deps.db.select().from(messages); // let the background task run
    await new Promise((r) => setTimeout(r, 200));
    expect((await call('GetSetMemory', {})).body.memory).toBe(
      '- Dana is a nurse who loves violins.',
    );
  });

  it('canvas keeps the previous text as a backup, per subject', async () => {
    const call = (action: string, body: Record<string, unknown>) =>
      rpc(t.app, { action, friendid: 'vered', ...body }, { bearer: token });
    expect((await call('GetCanvas', { subject: 'Plan' })).body).toMatchObject({
      canvas: '',
      backup: '',
    });
    await call('UpdateCanvas', { subject: 'Plan', contents: 'draft 1' });
    const second = await call('UpdateCanvas', { subject: 'Plan', contents: 'draft 2' });
    expect(second.body).toMatchObject({ canvas: 'draft 2', backup: 'draft 1' });
    expect((await call('GetCanvas', { subject: 'Other' })).body.canvas).toBe('');
  });

  it('long conversations load page by page', async () => {
    const subject = 'Paging';
    await rpc(
      t.app,
      { action: 'UpdateSubject', friendid: 'alice', newsubject: subject },
      { bearer: token },
    );
    const conv0 = await rpc(
      t.app,
      { action: 'RetrieveConversation', friendid: 'alice', subject },
      { bearer: token },
    );
    const first = (conv0.body.chat as { id: number }[])[0]!;
    const row = await t.deps.db.select().from(messages);
    const subjectId = row.find((m) => m.id === first.id)!.subjectId;
    await t.deps.db.insert(messages).values(
      Array.from({ length: 120 }, (_, i) => ({
        subjectId,
        role: i % 2 ? 'assistant' : 'user',
        content: `m${i}`,
      })),
    );
    const p1 = await rpc(
      t.app,
      { action: 'RetrieveConversation', friendid: 'alice', subject },
      { bearer: token },
    );
    const chat1 = p1.body.chat as { id: number; message: string }[];
    expect(chat1).toHaveLength(50);
    expect(chat1.at(-1)!.message).toBe('m119');
    expect(p1.body.hasmore).toBe(true);
    const p2 = await rpc(
      t.app,
      { action: 'RetrieveConversation', friendid: 'alice', subject, before: chat1[0]!.id },
      { bearer: token },
    );
    expect((p2.body.chat as { message: string }[]).at(-1)!.message).toBe('m69');
  });

  it('a stranger cannot chat with a private character', async () => {
    const { friends } = await import('../db/schema.ts');
    await t.deps.db
      .insert(friends)
      .values({ friendid: 'hiddenone', friendname: 'Hidden', publicfriend: 0 });
    const r = await ask({ message: 'hi', friendid: 'hiddenone', lang: 'en' });
    expect(r.body.Error).toBe(ErrorCode.FORBIDDEN);
    expect(r.body.Errstr).toBe('You have no permission to watch this chat');
  });
});
