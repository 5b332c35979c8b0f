import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FriendCard } from '../../../protocol/entities.ts';
import { storage } from '../../shared/storage/storage.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { MainScreen } from './main-screen.tsx';
import { useFakeClock } from '../../test/fake-clock.ts';

vi.mock('../../shared/api/client.ts', () => ({
  call: vi.fn(),
}));

const friend = (friendid: string, friendname: string): FriendCard => ({
  friendid,
  friendname,
  image: `/friends/${friendid}.svg`,
  description: `${friendname} from the book`,
  friendtype: 0,
  category: 1,
  publicfriend: 1,
});

const categories = Array.from({ length: 10 }, (_, i) => ({ id: 2 ** i, name: `cat${i}` }));

function serve({ canadd = 0, imgedit = 0, priv = 0, friends = [friend('alice', 'Alice')] } = {}) {
  return answerCalls({
    AllowAdd: { Error: 0, canadd, imgedit },
    GetGlobalPriv: { Error: 0, priv },
    GetCategories: { Error: 0, categories },
    GetFriends: (input) => ({
      Error: 0,
      friends: input.showall === 1 ? [...friends, friend('secret', 'Secret')] : friends,
    }),
  });
}

function renderMain(lang: 'he' | 'en' = 'en') {
  return renderScreen(<MainScreen />, { route: '/main', path: '/main', lang });
}

describe('MainScreen', () => {
  beforeEach(() => {
    stubFetch();
    storage.set('email', 'dana@example.com');
  });

  it('lists the characters as cards linking to their chats', async () => {
    serve({ friends: [friend('alice', 'Alice'), friend('holmes', 'Sherlock Holmes')] });
    renderMain();
    const cards = await screen.findAllByTestId('friend-card');
    expect(cards.map((c) => c.getAttribute('data-friendid'))).toEqual(['alice', 'holmes']);
    expect(cards[1]).toHaveAttribute('href', '/chat/holmes');
    expect(within(cards[1] as HTMLElement).getByText('Sherlock Holmes')).toBeInTheDocument();
  });

  it('searches by name, description or tag once the reader pauses; an empty find says so', async () => {
    const user = useFakeClock();
    answerCalls({
      AllowAdd: { Error: 0, canadd: 0, imgedit: 0 },
      GetGlobalPriv: { Error: 0, priv: 0 },
      GetCategories: { Error: 0, categories },
      GetFriends: (input) => ({
        Error: 0,
        friends:
          input.search === undefined
            ? [friend('alice', 'Alice'), friend('nemo', 'Captain Nemo')]
            : input.search === 'צוללות'
              ? [friend('nemo', 'Captain Nemo')]
              : [],
      }),
    });
    renderMain('he');
    expect(await screen.findAllByTestId('friend-card')).toHaveLength(2);
    const box = screen.getByRole('searchbox', { name: 'חיפוש בדמויות' });
    await user.type(box, 'צוללות');
    // Not one request per key: nothing is asked until the typing stops.
    expect(inputsOf('GetFriends').filter((i) => i.search !== undefined)).toEqual([]);
    act(() => vi.advanceTimersByTime(300));
    await waitFor(() => expect(screen.getAllByTestId('friend-card')).toHaveLength(1));
    expect(inputsOf('GetFriends').filter((i) => i.search !== undefined)).toEqual([
      { lang: 'he', categories: 0, showall: 0, search: 'צוללות' },
    ]);
    expect(screen.getByTestId('friend-card')).toHaveAttribute('data-friendid', 'nemo');

    await user.clear(box);
    await user.type(box, 'Moby');
    act(() => vi.advanceTimersByTime(300));
    expect(await screen.findByTestId('friends-empty')).toHaveTextContent(
      'אין דמות שמתאימה ל־\u2068Moby\u2069.',
    );
  });

  it('asks for the characters in the UI language', async () => {
    serve();
    renderMain('he');
    await screen.findAllByTestId('friend-card');
    expect(inputsOf('GetFriends')[0]).toMatchObject({ lang: 'he', showall: 0, categories: 0 });
    expect(inputsOf('GetCategories')[0]).toMatchObject({ lang: 'he' });
  });

  it('shows what the server sends, without filtering (the server hides sharoneditor)', async () => {
    serve({ friends: [friend('sharoneditor', 'Sharon'), friend('alice', 'Alice')] });
    renderMain();
    const cards = await screen.findAllByTestId('friend-card');
    expect(cards.map((c) => c.getAttribute('data-friendid'))).toEqual(['sharoneditor', 'alice']);
  });

  it('canadd sees "add character", not "buy subscription"', async () => {
    serve({ canadd: 1 });
    renderMain();
    expect(await screen.findByTestId('add-character')).toHaveAttribute('href', '/createdit');
    expect(screen.queryByTestId('buy-subscription')).not.toBeInTheDocument();
    expect(screen.queryByTestId('create-image')).not.toBeInTheDocument();
  });

  it('imgedit sees "create image"', async () => {
    serve({ imgedit: 1 });
    renderMain();
    expect(await screen.findByTestId('create-image')).toHaveAttribute('href', '/createimg');
    expect(screen.queryByTestId('buy-subscription')).not.toBeInTheDocument();
  });

  it('neither permission: "buy subscription" to /buy', async () => {
    serve();
    renderMain();
    const buy = await screen.findByTestId('buy-subscription');
    expect(buy).toHaveAttribute('href', '/buy');
    expect(buy).toHaveTextContent('Buy a subscription for conversations and creating characters');
    expect(screen.queryByTestId('add-character')).not.toBeInTheDocument();
  });

  it('global privilege shows "show all characters", which asks with showall 1', async () => {
    const user = userEvent.setup();
    serve({ priv: 1 });
    renderMain();
    const box = await screen.findByTestId('show-all');
    await user.click(box);
    await waitFor(() =>
      expect(
        screen.getAllByTestId('friend-card').map((c) => c.getAttribute('data-friendid')),
      ).toContain('secret'),
    );
    expect(inputsOf('GetFriends').at(-1)).toMatchObject({ showall: 1 });
  });

  it('no global privilege: no "show all"', async () => {
    serve({ priv: 0 });
    renderMain();
    await screen.findAllByTestId('friend-card');
    await waitFor(() => expect(inputsOf('GetGlobalPriv')).toHaveLength(1));
    expect(screen.queryByTestId('show-all')).not.toBeInTheDocument();
  });

  it('the main screen shows up to 64 categories; a click filters by its bit', async () => {
    const user = userEvent.setup();
    serve();
    renderMain();
    const buttons = await screen.findAllByTestId('category-button');
    expect(buttons).toHaveLength(10);
    expect(screen.queryByTestId('show-more')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'cat2' }));
    await user.click(screen.getByRole('button', { name: 'cat0' }));
    await waitFor(() => expect(inputsOf('GetFriends').at(-1)).toMatchObject({ categories: 5 }));
  });

  it('says so when there are no characters', async () => {
    serve({ friends: [] });
    renderMain();
    expect(await screen.findByTestId('friends-empty')).toHaveTextContent('No characters');
  });

  it("shows the server's message when the list fails", async () => {
    answerCalls({
      AllowAdd: { Error: 0, canadd: 0, imgedit: 0 },
      GetGlobalPriv: { Error: 0, priv: 0 },
      GetCategories: { Error: 0, categories: [] },
      GetFriends: { Error: 3, Errstr: 'Please sign in to continue.' },
    });
    renderMain();
    expect(await screen.findByTestId('friends-error')).toHaveTextContent(
      'Please sign in to continue.',
    );
  });
});
