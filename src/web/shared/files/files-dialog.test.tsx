import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { postForm } from '../api/client.ts';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { signIn } from '../../test/sign-in.ts';
import { FilesDialog } from './files-dialog.tsx';
import { TIMINGS } from '../../../protocol/constants.ts';
import { useFakeClock } from '../../test/fake-clock.ts';

vi.mock('../api/client.ts', () => ({
  call: vi.fn(),
  postJson: vi.fn(),
  postForm: vi.fn(),
}));

const file = (num: number, title: string, subject = '') => ({
  num,
  tm: '2025-03-07 09:05:00',
  title,
  subject,
  chapters: 0,
  pages: 0,
});

function serve(files = [file(1, 'Chapter one', 'Book'), file(2, 'Chapter two')]) {
  return answerCalls({
    GetFiles: { Error: 0, personal: false, files },
    UpdateTitle: { Error: 0 },
    UpdateFileSubject: { Error: 0 },
    DelFile: { Error: 0 },
    MoveFileToTop: { Error: 0 },
    GetFileTitle: { Error: 0, title: 'A Study in Scarlet' },
  });
}

function renderDialog() {
  return renderScreen(
    <FilesDialog opened onClose={() => {}} friendid="holmes" friendname="Holmes" friendtype={1} />,
    { lang: 'en' },
  );
}

describe('files dialog', () => {
  beforeEach(signIn);

  it('lists number, last update (day/month/year), title and subject', async () => {
    serve();
    renderDialog();
    const rows = await screen.findAllByTestId('files-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('1');
    expect(rows[0]).toHaveTextContent(/\d\d\/03\/2025 \d\d:\d\d/);
    expect(screen.getAllByTestId('files-title')[0]).toHaveValue('Chapter one');
    expect(screen.getAllByTestId('files-subject')[0]).toHaveValue('Book');
    expect(inputsOf('GetFiles')[0]).toEqual({ friend: 'holmes' });
  });

  it('says whether knowledge is searched by meaning too (an embedding model is configured)', async () => {
    answerCalls({ GetFiles: { Error: 0, personal: false, files: [], search: 'meaning' } });
    const view = renderDialog();
    expect(await screen.findByTestId('files-search')).toHaveTextContent('by their meaning');
    view.unmount();
    answerCalls({ GetFiles: { Error: 0, personal: false, files: [], search: 'words' } });
    renderDialog();
    expect(await screen.findByTestId('files-search')).toHaveTextContent(
      'search by meaning needs an embedding model',
    );
  });

  it('a blank title or subject is not sent; a real change is (Enter or leaving the field)', async () => {
    serve();
    const user = userEvent.setup();
    renderDialog();
    const title = (await screen.findAllByTestId('files-title'))[0]!;
    await user.clear(title);
    await user.type(title, '   {Enter}');
    await user.tab();
    expect(inputsOf('UpdateTitle')).toHaveLength(0);
    expect(title).toHaveValue('Chapter one');
    await user.clear(title);
    await user.type(title, 'Opening{Enter}');
    await waitFor(() =>
      expect(inputsOf('UpdateTitle')).toEqual([{ friendid: 'holmes', num: 1, title: 'Opening' }]),
    );
    const subject = screen.getAllByTestId('files-subject')[1]!;
    await user.click(subject);
    await user.tab();
    expect(inputsOf('UpdateFileSubject')).toHaveLength(0);
    await user.type(subject, 'Part 2');
    await user.tab();
    await waitFor(() =>
      expect(inputsOf('UpdateFileSubject')).toEqual([
        { friendid: 'holmes', num: 2, subject: 'Part 2' },
      ]),
    );
  });

  it('find title, move to top, and delete after confirming', async () => {
    serve();
    const user = userEvent.setup();
    renderDialog();
    await screen.findAllByTestId('files-row');
    await user.click(screen.getAllByTestId('files-find-title')[1]!);
    await waitFor(() =>
      expect(inputsOf('UpdateTitle')).toEqual([
        { friendid: 'holmes', num: 2, title: 'A Study in Scarlet' },
      ]),
    );
    expect(inputsOf('GetFileTitle')).toEqual([{ friendid: 'holmes', num: 2 }]);
    await user.click(screen.getAllByTestId('files-top')[1]!);
    await waitFor(() =>
      expect(inputsOf('MoveFileToTop')).toEqual([{ friendid: 'holmes', num: 2 }]),
    );
    await user.click(screen.getAllByTestId('files-delete')[0]!);
    expect(inputsOf('DelFile')).toHaveLength(0);
    await user.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(inputsOf('DelFile')).toEqual([{ friendid: 'holmes', num: 1 }]));
  });

  it('upload: multipart with file, user, friend, friendtype and subject; OK means success', async () => {
    serve([]);
    vi.mocked(postForm).mockResolvedValue({ status: 200, text: 'OK 3' });
    const user = userEvent.setup();
    renderDialog();
    expect(await screen.findByTestId('files-empty')).toBeInTheDocument();
    await user.type(screen.getByTestId('files-upload-subject'), 'The novel');
    const book = new File(['Chapter 1\nIt was a dark night.'], 'book.txt', { type: 'text/plain' });
    await user.upload(screen.getByTestId('files-upload-input'), book);
    // Spec part 2 §7: the toast "File uploaded successfully".
    expect(await screen.findByTestId('files-toast')).toHaveTextContent(
      /^File uploaded successfully$/,
    );
    const [url, form] = vi.mocked(postForm).mock.calls[0]!;
    expect(url).toBe('/api/upload');
    expect(form.get('user')).toBe('dana@example.com');
    expect(form.get('friend')).toBe('holmes');
    expect(form.get('friendtype')).toBe('1');
    expect(form.get('subject')).toBe('The novel');
    expect(form.get('lang')).toBe('en');
    expect((form.get('file') as File).name).toBe('book.txt');
    await waitFor(() => expect(inputsOf('GetFiles').length).toBeGreaterThan(1));
  });

  it("uploads in a row: one notice in the dialog's flow, counting them, gone after a while", async () => {
    serve([]);
    vi.mocked(postForm).mockResolvedValue({ status: 200, text: 'OK 3' });
    const user = useFakeClock();
    renderDialog();
    expect(await screen.findByTestId('files-empty')).toBeInTheDocument();
    const input = screen.getByTestId('files-upload-input');
    for (const name of ['a.txt', 'b.txt', 'c.txt'])
      await user.upload(input, new File(['text'], name, { type: 'text/plain' }));
    await waitFor(() =>
      expect(screen.getByTestId('files-toast')).toHaveTextContent('3 files uploaded successfully'),
    );
    expect(screen.getAllByTestId('files-toast')).toHaveLength(1);
    // In the dialog itself, after the upload button: nothing floats over its controls.
    const dialog = screen.getByRole('dialog');
    expect(dialog).toContainElement(screen.getByTestId('files-toast'));
    expect(
      screen
        .getByTestId('files-upload')
        .compareDocumentPosition(screen.getByTestId('files-toast')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    act(() => vi.advanceTimersByTime(TIMINGS.toastMs));
    expect(screen.queryByTestId('files-toast')).not.toBeInTheDocument();
  });

  it('upload: an EPUB book is accepted by the picker, which names the kinds it takes', async () => {
    serve([]);
    vi.mocked(postForm).mockResolvedValue({ status: 200, text: 'OK 4' });
    const user = userEvent.setup();
    renderDialog();
    expect(await screen.findByTestId('files-upload-types')).toHaveTextContent(/docx or epub/);
    const input = screen.getByTestId('files-upload-input');
    expect(input.getAttribute('accept')).toContain('.epub');
    // user-event honours `accept`: a kind the picker does not list would not be sent.
    const book = new File(['PK'], 'Alice.epub', { type: 'application/epub+zip' });
    await user.upload(input, book);
    expect(await screen.findByTestId('files-toast')).toBeInTheDocument();
    const [, form] = vi.mocked(postForm).mock.calls.at(-1)!;
    expect((form.get('file') as File).name).toBe('Alice.epub');
  });

  it('upload refused: the answer text is shown', async () => {
    serve([]);
    vi.mocked(postForm).mockResolvedValue({ status: 413, text: 'The file is too large (server).' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderDialog();
    await user.upload(
      await screen.findByTestId('files-upload-input'),
      new File(['x'], 'a.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByTestId('files-error')).toHaveTextContent(
      'The file is too large (server).',
    );
  });

  it('an upload error goes once a later action succeeds', async () => {
    serve();
    vi.mocked(postForm).mockResolvedValue({ status: 413, text: 'The file is too large (server).' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderDialog();
    await user.upload(
      await screen.findByTestId('files-upload-input'),
      new File(['x'], 'a.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByTestId('files-error')).toHaveTextContent('too large');
    await user.click(screen.getAllByTestId('files-top')[1]!);
    await waitFor(() => expect(inputsOf('MoveFileToTop')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('files-error')).not.toBeInTheDocument());
    expect(screen.queryByText(/too large/)).not.toBeInTheDocument();
  });

  it('closes when there is no user', async () => {
    serve();
    window.localStorage.clear();
    const onClose = vi.fn();
    renderScreen(
      <FilesDialog opened onClose={onClose} friendid="holmes" friendname="Holmes" friendtype={0} />,
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(inputsOf('GetFiles')).toHaveLength(0);
  });
});
