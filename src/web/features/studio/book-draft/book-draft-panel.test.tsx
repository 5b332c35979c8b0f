import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionOutput } from '../../../../protocol/registry.ts';
import { inputsOf } from '../../../test/mock-call.ts';
import { renderStudio, serveStudio, signIn } from '../test-kit.tsx';

vi.mock('../../../shared/api/client.ts', () => ({
  call: vi.fn(),
  postJson: vi.fn(),
  postForm: vi.fn(),
}));

const FILES = {
  Error: 0,
  files: [
    {
      num: 5,
      tm: '2026-12-01 10:00:00',
      title: 'Pride and Prejudice',
      subject: '',
      chapters: 3,
      pages: 0,
    },
  ],
  personal: false,
} satisfies ActionOutput<'GetFiles'> & { Error: number };

const ELIZABETH = {
  name: 'Elizabeth',
  aliases: ['Lizzy', 'Miss Bennet'],
  mentions: 7,
  firstChapter: 1,
  sample: 'I dearly love a laugh.',
};

type Found = ActionOutput<'FindBookCharacters'> & { Error: number };
const found = (over: Partial<Found>): Found => ({
  Error: 0,
  job: 0,
  state: 'none',
  progress: 0,
  offline: false,
  cost: 12,
  characters: [],
  ...over,
});

type Drafted = ActionOutput<'GetCharacterDraft'> & { Error: number };

const cite = (n: number, chapter: number, text: string) => ({
  n,
  kind: 'file' as const,
  title: 'Pride and Prejudice',
  chapter,
  text,
});

const DRAFT = {
  Error: 0,
  job: 9,
  state: 'done',
  progress: 100,
  offline: false,
  cost: 30,
  draft: {
    name: 'Elizabeth',
    personality: {
      text: 'Quick and teasing; she says “I dearly love a laugh” [1].',
      citations: [cite(1, 1, '“I dearly love a laugh,” said Elizabeth.')],
    },
    background: {
      text: 'She walked three miles to nurse Jane [2].',
      citations: [cite(2, 2, 'She walked three miles through the mud.')],
    },
    firstMessage: { text: 'Good day! [1]', citations: [cite(1, 1, 'I dearly love a laugh')] },
    examples: [],
    firstChapter: 1,
    imagePrompt: { text: '', citations: [] },
  },
} satisfies Drafted;

beforeEach(signIn);

describe('studio: a character drafted from a book, beside the form', () => {
  it('shows the cost, reads with a stop, lists the characters, and puts only an accepted field in the form', async () => {
    let listing: Found = found({});
    // The draft is being written (two of its four steps) until it is stopped.
    let drafted: Drafted = { ...DRAFT, state: 'running', progress: 50 };
    serveStudio({
      GetFiles: FILES,
      FindBookCharacters: (input) => {
        if (input.start) listing = found({ job: 4, state: 'running', progress: 33 });
        return listing;
      },
      CancelBookJob: (input) => {
        if (input.job === 9) {
          drafted = { ...DRAFT, state: 'cancelled', progress: 50 };
          return { Error: 0, state: 'cancelled' };
        }
        listing = found({ job: 4, state: 'cancelled', cost: 4, characters: [ELIZABETH] });
        return { Error: 0, state: 'cancelled' };
      },
      DraftCharacterFromBook: { Error: 0, job: 9, state: 'queued', offline: false, cost: 30 },
      GetCharacterDraft: () => drafted,
    });
    const user = userEvent.setup();
    renderStudio('/createdit/holmes');
    await user.click(await screen.findByTestId('book-draft-open'));
    const panel = await screen.findByTestId('book-draft');
    expect(await within(panel).findByTestId('book-draft-cost')).toHaveTextContent(
      'Listing the characters costs about 12 credits.',
    );
    expect(inputsOf('FindBookCharacters')[0]).toMatchObject({ friend: 'holmes', num: 5 });

    await user.click(within(panel).getByTestId('book-draft-find'));
    expect(await within(panel).findByText('Reading the book… 33%')).toBeVisible();
    expect(within(panel).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    await user.click(within(panel).getByRole('button', { name: 'Stop' }));
    expect(inputsOf('CancelBookJob')).toEqual([{ job: 4 }]);
    expect(await within(panel).findByText('Stopped. What was read so far is below.')).toBeVisible();

    const radio = within(panel).getByRole('radio', { name: 'Elizabeth' });
    // Names from the book are isolated in the sentence (FSI … PDI): any direction keeps its order.
    expect(
      within(panel).getByText(/Also: \u2068Lizzy\u2069, \u2068Miss Bennet\u2069/),
    ).toBeVisible();
    await user.click(radio);
    await user.click(within(panel).getByTestId('book-draft-draft'));
    expect(inputsOf('DraftCharacterFromBook')).toEqual([
      expect.objectContaining({ friend: 'holmes', num: 5, name: 'Elizabeth' }),
    ]);
    expect(await within(panel).findByText('Drafting… 50%')).toBeVisible();
    await user.click(within(panel).getByTestId('book-draft-stop'));
    expect(inputsOf('CancelBookJob').at(-1)).toEqual({ job: 9 });
    expect(await within(panel).findByTestId('book-draft-stopped')).toHaveTextContent(
      'The draft was stopped. The fields written so far are below.',
    );
    const personality = within(panel).getByTestId('draft-personality');
    expect(personality).toHaveTextContent('“I dearly love a laugh” [1]');
    expect(within(panel).getByTestId('draft-first-chapter')).toHaveTextContent('chapter 1');

    // Its sources, then the field into the form without its marks; nothing else changes.
    await user.click(within(personality).getByTestId('sources-personality'));
    expect(within(personality).getByTestId('sources-list-personality')).toHaveTextContent(
      '\u2068Pride and Prejudice\u2069, chapter 1',
    );
    const field = screen.getByTestId('studio-personality');
    expect(field).toHaveValue('A detective.');
    await user.click(within(personality).getByTestId('accept-personality'));
    await waitFor(() =>
      expect(field).toHaveValue('Quick and teasing; she says “I dearly love a laugh”.'),
    );
    expect(screen.getByTestId('studio-background')).toHaveValue('Baker Street.');
    expect(within(personality).getByTestId('accept-personality')).toHaveTextContent('Accepted');
  });

  it('in Hebrew, offline: the note says so, it is free, and names read in their own direction (isolated)', async () => {
    serveStudio({
      GetFiles: FILES,
      FindBookCharacters: found({
        job: 3,
        state: 'done',
        progress: 100,
        offline: true,
        cost: 0,
        characters: [{ ...ELIZABETH, name: 'רחל', aliases: ['Rachel'] }],
      }),
    });
    const user = userEvent.setup();
    renderStudio('/createdit/holmes', 'he');
    await user.click(await screen.findByTestId('book-draft-open'));
    const panel = await screen.findByTestId('book-draft');
    expect(await within(panel).findByTestId('book-draft-offline')).toHaveTextContent(
      'קריאה לא מקוונת',
    );
    const radio = within(panel).getByRole('radio', { name: 'רחל' });
    expect(within(panel).getByText('רחל')).toHaveAttribute('dir', 'auto');
    expect(within(panel).getByText(/Rachel/)).toHaveTextContent('· גם: \u2068Rachel\u2069');
    expect(radio).not.toBeChecked();
    expect(within(panel).getByTestId('book-draft-find')).toHaveTextContent('קריאת הספר מחדש');
  });
});
