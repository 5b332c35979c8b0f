import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { beginBusy } from '../shared/hooks/busy.ts';
import { createI18n } from '../test/i18n.ts';
import { storage } from '../shared/storage/storage.ts';
import { stubFetch } from '../test/fetch-stub.ts';
import { answerCalls, inputsOf } from '../test/mock-call.ts';
import { AppProviders, createQueryClient } from './providers.tsx';
import { AppRoutes } from './routes.tsx';
import { publicFriend } from '../test/answers.ts';

vi.mock('../shared/api/client.ts', () => ({
  call: vi.fn(),
}));

function renderApp(route: string, lang: 'he' | 'en' = 'en') {
  return render(
    <AppProviders i18n={createI18n(lang)} queryClient={createQueryClient()} env="test">
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}

const signedIn = () => {
  storage.set('email', 'dana@example.com');
  storage.set('fullname', 'Dana Levi');
  answerCalls({
    CheckToken: { Error: 0, email: 'dana@example.com', fullname: 'Dana Levi', token: '', type: 1 },
    SignOut: { Error: 0 },
    AllowAdd: { Error: 0, canadd: 0, imgedit: 0 },
    GetGlobalPriv: { Error: 0, priv: 0 },
    GetCategories: { Error: 0, categories: [] },
    GetFriends: { Error: 0, friends: [] },
  });
};

describe('app routes and shell', () => {
  beforeEach(() => {
    stubFetch({ '/intro.txt': '# Hebrew\n=====\n# Books come alive\n\nHello.' });
  });

  it('a visitor on an unknown path ends on the landing page with the login form', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Books come alive' })).toBeInTheDocument();
    expect(screen.getByTestId('login-email')).toBeInTheDocument();
    expect(screen.queryByTestId('logout')).not.toBeInTheDocument();
    expect(await screen.findByTestId('app-version')).toHaveTextContent('9.9.9-test');
  });

  it('/login sets the title "login to the system"', async () => {
    renderApp('/login', 'he');
    expect(await screen.findByTestId('login-email')).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('כניסה למערכת');
    await waitFor(() => expect(document.title).toContain('כניסה למערכת'));
  });

  it('a signed-in user sees the list, their name and the tools of the top bar', async () => {
    signedIn();
    renderApp('/main');
    expect(await screen.findByTestId('friends-empty')).toBeInTheDocument();
    expect(screen.getByTestId('user-fullname')).toHaveTextContent('Dana Levi');
    expect(screen.getByTestId('edit-user')).toHaveAttribute('href', '/edituser');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('logout signs out on the server, clears the browser and goes home', async () => {
    signedIn();
    storage.set('lang', 'en');
    const user = userEvent.setup();
    renderApp('/main');
    await user.click(await screen.findByTestId('logout'));
    expect(await screen.findByTestId('login-email')).toBeInTheDocument();
    expect(inputsOf('SignOut')).toHaveLength(1);
    // Everything was cleared; the landing page then gives the new guest a temporary id (and,
    // counting the visit, a new random device id: the old one went with the rest).
    expect(Object.keys(window.localStorage).filter((k) => k !== 'sefer.push.udid')).toEqual([
      'tmp_token',
    ]);
    expect(screen.queryByTestId('user-fullname')).not.toBeInTheDocument();
  });

  it('/:friendid opens the chat of that character', async () => {
    signedIn();
    answerCalls({
      CheckToken: {
        Error: 0,
        email: 'dana@example.com',
        fullname: 'Dana Levi',
        token: '',
        type: 1,
      },
      RetrieveConversation: {
        Error: 0,
        friendname: 'Alice',
        image: '',
        public: true,
        friendtype: 0,
        voice: '',
        voice_instructions: '',
        creator: '',
        creatorname: '',
        subject: 'General',
        chat: [],
        hasmore: false,
        priv: 1,
      },
      GetSubjects: { Error: 0, subjects: ['General'] },
    });
    renderApp('/alice');
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('Alice'));
    expect(screen.getByTestId('chat-input')).toBeInTheDocument();
    expect(inputsOf('RetrieveConversation')[0]).toMatchObject({ friendid: 'alice' });
  });

  it('a visitor opening a chat is sent home and the chat is remembered', async () => {
    // The landing page keeps it for after sign-in when it is a character a visitor may open.
    answerCalls({ GetFriendDetails: { Error: 0, friend: publicFriend() } });
    renderApp('/chat/holmes');
    expect(await screen.findByTestId('login-email')).toBeInTheDocument();
    expect(storage.get('friendid')).toBe('holmes');
  });

  it('/assistant without a user goes to the login with return module assistant', async () => {
    renderApp('/assistant');
    expect(await screen.findByTestId('login-email')).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Login to the system');
  });

  it('busy work shows the full-screen "Please wait..."', async () => {
    renderApp('/home', 'he');
    await screen.findByTestId('login-email');
    expect(screen.queryByTestId('busy')).not.toBeInTheDocument();
    let end = () => {};
    act(() => {
      end = beginBusy();
    });
    expect(screen.getByTestId('busy')).toHaveTextContent('אנא המתן...');
    act(() => end());
    expect(screen.queryByTestId('busy')).not.toBeInTheDocument();
  });
});
