import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupMessage } from '../../../protocol/actions/group.ts';
import { call } from '../../shared/api/client.ts';
import { storage } from '../../shared/storage/storage.ts';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { signIn } from '../../test/sign-in.ts';
import { controlledStream, sseResponse, stubStreams, streamedBodies } from '../../test/sse-stub.ts';
import GroupChatScreen from './group-screen.tsx';

vi.mock('../../shared/api/client.ts', () => ({
  call: vi.fn(),
  postJson: vi.fn(),
  postForm: vi.fn(),
}));

const friend = (friendid: string, friendname: string, checked: 0 | 1 = 0, priv = 1) => ({
  friendid,
  friendname,
  image: `/friends/${friendid}.svg`,
  checked,
  priv,
});
const FRIENDS = [friend('holmes', 'Sherlock Holmes'), friend('alice', 'Alice', 0, 0)];

const line = (m: Partial<GroupMessage> & Pick<GroupMessage, 'id' | 'role'>): GroupMessage => ({
  tm: '2026-11-24 10:00:00',
  message: '',
  speaker: m.role === 'user' ? 'Dana' : 'Sherlock Holmes',
  friendid: m.role === 'user' ? '' : 'holmes',
  image: m.role === 'user' ? '' : '/friends/holmes.svg',
  status: 'done',
  ...m,
});

const answer = (replyid: number, friendid: string, speaker: string, message: string) => ({
  replyid,
  friendid,
  speaker,
  message,
  tm: '2026-11-25 10:00:00',
  image: `/friends/${friendid}.svg`,
  status: 'done' as const,
  offline: 0,
});

/** From 992 px the picker is a side column (jsdom answers no media query by default). */
function desktop() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe('group chat screen', () => {
  beforeEach(() => {
    signIn();
    storage.set('fullname', 'Dana');
  });

  it('shows a loader, then the empty conversation, in Hebrew', async () => {
    let answerNow!: (v: unknown) => void;
    // The screen's own call waits; the page view it counts meanwhile is answered at once.
    vi.mocked(call).mockImplementation(((action: string) =>
      action === 'TrackPageView'
        ? Promise.resolve({ Error: 0 })
        : new Promise((r) => (answerNow = r))) as unknown as typeof call);
    renderScreen(<GroupChatScreen />, { lang: 'he' });
    expect(await screen.findByRole('status')).toBeInTheDocument();
    answerNow({ Error: 0, friends: FRIENDS, chat: [], running: false });
    expect(await screen.findByTestId('group-empty')).toHaveTextContent(
      'אין עדיין הודעות. כתבו משהו לדמויות שסימנתם.',
    );
    expect(screen.getByTestId('group-none')).toHaveTextContent('יש לסמן לפחות דמות אחת');
  });

  it('shows the server’s words when the conversation cannot be loaded', async () => {
    answerCalls({
      RetrieveMultiConversaion: { Error: 5, Errstr: 'The database is resting.' },
    });
    renderScreen(<GroupChatScreen />, { lang: 'en' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The group conversation could not be loaded.');
    expect(alert).toHaveTextContent('The database is resting.');
  });

  it('ticks characters and sends: the answers stream in, each under its character', async () => {
    desktop();
    answerCalls({
      RetrieveMultiConversaion: { Error: 0, friends: FRIENDS, chat: [], running: false },
    });
    const s = controlledStream();
    const fetchMock = stubStreams(() => s.response);
    const user = userEvent.setup();
    renderScreen(<GroupChatScreen />, { lang: 'en' });
    await user.click(await screen.findByTestId('tick-holmes'));
    await user.click(screen.getByTestId('tick-alice'));
    expect(screen.queryByTestId('group-none')).toBeNull();
    await user.type(screen.getByTestId('group-input'), 'Who took the pearl?{Enter}');
    await waitFor(() => expect(streamedBodies(fetchMock)).toHaveLength(1));
    expect(streamedBodies(fetchMock)[0]).toMatchObject({
      action: 'MultiChatAsk',
      friends: 'holmes,alice',
      message: 'Who took the pearl?',
      lang: 'en',
      to: '',
    });
    // The question shows at once, and the input waits for the turn.
    expect(screen.getByTestId('group-user-msg')).toHaveTextContent('Who took the pearl?');
    expect(screen.getByTestId('group-busy')).toHaveTextContent('deciding who answers');

    s.send('start', {
      usermessage: line({ id: 10, role: 'user', message: 'Who took the pearl?' }),
      speakers: [],
      by: 'director',
    });
    s.send('speaker', {
      replyid: 11,
      friendid: 'holmes',
      speaker: 'Sherlock Holmes',
      image: '/friends/holmes.svg',
    });
    s.send('delta', { replyid: 11, text: 'The butler, ' });
    const holmes = await screen.findByTestId('group-answer-holmes');
    await waitFor(() => expect(holmes).toHaveTextContent('The butler,'));
    expect(holmes).toHaveAttribute('data-status', 'streaming');
    expect(screen.getByTestId('group-busy')).toHaveTextContent('Answering now: Sherlock Holmes');
    s.send('delta', { replyid: 11, text: 'of course.' });
    s.send('answer', answer(11, 'holmes', 'Sherlock Holmes', 'The butler, of course.'));
    s.send('speaker', { replyid: 12, friendid: 'alice', speaker: 'Alice', image: '' });
    s.send('answer', answer(12, 'alice', 'Alice', 'Curiouser and curiouser.'));
    answerCalls({
      RetrieveMultiConversaion: {
        Error: 0,
        friends: [friend('holmes', 'Sherlock Holmes', 1), friend('alice', 'Alice', 1, 0)],
        chat: [
          line({ id: 10, role: 'user', message: 'Who took the pearl?' }),
          line({ id: 11, role: 'assistant', message: 'The butler, of course.' }),
          line({
            id: 12,
            role: 'assistant',
            message: 'Curiouser and curiouser.',
            friendid: 'alice',
            speaker: 'Alice',
          }),
        ],
        running: false,
      },
    });
    s.send('done', { Error: 0, answers: [] });
    s.end();
    await waitFor(() => expect(screen.queryByTestId('group-busy')).toBeNull());
    const answers = screen.getAllByTestId(/^group-answer-/);
    expect(answers.map((a) => a.dataset.testid)).toEqual([
      'group-answer-holmes',
      'group-answer-alice',
    ]);
    expect(answers[0]).toHaveAttribute('data-status', 'done');
    expect(answers[1]).toHaveTextContent('Curiouser and curiouser.');
    // An editor of a character gets its edit icon; the others do not.
    expect(screen.getByTestId('edit-alice')).toHaveAttribute('href', '/createdit/alice');
    expect(screen.queryByTestId('edit-holmes')).toBeNull();
  });

  it('after a refresh mid-turn the follow catches up without writing the answers out again', async () => {
    desktop();
    answerCalls({
      RetrieveMultiConversaion: {
        Error: 0,
        friends: [friend('holmes', 'Sherlock Holmes', 1), friend('alice', 'Alice', 1, 0)],
        chat: [
          line({ id: 10, role: 'user', message: 'Who took the pearl?' }),
          line({ id: 11, role: 'assistant', message: 'The butler, of course.' }),
          line({
            id: 12,
            role: 'assistant',
            message: 'Curiouser',
            friendid: 'alice',
            speaker: 'Alice',
            status: 'streaming',
          }),
        ],
        running: true,
      },
    });
    const s = controlledStream();
    const fetchMock = stubStreams(() => s.response);
    renderScreen(<GroupChatScreen />, { lang: 'en' });
    await waitFor(() => expect(streamedBodies(fetchMock)).toHaveLength(1));
    expect(streamedBodies(fetchMock)[0]).toMatchObject({ action: 'FollowMultiChat' });
    const holmes = await screen.findByTestId('group-answer-holmes');
    const alice = screen.getByTestId('group-answer-alice');
    // The server sends each answer of the turn from its start.
    s.send('speaker', { replyid: 11, friendid: 'holmes', speaker: 'Sherlock Holmes', image: '' });
    s.send('delta', { replyid: 11, text: 'The butler, ' });
    s.send('answer', answer(11, 'holmes', 'Sherlock Holmes', 'The butler, of course.'));
    s.send('speaker', { replyid: 12, friendid: 'alice', speaker: 'Alice', image: '' });
    s.send('delta', { replyid: 12, text: 'Curi' });
    await waitFor(() => expect(screen.getByTestId('group-busy')).toHaveTextContent('Alice'));
    // Still what was on screen: not cut back to what has arrived again.
    expect(holmes).toHaveTextContent('The butler, of course.');
    expect(alice).toHaveTextContent(/Curiouser$/);
    s.send('delta', { replyid: 12, text: 'ouser and ' });
    await waitFor(() => expect(alice).toHaveTextContent('Curiouser and'));
    s.send('delta', { replyid: 12, text: 'curiouser.' });
    await waitFor(() => expect(alice).toHaveTextContent('Curiouser and curiouser.'));
    expect(alice).not.toHaveTextContent('CuriouserCuri');
  });

  it('"@name": the button asks that character, or starts the message with its name', async () => {
    desktop();
    answerCalls({
      RetrieveMultiConversaion: {
        Error: 0,
        friends: [friend('holmes', 'Sherlock Holmes', 1), friend('alice', 'Alice', 1)],
        chat: [],
        running: false,
      },
    });
    const fetchMock = stubStreams(() => sseResponse([['done', { Error: 0, answers: [] }]]));
    const user = userEvent.setup();
    renderScreen(<GroupChatScreen />, { lang: 'en' });
    const input = await screen.findByTestId('group-input');
    await user.click(screen.getByTestId('ask-alice'));
    expect(input).toHaveValue('@Alice ');
    await user.clear(input);
    await user.type(input, 'And you?');
    await user.click(screen.getByTestId('ask-holmes'));
    await waitFor(() => expect(streamedBodies(fetchMock)).toHaveLength(1));
    expect(streamedBodies(fetchMock)[0]).toMatchObject({
      action: 'MultiChatAsk',
      message: 'And you?',
      to: 'holmes',
    });
  });

  it('a refused message shows the server’s words and gives the text back', async () => {
    desktop();
    answerCalls({
      RetrieveMultiConversaion: {
        Error: 0,
        friends: [friend('holmes', 'Sherlock Holmes', 1)],
        chat: [],
        running: false,
      },
    });
    stubStreams(
      () =>
        new Response(JSON.stringify({ Error: 9, Errstr: 'Your credits are used up.' }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    const user = userEvent.setup();
    renderScreen(<GroupChatScreen />, { lang: 'en' });
    await user.type(await screen.findByTestId('group-input'), 'Hello{Enter}');
    expect(await screen.findByTestId('group-error')).toHaveTextContent('Your credits are used up.');
    expect(screen.getByTestId('group-input')).toHaveValue('Hello');
  });

  it('a blank or too long message is refused here, in words; an HTTP 400 shows the server’s words', async () => {
    desktop();
    answerCalls({
      RetrieveMultiConversaion: {
        Error: 0,
        friends: [friend('holmes', 'Sherlock Holmes', 1)],
        chat: [],
        running: false,
      },
    });
    const fetchMock = stubStreams(
      () =>
        new Response(JSON.stringify({ Error: 2, Errstr: 'The message is empty (server).' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const user = userEvent.setup();
    renderScreen(<GroupChatScreen />, { lang: 'he' });
    const input = await screen.findByTestId('group-input');
    await user.type(input, '   {Enter}');
    expect(await screen.findByTestId('group-error')).toHaveTextContent(
      'יש לכתוב הודעה קודם: הודעה ריקה לא נשלחת.',
    );
    await user.click(screen.getByTestId('group-send'));
    expect(streamedBodies(fetchMock)).toHaveLength(0);
    await user.clear(input);
    await user.type(input, 'x');
    expect(screen.queryByTestId('group-error')).toBeNull();
    fireEvent.change(input, { target: { value: 'x'.repeat(20_001) } });
    await user.click(screen.getByTestId('group-send'));
    expect(screen.getByTestId('length-counter')).toHaveTextContent('ארוך מדי');
    expect(streamedBodies(fetchMock)).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'Hello' } });
    await user.click(screen.getByTestId('group-send'));
    expect(await screen.findByTestId('group-error')).toHaveTextContent(
      'The message is empty (server).',
    );
  });

  it('reset and rewind ask first, and only a confirmed one is sent', async () => {
    desktop();
    const chat = [
      line({ id: 1, role: 'user', message: 'One' }),
      line({ id: 2, role: 'assistant', message: 'First answer' }),
      line({ id: 3, role: 'user', message: 'Two' }),
      line({ id: 4, role: 'assistant', message: 'Second answer' }),
    ];
    answerCalls({
      RetrieveMultiConversaion: {
        Error: 0,
        friends: [friend('holmes', 'Sherlock Holmes', 1)],
        chat,
        running: false,
      },
      ResetMultiConversation: { Error: 0 },
      RewindMultiConversation: { Error: 0, removed: 2 },
    });
    const user = userEvent.setup();
    renderScreen(<GroupChatScreen />, { lang: 'en' });
    await user.click(await screen.findByTestId('group-reset'));
    expect(await screen.findByTestId('confirm-message')).toHaveTextContent(
      'Delete the whole group conversation?',
    );
    await user.click(await screen.findByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(inputsOf('ResetMultiConversation')).toEqual([]);

    const first = screen.getAllByTestId('group-answer-holmes')[0]!;
    await user.click(within(first).getByTestId('group-rewind'));
    expect(await screen.findByTestId('confirm-message')).toHaveTextContent(
      'Delete every message after this answer?',
    );
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(inputsOf('RewindMultiConversation')).toEqual([{ id: 2 }]));

    await user.click(screen.getByTestId('group-reset'));
    await user.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() =>
      expect(inputsOf('ResetMultiConversation')).toEqual([{ friends: 'holmes' }]),
    );
  });

  it('a failed answer of the last round has a retry button that writes it again', async () => {
    desktop();
    const failed = line({
      id: 4,
      role: 'assistant',
      status: 'failed',
      error: 'The character could not answer right now. Please try again.',
    });
    const chat = [
      line({ id: 1, role: 'user', message: 'One' }),
      line({ id: 2, role: 'assistant', status: 'failed', error: 'Old failure.' }),
      line({ id: 3, role: 'user', message: 'Two' }),
      failed,
    ];
    answerCalls({
      RetrieveMultiConversaion: () => ({
        Error: 0,
        friends: [friend('holmes', 'Sherlock Holmes', 1)],
        chat,
        running: false,
      }),
    });
    const s = controlledStream();
    const fetchMock = stubStreams(() => s.response);
    const user = userEvent.setup();
    renderScreen(<GroupChatScreen />, { lang: 'en' });
    const failures = await screen.findAllByTestId('group-failed');
    expect(failures[0]).toHaveTextContent('Old failure.');
    // An answer of an earlier round cannot be written again.
    expect(within(failures[0]!).queryByTestId('group-retry')).toBeNull();
    expect(failures[1]).toHaveTextContent('could not answer right now');
    await user.click(within(failures[1]!).getByTestId('group-retry'));
    await waitFor(() => expect(streamedBodies(fetchMock)).toHaveLength(1));
    expect(streamedBodies(fetchMock)[0]).toEqual({
      action: 'RetryMultiChatAnswer',
      replyid: 4,
      lang: 'en',
    });
    // While it is written again, no other retry or message can start.
    expect(screen.getByTestId('group-send')).toBeDisabled();
    s.send('speaker', { replyid: 4, friendid: 'holmes', speaker: 'Sherlock Holmes', image: '' });
    s.send('delta', { replyid: 4, text: 'Now I see it.' });
    s.send('answer', answer(4, 'holmes', 'Sherlock Holmes', 'Now I see it.'));
    chat[3] = line({ id: 4, role: 'assistant', message: 'Now I see it.' });
    s.send('done', { Error: 0, answers: [] });
    s.end();
    const answers = await screen.findAllByTestId('group-answer-holmes');
    await waitFor(() => expect(answers.at(-1)).toHaveAttribute('data-status', 'done'));
    expect(answers.at(-1)).toHaveTextContent('Now I see it.');
    await waitFor(() => expect(screen.getAllByTestId('group-failed')).toHaveLength(1));
  });

  it('under 992 px the picker collapses above the conversation', async () => {
    answerCalls({
      RetrieveMultiConversaion: {
        Error: 0,
        friends: [friend('holmes', 'Sherlock Holmes', 1), friend('alice', 'Alice')],
        chat: [],
        running: false,
      },
    });
    const user = userEvent.setup();
    renderScreen(<GroupChatScreen />, { lang: 'he' });
    const toggle = await screen.findByTestId('group-picker-toggle');
    expect(toggle).toHaveTextContent('דמויות בשיחה (1)');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('הסתרת הרשימה');
    expect(screen.getByTestId('tick-holmes')).toBeChecked();
    expect(screen.getByTestId('tick-alice')).not.toBeChecked();
  });
});
