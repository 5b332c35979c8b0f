import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../shared/storage/storage.ts';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderRoutes, renderScreen } from '../../test/render.tsx';
import { sseResponse, streamedBodies, stubStreams } from '../../test/sse-stub.ts';
import { ChatScreen, EditorChatScreen, MinChatScreen } from './chat-screen.tsx';
import type { Message } from './use-conversation.ts';
import { publicFriend } from '../../test/answers.ts';

vi.mock('../../shared/api/client.ts', () => ({ call: vi.fn() }));

const msg = (id: number, role: 'user' | 'assistant', message: string, extra = {}): Message => ({
  id,
  role,
  message,
  tm: '2026-01-02 10:00:00',
  speaker: role === 'user' ? 'Dana' : 'Sherlock Holmes',
  img: null,
  status: 'done',
  ...extra,
});

interface Options {
  chat?: Message[];
  friendtype?: number;
  priv?: number;
  hasmore?: boolean;
  subjects?: string[];
  retrieve?: Record<string, unknown>;
  /** The edit level GetFriendDetails answers for the editor popup's character. */
  detailsPriv?: number;
}

function serve(o: Options = {}) {
  const subjects = o.subjects ?? ['General', 'Cases'];
  return answerCalls({
    RetrieveConversation: (i) =>
      o.retrieve ?? {
        Error: 0,
        friendname: i.friendid === 'alice' ? 'Alice' : 'Sherlock Holmes',
        image: '/friends/holmes.svg',
        public: true,
        friendtype: o.friendtype ?? 0,
        voice: '',
        voice_instructions: '',
        creator: 'author@example.com',
        creatorname: 'Arthur',
        subject: (i.subject as string | undefined) ?? subjects[0],
        chat: i.before ? [msg(1, 'assistant', 'The very first message.')] : (o.chat ?? []),
        hasmore: !i.before && !!o.hasmore,
        priv: o.priv ?? 1,
      },
    GetSubjects: { Error: 0, subjects },
    RewindConversation: { Error: 0, removed: 2 },
    ResetConversation: { Error: 0 },
    GetFriendDetails: (i) => ({
      Error: 0,
      friend: publicFriend({
        friendid: String(i.friendid),
        image: '',
        priv: o.detailsPriv ?? 0,
      }),
    }),
  });
}

const conversation = () => [
  msg(10, 'assistant', 'Come in, **take a chair**.'),
  msg(11, 'user', 'Hello'),
  msg(12, 'assistant', 'Indeed.'),
];

function open(route = '/chat/holmes', path = '/chat/:friendid', ui = <ChatScreen />) {
  const user = userEvent.setup();
  return { user, ...renderScreen(ui, { route, path, lang: 'en' }) };
}

const done = (replyid: number, message: string, markers: Record<string, unknown>) => ({
  Error: 0,
  replyid,
  message,
  tm: '2026-01-02 10:00:05',
  speaker: 'Sherlock Holmes',
  status: 'done',
  offline: 0,
  subject: 'General',
  markers,
});

/** Answers AskFriend with a whole stream at once. */
function answerWith(message: string, markers: Record<string, unknown> = { hidden: false }) {
  return stubStreams((b) =>
    sseResponse([
      [
        'start',
        { replyid: 21, subject: 'General', usermessage: msg(20, 'user', String(b.message)) },
      ],
      ['delta', { text: message }],
      ['done', done(21, message, markers)],
    ]),
  );
}

async function ask(user: ReturnType<typeof userEvent.setup>, text: string) {
  await waitFor(() => expect(screen.getAllByTestId('chat-message').length).toBeGreaterThan(0));
  await user.type(screen.getByTestId('chat-input'), `${text}{Enter}`);
}

describe('ChatScreen', () => {
  beforeEach(() => {
    storage.set('email', 'dana@example.com');
    storage.set('fullname', 'Dana');
  });

  it('shows the conversation, the character and the subjects; remembers the character', async () => {
    serve({ chat: conversation() });
    open();
    const messages = await screen.findAllByTestId('chat-message');
    expect(messages.map((m) => m.dataset.role)).toEqual(['assistant', 'user', 'assistant']);
    expect(within(messages[0]!).getByText('take a chair').tagName).toBe('STRONG');
    expect(messages[0]).toHaveTextContent('Sherlock Holmes');
    expect(messages[0]!.querySelector('time')).toHaveTextContent(/^\d{2}\/01\/2026 \d{2}:00:00$/);
    expect(await screen.findAllByTestId('subject-item')).toHaveLength(2);
    expect(inputsOf('RetrieveConversation')[0]).toMatchObject({ friendid: 'holmes', lang: 'en' });
    expect(inputsOf('RetrieveConversation')[0]).not.toHaveProperty('subject');
    await waitFor(() => expect(storage.get('subject')).toBe('General'));
    expect(storage.get('friendid')).toBe('holmes');
    expect(screen.getByTestId('chat-back')).toHaveAttribute('href', '/main');
  });

  it('no permission to watch: the fixed message, no subjects, no input', async () => {
    serve({ retrieve: { Error: 4, Errstr: 'You have no permission to watch this chat' } });
    open('/chat/hiddenone');
    expect(await screen.findByTestId('chat-no-permission')).toHaveTextContent(
      'You have no permission to watch this chat',
    );
    expect(inputsOf('GetSubjects')).toHaveLength(0);
    expect(screen.queryByTestId('chat-input')).not.toBeInTheDocument();
    expect(screen.queryByTestId('subject-item')).not.toBeInTheDocument();
  });

  it('rewind asks first; confirmed, it goes back to that answer and reloads', async () => {
    serve({ chat: conversation() });
    const { user } = open();
    const messages = await screen.findAllByTestId('chat-message');
    expect(within(messages[1]!).queryByTestId('chat-rewind')).not.toBeInTheDocument();
    await user.click(within(messages[0]!).getByTestId('chat-rewind'));
    expect(await screen.findByTestId('confirm-message')).toHaveTextContent(
      'Delete every message after this answer?',
    );
    await user.click(screen.getByTestId('confirm-cancel'));
    expect(inputsOf('RewindConversation')).toHaveLength(0);

    const loads = inputsOf('RetrieveConversation').length;
    await user.click(within(messages[0]!).getByTestId('chat-rewind'));
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(inputsOf('RewindConversation')).toEqual([
        { friendid: 'holmes', id: 10, subject: 'General' },
      ]),
    );
    await waitFor(() => expect(inputsOf('RetrieveConversation').length).toBeGreaterThan(loads));
  });

  it('reset asks first, then starts the subject over', async () => {
    serve({ chat: conversation() });
    const { user } = open();
    await screen.findAllByTestId('chat-message');
    await user.click(screen.getByTestId('chat-reset'));
    await user.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() =>
      expect(inputsOf('ResetConversation')).toEqual([{ friendid: 'holmes', subject: 'General' }]),
    );
  });

  it('asks with the stored detailsfor; an answer marking details stores them and stays shown', async () => {
    serve({ chat: conversation() });
    storage.set('friendid', 'holmes');
    storage.set('detailsfor', 'anne');
    const fetchMock = answerWith('About Alice : @@alice@@', { detailsfor: 'alice', hidden: false });
    const { user } = open();
    await ask(user, 'Tell me about Alice');
    await waitFor(() => expect(storage.get('detailsfor')).toBe('alice'));
    expect(streamedBodies(fetchMock)[0]).toMatchObject({ detailsfor: 'anne' });
    const last = screen.getAllByTestId('chat-message').at(-1)!;
    expect(last).toHaveTextContent('About Alice');
    expect(last).not.toHaveTextContent('@@');
  });

  it('a new-subject answer is hidden; the subjects reload and the new one becomes current', async () => {
    serve({ chat: conversation() });
    answerWith('::Cases::', { newSubject: 'Cases', hidden: true });
    const { user } = open();
    await ask(user, 'Let us open a new subject about cases');
    await waitFor(() => expect(storage.get('subject')).toBe('Cases'));
    await waitFor(() =>
      expect(inputsOf('RetrieveConversation').at(-1)).toMatchObject({ subject: 'Cases' }),
    );
    expect(inputsOf('GetSubjects').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText('::Cases::')).not.toBeInTheDocument();
  });

  it('a navigate answer opens that character’s chat and is not shown', async () => {
    serve({ chat: conversation() });
    storage.set('friendid', 'holmes');
    storage.set('subject', 'General');
    answerWith('Let us meet there.\n: @alice', { navigateTo: 'alice', hidden: true });
    const { user } = open();
    await ask(user, 'Take me to Alice');
    await waitFor(() =>
      expect(inputsOf('RetrieveConversation').at(-1)).toMatchObject({ friendid: 'alice' }),
    );
    // Another character: the stored subject was for Holmes.
    expect(inputsOf('RetrieveConversation').at(-1)).not.toHaveProperty('subject');
    expect(storage.get('friendid')).toBe('alice');
    expect(screen.queryByText(/meet there/)).not.toBeInTheDocument();
  });

  it('the subject the server opened is named in the screen’s language, whichever it was opened in', async () => {
    serve({ chat: conversation(), subjects: ['General', 'שיחה כללית', 'Cases'] });
    renderScreen(<ChatScreen />, { route: '/chat/holmes', path: '/chat/:friendid', lang: 'he' });
    const items = await screen.findAllByTestId('subject-item');
    expect(items.map((i) => i.getAttribute('data-subject'))).toEqual([
      'General',
      'שיחה כללית',
      'Cases',
    ]);
    // Shown in Hebrew; still asked for by the name the server keeps.
    expect(items.map((i) => within(i).getAllByRole('button')[0]!.textContent)).toEqual([
      'שיחה כללית',
      'שיחה כללית',
      'Cases',
    ]);
    await waitFor(() => expect(screen.getByTestId('chat-subject')).toHaveTextContent('שיחה כללית'));
    expect(inputsOf('RetrieveConversation')[0]).not.toHaveProperty('subject');
  });

  it('the stored subject is kept for the same character, dropped for another', async () => {
    serve({ chat: conversation() });
    storage.set('friendid', 'holmes');
    storage.set('subject', 'Cases');
    const first = open();
    await screen.findAllByTestId('chat-message');
    expect(inputsOf('RetrieveConversation')[0]).toMatchObject({ subject: 'Cases' });
    first.unmount();

    storage.set('friendid', 'alice');
    storage.set('subject', 'Wonderland');
    storage.set('detailsfor', 'queen');
    serve({ chat: conversation() });
    open();
    await screen.findAllByTestId('chat-message');
    expect(inputsOf('RetrieveConversation').at(-1)).not.toHaveProperty('subject');
    expect(storage.get('detailsfor')).toBeNull();
  });

  it('minchat: no back control, the character is not remembered, the route question is asked', async () => {
    serve({ chat: conversation(), subjects: ['alice', 'General'] });
    const fetchMock = answerWith('Gladly.');
    open(
      `/minchat/holmes/alice/${encodeURIComponent('שלום? 100% sure')}`,
      '/minchat/:friendid/:detailsfor/:inputq',
      <MinChatScreen />,
    );
    await screen.findAllByTestId('chat-message');
    expect(screen.queryByTestId('chat-back')).not.toBeInTheDocument();
    expect(screen.queryByTestId('chat-edit')).not.toBeInTheDocument();
    expect(storage.get('friendid')).toBeNull();
    expect(storage.get('detailsfor')).toBe('alice');
    expect(inputsOf('RetrieveConversation')[0]).toMatchObject({ subject: 'alice' });
    await waitFor(() => expect(streamedBodies(fetchMock)).toHaveLength(1));
    expect(streamedBodies(fetchMock)[0]).toMatchObject({
      action: 'AskFriend',
      message: 'שלום? 100% sure',
      detailsfor: 'alice',
      subject: 'alice',
    });
  });

  it('minchat: the route question is asked once, then dropped from the address', async () => {
    serve({ chat: conversation(), subjects: ['alice', 'General'] });
    const fetchMock = answerWith('Gladly.');
    const Where = () => <div data-testid="where">{useLocation().pathname}</div>;
    const app = () => (
      <>
        <Routes>
          <Route path="/minchat/:friendid/:detailsfor" element={<MinChatScreen />} />
          <Route path="/minchat/:friendid/:detailsfor/:inputq" element={<MinChatScreen />} />
        </Routes>
        <Where />
      </>
    );
    const first = renderRoutes(app(), { route: '/minchat/holmes/alice/Who%20are%20you' });
    await waitFor(() => expect(streamedBodies(fetchMock)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/minchat\/holmes\/alice$/),
    );
    // The same screen goes on: the answer shows, no new load.
    expect(await screen.findByText('Gladly.')).toBeInTheDocument();
    const where = screen.getByTestId('where').textContent!;
    first.unmount();

    // A reload of the address the browser now shows asks nothing.
    renderRoutes(app(), { route: where });
    await screen.findAllByTestId('chat-message');
    expect(screen.getByTestId('chat-input')).toHaveValue('');
    expect(streamedBodies(fetchMock)).toHaveLength(1);
  });

  it("minchat: the forced subject reads as that character's name, not its id", async () => {
    serve({ chat: conversation(), subjects: ['anne', 'General'] });
    const served = vi.mocked((await import('../../shared/api/client.ts')).call);
    const base = served.getMockImplementation()!;
    served.mockImplementation((async (action: string, input: Record<string, unknown>) =>
      action === 'GetFriendDetails' && input.friendid === 'anne'
        ? { Error: 0, friend: { friendid: 'anne', friendname: 'אנה פרנק', image: '', priv: 1 } }
        : base(action as never, input as never)) as never);
    open('/minchat/holmes/anne', '/minchat/:friendid/:detailsfor', <MinChatScreen />);
    const items = await screen.findAllByTestId('subject-item');
    await waitFor(() => expect(items[0]).toHaveTextContent('אנה פרנק'));
    expect(items[0]).toHaveAttribute('data-subject', 'anne');
    expect(items[1]).toHaveTextContent('General');
    await waitFor(() => expect(screen.getByTestId('chat-subject')).toHaveTextContent(/^אנה פרנק$/));
    // The subject itself is still the id: that is what the server knows it by.
    expect(inputsOf('RetrieveConversation')[0]).toMatchObject({ subject: 'anne' });
  });

  it('no credits: the refusal links to the buy page, in Hebrew, not as a reversed "buy/"', async () => {
    serve({ chat: conversation() });
    stubStreams(
      () =>
        new Response(
          JSON.stringify({
            Error: 21,
            Errstr: 'נגמרו הקרדיטים שלך לשיחות. אפשר לרכוש עוד בדף הרכישה: /buy',
            buy: '/buy',
          }),
          { status: 402, headers: { 'content-type': 'application/json' } },
        ),
    );
    const user = userEvent.setup();
    renderScreen(<ChatScreen />, { route: '/chat/holmes', path: '/chat/:friendid', lang: 'he' });
    await ask(user, 'שאלה');
    const alert = await screen.findByTestId('chat-error');
    expect(alert).toHaveTextContent('נגמרו הקרדיטים שלך לשיחות. אפשר לרכוש עוד בדף הרכישה:');
    const link = within(alert).getByRole('link', { name: '/buy' });
    expect(link).toHaveAttribute('href', '/buy');
    // Left to right inside the Hebrew sentence: the slash stays before the word.
    expect(link).toHaveAttribute('dir', 'ltr');
    expect(link.querySelector('bdi')).toHaveTextContent('/buy');
    await user.click(link);
    expect(await screen.findByTestId('location')).toHaveTextContent('/buy');
  });

  it('a failed reply that ran out of credits links to the buy page', async () => {
    serve({
      chat: [
        msg(10, 'user', 'Long'),
        msg(11, 'assistant', '', {
          status: 'failed',
          error:
            'You have run out of conversation credits. You can buy more on the purchase page: /buy',
        }),
      ],
    });
    open();
    const failed = (await screen.findAllByTestId('chat-message'))[1]!;
    expect(within(failed).getByRole('link', { name: '/buy' })).toHaveAttribute('href', '/buy');
  });

  it('a failed answer says so clearly and offers a retry', async () => {
    serve({
      chat: [
        msg(10, 'user', 'Fail'),
        msg(11, 'assistant', '', { status: 'failed', error: 'The character could not answer.' }),
      ],
    });
    const fetchMock = stubStreams(() =>
      sseResponse([
        ['start', { replyid: 11, subject: 'General' }],
        ['done', { ...done(11, 'Back again.', { hidden: false }), offline: 1 }],
      ]),
    );
    const { user } = open();
    const failed = (await screen.findAllByTestId('chat-message'))[1]!;
    expect(failed.dataset.status).toBe('failed');
    expect(failed).toHaveTextContent('The character could not answer.');
    await user.click(within(failed).getByTestId('chat-retry'));
    await waitFor(() =>
      expect(screen.getAllByTestId('chat-message')[1]).toHaveAttribute('data-status', 'done'),
    );
    expect(streamedBodies(fetchMock)).toEqual([{ action: 'RetryReply', replyid: 11 }]);
    const answered = screen.getAllByTestId('chat-message')[1]!;
    expect(answered).toHaveTextContent('Back again.');
    expect(within(answered).getByTestId('offline-badge')).toHaveTextContent('Offline model');
  });

  it('the toolbar follows the rights: a reader of a literary character', async () => {
    serve({ chat: conversation(), friendtype: 0, priv: 1 });
    open();
    await screen.findAllByTestId('chat-message');
    for (const id of ['chat-reset', 'details-open', 'memory-open', 'chat-share', 'chat-creator'])
      expect(screen.getByTestId(id)).toBeInTheDocument();
    for (const id of ['chat-edit', 'chat-knowledge', 'chat-files', 'canvas-open', 'model-label'])
      expect(screen.queryByTestId(id)).not.toBeInTheDocument();
  });

  it('the brand assistant (type 2) hides details, share and creator from readers', async () => {
    serve({ chat: conversation(), friendtype: 2, priv: 1 });
    open('/chat/sales');
    await screen.findAllByTestId('chat-message');
    for (const id of ['details-open', 'memory-open', 'chat-share', 'chat-creator'])
      expect(screen.queryByTestId(id)).not.toBeInTheDocument();
  });

  it('an editor of a helper gets edit, files, canvas and the model label', async () => {
    serve({
      chat: [msg(10, 'assistant', 'Hi', { model: 'fake-model' })],
      friendtype: 1,
      priv: 0,
    });
    const { user } = open('/chat/vered');
    await screen.findAllByTestId('chat-message');
    expect(screen.getByTestId('chat-edit')).toHaveAttribute('href', '/createdit/vered');
    // Files and knowledge open their dialogs in place (chat-tool-dialogs.test.tsx).
    expect(screen.getByTestId('chat-files')).not.toHaveAttribute('href');
    expect(screen.getByTestId('chat-knowledge')).toBeInTheDocument();
    expect(screen.getByTestId('model-label')).toHaveTextContent('fake-model');
    expect(screen.getByTestId('canvas-open')).toBeInTheDocument();
    await user.click(screen.getByTestId('chat-creator'));
    expect(screen.getByTestId('chat-creator-info')).toHaveTextContent('Arthur');
  });

  it('thousands of messages: only those in view are in the page; earlier ones load on demand', async () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      msg(100 + i, i % 2 ? 'user' : 'assistant', `message ${i}`),
    );
    serve({ chat: many, hasmore: true });
    const { user } = open();
    const shown = await screen.findAllByTestId('chat-message');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(40);
    await user.click(screen.getByTestId('chat-load-earlier'));
    await waitFor(() =>
      expect(inputsOf('RetrieveConversation').at(-1)).toMatchObject({ before: 100 }),
    );
  });

  it('the editor popup chats with sharoneditor about the character in the route', async () => {
    serve({ chat: conversation(), friendtype: 3, priv: 0, subjects: ['General', 'holmes'] });
    const fetchMock = answerWith('Let us improve Holmes.');
    const { user } = open(
      '/chat/sharoneditor/holmes',
      '/chat/sharoneditor/:friendid',
      <EditorChatScreen />,
    );
    await screen.findAllByTestId('chat-message');
    expect(inputsOf('RetrieveConversation')[0]).toMatchObject({
      friendid: 'sharoneditor',
      subject: 'holmes',
    });
    expect(storage.get('detailsfor')).toBe('holmes');
    expect(storage.get('friendid')).toBeNull();
    expect(screen.queryByTestId('chat-back')).not.toBeInTheDocument();
    expect((await screen.findAllByTestId('subject-item'))[0]).toHaveAttribute(
      'data-subject',
      'holmes',
    );
    await ask(user, 'Make him warmer');
    await waitFor(() => expect(streamedBodies(fetchMock)).toHaveLength(1));
    expect(streamedBodies(fetchMock)[0]).toMatchObject({
      friendid: 'sharoneditor',
      detailsfor: 'holmes',
      subject: 'holmes',
    });
    // It names the character being worked on (GetFriendDetails for detailsfor).
    expect(screen.getByTestId('chat-editing')).toHaveTextContent(
      'Working on: \u2068Sherlock Holmes\u2069',
    );
    expect(inputsOf('GetFriendDetails')).toEqual([{ friendid: 'holmes' }]);
  });

  it('the editor popup warns when the user may not edit the character', async () => {
    serve({ chat: conversation(), friendtype: 3, priv: 0, detailsPriv: 1 });
    open('/chat/sharoneditor/holmes', '/chat/sharoneditor/:friendid', <EditorChatScreen />);
    expect(await screen.findByTestId('chat-editing')).toHaveTextContent(
      'You may not edit \u2068Sherlock Holmes\u2069',
    );
  });

  it('share copies the public link of the chat and offers the share sheet', async () => {
    serve({ chat: conversation() });
    const { user } = open();
    // After userEvent.setup(), which puts its own clipboard in place.
    const writeText = vi.fn(async () => {});
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    await screen.findAllByTestId('chat-message');
    await user.click(screen.getByTestId('chat-share'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/holmes`);
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith(
        expect.objectContaining({ url: `${window.location.origin}/holmes` }),
      ),
    );
    expect(screen.getByTestId('chat-share-message')).toHaveTextContent('The link was copied.');
    Reflect.deleteProperty(navigator, 'share');
  });

  // ---- branch ci: a question typed before the chat is ready is not lost ----
  it('Enter while the conversation still loads: the question goes once it has loaded', async () => {
    const served = serve({ chat: [msg(10, 'assistant', 'Come in.')] });
    const base = served.getMockImplementation()!;
    let loaded!: () => void;
    const held = new Promise<void>((r) => (loaded = r));
    served.mockImplementation((async (action: string, input: Record<string, unknown>) => {
      if (action === 'RetrieveConversation') await held;
      return base(action as never, input as never);
    }) as never);
    const fetchMock = answerWith('Elementary.');
    const { user } = open();
    const input = await screen.findByTestId('chat-input');
    await user.type(input, 'Are you there?{Enter}');
    // Taken: it waits (the old input kept it in the box, unsent, and sent nothing).
    expect(await screen.findByTestId('chat-waiting')).toBeInTheDocument();
    expect(screen.getByTestId('chat-input')).toHaveValue('');
    loaded();
    await waitFor(() =>
      expect(streamedBodies(fetchMock)).toEqual([
        expect.objectContaining({ action: 'AskFriend', message: 'Are you there?' }),
      ]),
    );
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(3));
    expect(screen.getAllByTestId('chat-message')[2]).toHaveTextContent('Elementary.');
    expect(screen.getByTestId('chat-input')).toHaveValue('');
  });
});
