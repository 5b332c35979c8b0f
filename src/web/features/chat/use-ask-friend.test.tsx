import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../shared/storage/storage.ts';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { providersWrapper } from '../../test/render.tsx';
import { controlledStream, streamedBodies, stubStreams } from '../../test/sse-stub.ts';
import { useAskFriend, type ChatAnswer } from './use-ask-friend.ts';
import { useConversation, type Message } from './use-conversation.ts';

vi.mock('../../shared/api/client.ts', () => ({ call: vi.fn() }));

const msg = (id: number, role: 'user' | 'assistant', message: string, extra = {}): Message => ({
  id,
  role,
  message,
  tm: '2026-01-02 10:00:00',
  speaker: role === 'user' ? 'Dana' : 'Holmes',
  img: null,
  status: 'done',
  ...extra,
});

function serveConversation(chat: Message[]) {
  return answerCalls({
    RetrieveConversation: {
      Error: 0,
      friendname: 'Holmes',
      image: '',
      public: true,
      friendtype: 0,
      voice: '',
      voice_instructions: '',
      creator: '',
      creatorname: '',
      subject: 'S',
      chat,
      hasmore: false,
      priv: 1,
    },
  });
}

const done = (replyid: number, message: string, extra: Record<string, unknown> = {}) => ({
  Error: 0,
  replyid,
  message,
  tm: '2026-01-02 10:00:05',
  speaker: 'Holmes',
  status: 'done',
  offline: 0,
  subject: 'S',
  markers: { hidden: false },
  ...extra,
});

function setup(onAnswer?: (a: ChatAnswer) => void) {
  const { wrapper } = providersWrapper('en');
  return renderHook(
    () => {
      const conv = useConversation('holmes', 'S', 'en', true);
      const ask = useAskFriend({
        friendid: 'holmes',
        subject: 'S',
        lang: 'en',
        friendname: 'Holmes',
        username: 'Dana',
        messages: conv.messages,
        enabled: conv.isSuccess,
        ...(onAnswer ? { onAnswer } : {}),
      });
      return { messages: conv.messages, ask };
    },
    { wrapper },
  );
}

const texts = (ms: Message[]) => ms.map((m) => `${m.role}:${m.message}:${m.status}`);

describe('useAskFriend', () => {
  beforeEach(() => {
    storage.set('detailsfor', 'alice');
  });

  it('shows the question at once and the answer word by word; restart drops the partial text', async () => {
    serveConversation([msg(1, 'assistant', 'Welcome.')]);
    const s = controlledStream();
    const fetchMock = stubStreams(() => s.response);
    const { result } = setup();
    await waitFor(() => expect(result.current.messages).toHaveLength(1));

    let sent!: Promise<boolean>;
    act(() => {
      sent = result.current.ask.send('Who are you?');
    });
    // Before the server says anything, the question is there and the input waits.
    await waitFor(() =>
      expect(texts(result.current.messages)).toEqual([
        'assistant:Welcome.:done',
        'user:Who are you?:done',
      ]),
    );
    expect(result.current.ask.busy).toBe(true);
    expect(streamedBodies(fetchMock)[0]).toEqual({
      action: 'AskFriend',
      friendid: 'holmes',
      lang: 'en',
      subject: 'S',
      message: 'Who are you?',
      detailsfor: 'alice',
    });

    s.send('start', { replyid: 3, subject: 'S', usermessage: msg(2, 'user', 'Who are you?') });
    await waitFor(() => expect(result.current.messages.map((m) => m.id)).toEqual([1, 2, 3]));
    expect(result.current.messages[2]).toMatchObject({ status: 'streaming', message: '' });

    s.send('delta', { text: 'I am ' });
    await waitFor(() => expect(result.current.messages[2]!.message).toBe('I am '));
    s.send('delta', { text: 'Sher' });
    await waitFor(() => expect(result.current.messages[2]!.message).toBe('I am Sher'));
    s.send('restart', {});
    await waitFor(() => expect(result.current.messages[2]!.message).toBe(''));
    s.send('delta', { text: 'I am Sherlock' });
    await waitFor(() => expect(result.current.messages[2]!.message).toBe('I am Sherlock'));
    expect(result.current.ask.busy).toBe(true);

    s.send('done', done(3, 'I am Sherlock Holmes.', { offline: 1 }));
    s.end();
    await act(async () => {
      expect(await sent).toBe(true);
    });
    expect(result.current.messages[2]).toMatchObject({
      message: 'I am Sherlock Holmes.',
      status: 'done',
      offline: 1,
    });
    expect(result.current.ask.busy).toBe(false);
  });

  it('Stop pressed before the server started the reply stops it once it starts; the partial text stays, marked stopped', async () => {
    const mock = serveConversation([msg(1, 'assistant', 'Welcome.')]);
    const base = mock.getMockImplementation()!;
    mock.mockImplementation((async (action: string, input: Record<string, unknown>) =>
      action === 'StopReply'
        ? { Error: 0, replyid: input.replyid, status: 'stopped' }
        : base(action as never, input as never)) as never);
    const s = controlledStream();
    stubStreams(() => s.response);
    const { result } = setup();
    await waitFor(() => expect(result.current.messages).toHaveLength(1));
    act(() => {
      void result.current.ask.send('Tell me everything');
    });
    act(() => result.current.ask.stop());
    expect(inputsOf('StopReply')).toHaveLength(0);
    s.send('start', {
      replyid: 7,
      subject: 'S',
      usermessage: msg(6, 'user', 'Tell me everything'),
    });
    await waitFor(() => expect(inputsOf('StopReply')).toEqual([{ replyid: 7 }]));
    s.send('delta', { text: 'Well, ' });
    s.send('done', done(7, 'Well, ', { status: 'stopped' }));
    s.end();
    await waitFor(() =>
      expect(result.current.messages.at(-1)).toMatchObject({
        message: 'Well, ',
        status: 'stopped',
      }),
    );
    expect(result.current.ask.busy).toBe(false);

    // While an answer streams, Stop names that reply at once.
    const s2 = controlledStream();
    stubStreams(() => s2.response);
    act(() => {
      void result.current.ask.send('Again');
    });
    s2.send('start', { replyid: 9, subject: 'S', usermessage: msg(8, 'user', 'Again') });
    s2.send('delta', { text: 'Hm' });
    await waitFor(() => expect(result.current.messages.at(-1)!.message).toBe('Hm'));
    act(() => result.current.ask.stop());
    await waitFor(() => expect(inputsOf('StopReply').at(-1)).toEqual({ replyid: 9 }));
    s2.send('done', done(9, 'Hm', { status: 'stopped' }));
    s2.end();
    await waitFor(() => expect(result.current.messages.at(-1)!.status).toBe('stopped'));
  });

  it('empty text is not sent', async () => {
    serveConversation([msg(1, 'assistant', 'Welcome.')]);
    const fetchMock = stubStreams(() => controlledStream().response);
    const { result } = setup();
    await waitFor(() => expect(result.current.messages).toHaveLength(1));
    await act(async () => {
      expect(await result.current.ask.send('   \n ')).toBe(false);
    });
    expect(streamedBodies(fetchMock)).toHaveLength(0);
    expect(result.current.messages).toHaveLength(1);
  });

  it('follows a reply still being written from what is shown (after a refresh)', async () => {
    serveConversation([
      msg(1, 'assistant', 'Welcome.'),
      msg(2, 'user', 'Tell me a story'),
      msg(3, 'assistant', 'Once upon', { status: 'streaming' }),
    ]);
    const s = controlledStream();
    const fetchMock = stubStreams(() => s.response);
    const { result } = setup();
    await waitFor(() => expect(streamedBodies(fetchMock)).toHaveLength(1));
    expect(streamedBodies(fetchMock)[0]).toEqual({
      action: 'FollowReply',
      replyid: 3,
      offset: 'Once upon'.length,
    });
    expect(result.current.ask.busy).toBe(true);
    s.send('start', { replyid: 3, subject: 'S' });
    s.send('delta', { text: ' a time' });
    await waitFor(() => expect(result.current.messages[2]!.message).toBe('Once upon a time'));
    s.send('done', done(3, 'Once upon a time, the end.'));
    s.end();
    await waitFor(() =>
      expect(result.current.messages[2]).toMatchObject({
        message: 'Once upon a time, the end.',
        status: 'done',
      }),
    );
    expect(result.current.ask.busy).toBe(false);
    expect(streamedBodies(fetchMock)).toHaveLength(1);
  });

  it('a question sent while an earlier reply is followed is kept and sent once that reply ends', async () => {
    serveConversation([
      msg(1, 'assistant', 'Welcome.'),
      msg(2, 'user', 'Tell me a story'),
      msg(3, 'assistant', 'Once upon', { status: 'streaming' }),
    ]);
    const follow = controlledStream();
    const ask = controlledStream();
    const fetchMock = stubStreams((body) =>
      body.action === 'FollowReply' ? follow.response : ask.response,
    );
    const { result } = setup();
    await waitFor(() => expect(streamedBodies(fetchMock)).toHaveLength(1));
    expect(streamedBodies(fetchMock)[0]!.action).toBe('FollowReply');

    let sent!: Promise<boolean>;
    act(() => {
      sent = result.current.ask.send('And then?');
    });
    // Shown at once; not asked yet, so the answer being written is not cut.
    await waitFor(() => expect(texts(result.current.messages).at(-1)).toBe('user:And then?:done'));
    expect(streamedBodies(fetchMock)).toHaveLength(1);

    follow.send('done', done(3, 'Once upon a time.'));
    follow.end();
    await waitFor(() => expect(streamedBodies(fetchMock)).toHaveLength(2));
    expect(streamedBodies(fetchMock)[1]).toMatchObject({
      action: 'AskFriend',
      message: 'And then?',
    });
    ask.send('start', { replyid: 5, subject: 'S', usermessage: msg(4, 'user', 'And then?') });
    ask.send('done', done(5, 'They lived happily.'));
    ask.end();
    await act(async () => {
      expect(await sent).toBe(true);
    });
    expect(texts(result.current.messages)).toEqual([
      'assistant:Welcome.:done',
      'user:Tell me a story:done',
      'assistant:Once upon a time.:done',
      'user:And then?:done',
      'assistant:They lived happily.:done',
    ]);
  });

  it('a dropped connection is followed again from where it stopped', async () => {
    serveConversation([msg(1, 'assistant', 'Welcome.')]);
    const first = controlledStream();
    const second = controlledStream();
    const fetchMock = stubStreams((body) =>
      body.action === 'AskFriend' ? first.response : second.response,
    );
    const { result } = setup();
    await waitFor(() => expect(result.current.messages).toHaveLength(1));
    act(() => {
      void result.current.ask.send('Go on');
    });
    first.send('start', { replyid: 5, subject: 'S', usermessage: msg(4, 'user', 'Go on') });
    first.send('delta', { text: 'abc' });
    await waitFor(() => expect(result.current.messages.at(-1)!.message).toBe('abc'));
    first.cut();
    await waitFor(() => expect(streamedBodies(fetchMock)).toHaveLength(2));
    expect(streamedBodies(fetchMock)[1]).toEqual({ action: 'FollowReply', replyid: 5, offset: 3 });
    second.send('delta', { text: 'def' });
    second.send('done', done(5, 'abcdef'));
    second.end();
    await waitFor(() =>
      expect(result.current.messages.at(-1)).toMatchObject({ message: 'abcdef', status: 'done' }),
    );
  });

  it('a hidden answer (new subject, navigate) leaves the conversation; the markers are handed on', async () => {
    serveConversation([msg(1, 'assistant', 'Welcome.')]);
    const s = controlledStream();
    stubStreams(() => s.response);
    const onAnswer = vi.fn();
    const { result } = setup(onAnswer);
    await waitFor(() => expect(result.current.messages).toHaveLength(1));
    act(() => {
      void result.current.ask.send('A new subject please');
    });
    s.send('start', {
      replyid: 3,
      subject: 'S',
      usermessage: msg(2, 'user', 'A new subject please'),
    });
    s.send('delta', { text: '::Cases::' });
    await waitFor(() => expect(result.current.messages.at(-1)!.message).toBe('::Cases::'));
    s.send('done', done(3, '::Cases::', { markers: { newSubject: 'Cases', hidden: true } }));
    s.end();
    await waitFor(() => expect(onAnswer).toHaveBeenCalledTimes(1));
    expect(onAnswer.mock.calls[0]![0].markers).toEqual({ newSubject: 'Cases', hidden: true });
    expect(result.current.messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it('refused before anything was stored: the question leaves, the error shows, send says no', async () => {
    serveConversation([msg(1, 'assistant', 'Welcome.')]);
    stubStreams(
      () =>
        new Response(JSON.stringify({ Error: 2, Errstr: 'The data sent is not valid.' }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    const { result } = setup();
    await waitFor(() => expect(result.current.messages).toHaveLength(1));
    await act(async () => {
      expect(await result.current.ask.send('hello')).toBe(false);
    });
    expect(result.current.messages).toHaveLength(1);
    expect(result.current.ask.error).toBe('The data sent is not valid.');
    expect(result.current.ask.busy).toBe(false);
  });

  it('a failed reply says so; retry writes it again with RetryReply', async () => {
    serveConversation([msg(1, 'assistant', 'Welcome.')]);
    const ask = controlledStream();
    const retry = controlledStream();
    const fetchMock = stubStreams((b) =>
      b.action === 'AskFriend' ? ask.response : retry.response,
    );
    const { result } = setup();
    await waitFor(() => expect(result.current.messages).toHaveLength(1));
    act(() => {
      void result.current.ask.send('Fail me');
    });
    ask.send('start', { replyid: 3, subject: 'S', usermessage: msg(2, 'user', 'Fail me') });
    ask.send(
      'done',
      done(3, '', {
        Error: 15,
        Errstr: 'The character could not answer right now.',
        status: 'failed',
        error: 'The character could not answer right now.',
      }),
    );
    ask.end();
    await waitFor(() =>
      expect(result.current.messages.at(-1)).toMatchObject({
        status: 'failed',
        error: 'The character could not answer right now.',
      }),
    );
    expect(result.current.ask.busy).toBe(false);

    act(() => {
      void result.current.ask.retry(3);
    });
    retry.send('start', { replyid: 3, subject: 'S' });
    await waitFor(() => expect(result.current.messages.at(-1)!.status).toBe('streaming'));
    retry.send('delta', { text: 'Now ' });
    retry.send('done', done(3, 'Now it works.'));
    retry.end();
    await waitFor(() =>
      expect(result.current.messages.at(-1)).toMatchObject({
        status: 'done',
        message: 'Now it works.',
        error: undefined,
      }),
    );
    // Like the question, the retry names the character the editor works on (detailsfor).
    expect(streamedBodies(fetchMock)[1]).toEqual({
      action: 'RetryReply',
      replyid: 3,
      detailsfor: 'alice',
    });
  });
});
