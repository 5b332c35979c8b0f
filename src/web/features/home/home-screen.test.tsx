import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../shared/storage/storage.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { HomeScreen, INTRO_WAIT_MS } from './home-screen.tsx';
import { useFakeClock } from '../../test/fake-clock.ts';
import { publicFriend } from '../../test/answers.ts';

vi.mock('../../shared/api/client.ts', () => ({
  call: vi.fn(),
}));

const INTRO = '# ספרים מתעוררים\n\nשלום.\n=====\n# Books come alive\n\nHello.\n';

describe('HomeScreen', () => {
  beforeEach(() => {
    stubFetch({ '/intro.txt': INTRO });
  });

  it('shows the intro half of the current language and the login form slot', async () => {
    renderScreen(<HomeScreen loginForm={<div data-testid="form-slot" />} />, {
      route: '/home',
      path: '/home',
      lang: 'en',
    });
    expect(await screen.findByRole('heading', { name: 'Books come alive' })).toBeInTheDocument();
    expect(screen.queryByText('ספרים מתעוררים')).not.toBeInTheDocument();
    expect(screen.getByTestId('form-slot')).toBeInTheDocument();
    expect(screen.getByTestId('home-login-button')).toHaveTextContent('Login');
  });

  it('in Hebrew shows the Hebrew half', async () => {
    renderScreen(<HomeScreen loginForm={null} />, { route: '/home', path: '/home', lang: 'he' });
    expect(await screen.findByRole('heading', { name: 'ספרים מתעוררים' })).toBeInTheDocument();
  });

  it('gives a guest a temporary identity', () => {
    renderScreen(<HomeScreen loginForm={null} />, { route: '/home', path: '/home' });
    expect(storage.get('tmp_token')).toMatch(/^tmp_[a-z0-9]{8}$/);
  });

  it('shows an error another screen sent (e.g. an expired link)', () => {
    renderScreen(<HomeScreen loginForm={null} />, {
      route: { pathname: '/home', state: { error: 'This link has expired.' } },
      path: '/home',
      lang: 'en',
    });
    expect(screen.getByTestId('home-error')).toHaveTextContent('This link has expired.');
  });

  it('appears whole once the intro has arrived: nothing drawn before it is pushed down', async () => {
    let arrive!: () => void;
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url =
        typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      if (url !== '/intro.txt') throw new TypeError('Failed to fetch');
      await new Promise<void>((r) => (arrive = r));
      return new Response(INTRO, { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<HomeScreen loginForm={<div data-testid="form-slot" />} />, {
      route: '/home',
      path: '/home',
      lang: 'en',
    });
    expect(screen.getByTestId('home-pending')).toBeInTheDocument();
    expect(screen.queryByTestId('form-slot')).not.toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    act(() => arrive());
    expect(await screen.findByRole('heading', { name: 'Books come alive' })).toBeInTheDocument();
    expect(screen.getByTestId('form-slot')).toBeInTheDocument();
    expect(screen.queryByTestId('home-pending')).not.toBeInTheDocument();
  });

  it('an intro that does not come keeps the form away for INTRO_WAIT_MS at most', async () => {
    useFakeClock();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderScreen(<HomeScreen loginForm={<div data-testid="form-slot" />} />, {
      route: '/home',
      path: '/home',
      lang: 'en',
    });
    act(() => vi.advanceTimersByTime(INTRO_WAIT_MS - 1));
    expect(screen.queryByTestId('form-slot')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('form-slot')).toBeInTheDocument();
  });

  it('/home/:friendid shows that character and remembers it for after sign-in', async () => {
    answerCalls({
      GetFriendDetails: {
        Error: 0,
        friend: publicFriend({
          friendid: 'alice',
          friendname: 'Alice',
          image: '/friends/alice.svg',
          description: 'From Wonderland',
          category: 1,
          tags: ['Wonderland', 'ארץ הפלאות'],
        }),
      },
    });
    renderScreen(<HomeScreen loginForm={null} />, {
      route: '/home/alice',
      path: '/home/:friendid',
      lang: 'en',
    });
    expect(await screen.findByTestId('home-friend')).toHaveTextContent('Alice');
    expect(screen.getByText('Sign in to chat with \u2068Alice\u2069')).toBeInTheDocument();
    // Its free tags (a card's tags that are no category), each in its own direction.
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((t) => t.textContent),
    ).toEqual(['Wonderland', 'ארץ הפלאות']);
    expect(within(tags).getByText('ארץ הפלאות').closest('[dir]')).toHaveAttribute('dir', 'auto');
    expect(storage.get('friendid')).toBe('alice');
    // The general lookup: the same public card whoever asks.
    expect(inputsOf('GetFriendDetails')).toEqual([{ email: '*', friendid: 'alice' }]);
  });

  it('/home/:friendid with an unknown or private id keeps no pending character', async () => {
    for (const [Error, Errstr] of [
      [5, 'Character not found'],
      [4, 'No permission'],
    ] as const) {
      storage.set('friendid', 'holmes');
      const mock = answerCalls({ GetFriendDetails: { Error, Errstr } });
      const view = renderScreen(<HomeScreen loginForm={null} />, {
        route: '/home/nosuchone',
        path: '/home/:friendid',
        lang: 'en',
      });
      await vi.waitFor(() => expect(mock).toHaveBeenCalled());
      await vi.waitFor(() => expect(storage.get('friendid')).toBeNull());
      expect(screen.queryByTestId('home-friend')).not.toBeInTheDocument();
      view.unmount();
    }
  });
});
