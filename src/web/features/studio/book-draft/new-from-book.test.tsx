import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { postForm } from '../../../shared/api/client.ts';
import { inputsOf } from '../../../test/mock-call.ts';
import { friendFull, renderStudio, serveStudio, signIn } from '../test-kit.tsx';

vi.mock('../../../shared/api/client.ts', () => ({
  call: vi.fn(),
  postJson: vi.fn(),
  postForm: vi.fn(),
}));

beforeEach(signIn);

const fileInput = () =>
  screen.getByTestId('new-from-book').querySelector<HTMLInputElement>('input[type="file"]')!;

describe('studio: "New character from a book" on /createdit', () => {
  it('makes the character, uploads the book as its knowledge, and opens the draft on it', async () => {
    serveStudio({
      SetFriendDetails: { Error: 0, lastupdate: '2026-12-04 10:00:00', description: '' },
      GetFiles: {
        Error: 0,
        files: [
          { num: 5, tm: '', title: 'Pride and Prejudice', subject: '', chapters: 3, pages: 0 },
        ],
        personal: false,
      },
      GetFriendDetails: { Error: 0, friend: friendFull({ friendid: 'lizzy', personality: '' }) },
      FindBookCharacters: {
        Error: 0,
        job: 0,
        state: 'none',
        progress: 0,
        offline: false,
        cost: 12,
        characters: [],
      },
    });
    vi.mocked(postForm).mockResolvedValue({ status: 200, text: 'OK' });
    const user = userEvent.setup();
    renderStudio();
    await screen.findByTestId('new-from-book');
    // Every kind the upload takes, EPUB among them.
    expect(fileInput().accept).toContain('.epub');
    await user.upload(fileInput(), new File(['x'], 'Pride and Prejudice.epub'));
    expect(await screen.findByTestId('new-from-book-error')).toHaveTextContent(
      'Choose an id for the new character first',
    );
    expect(inputsOf('SetFriendDetails')).toHaveLength(0);

    await user.type(screen.getByTestId('new-from-book-id'), 'lizzy');
    await user.upload(fileInput(), new File(['x'], 'Pride and Prejudice.epub'));
    const panel = await screen.findByTestId('book-draft');
    expect(inputsOf('SetFriendDetails')[0]).toMatchObject({
      insert: 1,
      friendid: 'lizzy',
      friendname: 'Pride and Prejudice',
    });
    const [url, form] = vi.mocked(postForm).mock.calls[0]!;
    expect(url).toBe('/api/upload');
    expect(form.get('friend')).toBe('lizzy');
    expect((form.get('file') as File).name).toBe('Pride and Prejudice.epub');
    await waitFor(() =>
      expect(inputsOf('FindBookCharacters').at(-1)).toMatchObject({ friend: 'lizzy', num: 5 }),
    );
    expect(within(panel).getByTestId('book-draft-cost')).toHaveTextContent('12 credits');
  });
});
