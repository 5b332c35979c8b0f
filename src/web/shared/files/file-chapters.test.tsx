import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { signIn } from '../../test/sign-in.ts';
import { FilesDialog } from './files-dialog.tsx';

vi.mock('../api/client.ts', () => ({
  call: vi.fn(),
  postJson: vi.fn(),
  postForm: vi.fn(),
}));

type Chapter = { n: number; line: string; page: number | null; passages: number };

function serve(start: Chapter[]) {
  let chapters = [...start];
  return answerCalls({
    GetFiles: {
      Error: 0,
      personal: false,
      files: [
        {
          num: 3,
          tm: '2025-03-07 09:05:00',
          title: 'The Lighthouse',
          subject: '',
          chapters: chapters.length,
          pages: 12,
        },
        { num: 4, tm: '2025-03-07 09:05:00', title: 'Notes', subject: '', chapters: 0, pages: 0 },
      ],
    },
    GetSetFileChapters: (input) => {
      const wanted = input.chapters as { n: number; line: string }[] | undefined;
      if (wanted) {
        const missing = wanted.find(
          (h) => !['Chapter 1', 'Chapter 2', 'פרק ג׳', 'The Thaw'].includes(h.line),
        );
        if (missing)
          return { Error: 1, Errstr: `The line "${missing.line}" is not in the file's text.` };
        chapters = wanted.map((h) => ({ ...h, page: 1, passages: 2 }));
      }
      return { Error: 0, chapters, pages: 12, passages: 9 };
    },
  });
}

const BOOK: Chapter[] = [
  { n: 1, line: 'Chapter 1', page: 1, passages: 3 },
  { n: 2, line: 'Chapter 2', page: 5, passages: 4 },
  { n: 3, line: 'פרק ג׳', page: 9, passages: 2 },
];

function renderDialog(lang: 'he' | 'en' = 'en') {
  return renderScreen(
    <FilesDialog opened onClose={() => {}} friendid="holmes" friendname="Holmes" friendtype={0} />,
    { lang },
  );
}

async function openChapters(user: ReturnType<typeof userEvent.setup>) {
  const [first] = await screen.findAllByTestId('files-chapters');
  expect(first).toHaveTextContent('3 ch. · 12 p.');
  await user.click(first!);
  await screen.findAllByTestId('file-chapter');
  return screen.getByTestId('file-chapters');
}

describe('files manager: a file’s chapters', () => {
  beforeEach(signIn);

  it('each file shows its chapter and page counts; opening one lists its headings', async () => {
    const user = userEvent.setup();
    serve(BOOK);
    renderDialog();
    expect((await screen.findAllByTestId('files-chapters'))[1]).toHaveTextContent('No chapters');
    const panel = await openChapters(user);
    expect(
      within(panel)
        .getAllByTestId('file-chapter-line')
        .map((l) => l.textContent),
    ).toEqual(['Chapter 1', 'Chapter 2', 'פרק ג׳']);
    expect(within(panel).getAllByTestId('file-chapter')[1]).toHaveTextContent(
      'from page 5 · 4 passages',
    );
    expect(within(panel).getByTestId('file-chapters-summary')).toHaveTextContent(
      'Pages: 12 · Passages: 9',
    );
    expect(inputsOf('GetSetFileChapters')[0]).toEqual({ friendid: 'holmes', num: 3 });
    // Nothing changed: nothing to save.
    expect(within(panel).queryByTestId('file-chapters-save')).toBeNull();
    await user.click(within(panel).getByTestId('file-chapters-close'));
    expect(screen.queryByTestId('file-chapters')).toBeNull();
  });

  it('merge, renumber and split, then save the whole list', async () => {
    const user = userEvent.setup();
    serve(BOOK);
    renderDialog();
    const panel = await openChapters(user);
    // Merge chapter 2 into chapter 1.
    await user.click(within(panel).getAllByTestId('file-chapter-remove')[1]!);
    // Renumber the Hebrew heading.
    const n = within(panel).getAllByTestId('file-chapter-n')[1]!;
    await user.clear(n);
    await user.type(n, '2');
    // Split at a line of the text; its number defaults to the next one.
    await user.type(within(panel).getByTestId('file-chapter-add-line'), 'The Thaw{Enter}');
    await user.click(within(panel).getByTestId('file-chapters-save'));
    expect(await within(panel).findByTestId('file-chapters-saved')).toHaveTextContent(
      'The chapters were saved',
    );
    expect(inputsOf('GetSetFileChapters').at(-1)).toEqual({
      friendid: 'holmes',
      num: 3,
      chapters: [
        { n: 1, line: 'Chapter 1' },
        { n: 2, line: 'פרק ג׳' },
        { n: 3, line: 'The Thaw' },
      ],
    });
    // The files list is read again for its counts.
    await waitFor(() => expect(inputsOf('GetFiles').length).toBeGreaterThan(1));
  });

  it('a line the text does not hold: the server’s reason, the draft kept (he)', async () => {
    const user = userEvent.setup();
    serve(BOOK);
    renderDialog('he');
    const [first] = await screen.findAllByTestId('files-chapters');
    await user.click(first!);
    const panel = await screen.findByTestId('file-chapters');
    await user.type(within(panel).getByTestId('file-chapter-add-line'), 'פרק שלא קיים');
    await user.click(within(panel).getByTestId('file-chapter-add'));
    await user.click(within(panel).getByTestId('file-chapters-save'));
    expect(await within(panel).findByTestId('file-chapters-error')).toHaveTextContent(
      'פרק שלא קיים',
    );
    expect(within(panel).getAllByTestId('file-chapter')).toHaveLength(4);
  });
});
