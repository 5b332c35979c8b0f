import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { buildApp } from '../app.ts';
import { messages } from '../db/schema.ts';
import type { FakeOpenAI } from '../test/fake-openai.ts';
import { fetchEvents, rpc, secondInstance, testDatabases, type TestApp } from '../test/harness.ts';
import { chatTestBed, parseSse } from './chat-test-kit.ts';

describe.each(testDatabases())('chat on %s', (kind) => {
  const { bed, ask, retrieve } = chatTestBed(kind);
  let fake: FakeOpenAI;
  let t: TestApp;
  let token: string;
  let editor: string;
  beforeAll(() => ({ fake, t, token, editor } = bed));

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
    const res = await fetchEvents(
      base,
      token,
      {
        action: 'AskFriend',
        friendid: 'holmesen',
        message: 'Tell me a long story',
        subject: 'Resume',
      },
      ctrl.signal,
    );
    const reader = res.body!.getReader();
    let got = '';
    while (!got.includes('event: delta'))
      got += new TextDecoder().decode((await reader.read()).value);
    ctrl.abort();
    const replyid = parseSse(got)[0]!.data.replyid as number;

    // Refresh: the partial answer is there (stored every 250 ms), still being written. Wait
    // for the first store rather than for a time.
    const last = await vi.waitFor(
      async () => {
        const conv = await retrieve({ subject: 'Resume' });
        const row = (conv.body.chat as { id: number; status: string; message: string }[]).at(-1)!;
        expect(row.message).not.toBe('');
        return row;
      },
      { timeout: 30_000, interval: 20 },
    );
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
    const other = await buildApp(await secondInstance(t));
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
