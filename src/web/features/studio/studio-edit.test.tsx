import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Link } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { postForm } from '../../shared/api/client.ts';
import { NetworkError } from '../../shared/api/errors.ts';
import { useFakeClock } from '../../test/fake-clock.ts';
import { inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { StudioScreen } from './studio-screen.tsx';
import { friendFull, renderStudio, serveStudio, signIn } from './test-kit.tsx';

vi.mock('../../shared/api/client.ts', () => ({
  call: vi.fn(),
  postJson: vi.fn(),
  postForm: vi.fn(),
}));

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('studio: editing a character', () => {
  beforeEach(signIn);

  it('opens with the saved values; the id is read-only', async () => {
    serveStudio();
    renderStudio('/createdit/holmes');
    const id = await screen.findByTestId('studio-id');
    expect(id).toHaveValue('holmes');
    expect(id).toHaveAttribute('readonly');
    expect(screen.getByTestId('studio-name')).toHaveValue('Sherlock Holmes');
    expect(screen.getByTestId('studio-personality')).toHaveValue('A detective.');
    expect(screen.getByTestId('studio-personality')).toBeEnabled();
    expect(screen.getByTestId('studio-personality')).toHaveAttribute('dir', 'auto');
    expect(screen.getByTestId('studio-voice')).toHaveValue('onyx');
    expect(screen.getByTestId('studio-public')).toBeChecked();
    expect(inputsOf('CheckEditPriv')[0]).toEqual({ friendid: 'holmes' });
    expect(inputsOf('UniqueFriendId')).toHaveLength(0);
    expect(screen.getByTestId('studio-delete')).toBeInTheDocument();
  });

  it('view level (1): only the message, with the way to the chat', async () => {
    serveStudio({
      CheckEditPriv: {
        Error: 1,
        Errstr: 'You may chat with it but not edit it (server).',
        priv: 1,
        imgedit: 0,
        friendtype: 0,
        friendname: 'Sherlock Holmes',
        owner: 0,
      },
    });
    renderStudio('/createdit/holmes');
    const denied = await screen.findByTestId('studio-denied');
    expect(denied).toHaveTextContent('You may chat with it but not edit it (server).');
    expect(within(denied).getByRole('link')).toHaveAttribute('href', '/chat/holmes');
    expect(screen.queryByTestId('studio-id')).not.toBeInTheDocument();
    expect(inputsOf('GetFriendDetails')).toHaveLength(0);
  });

  it('no permission (2) or an unknown id: the error only', async () => {
    serveStudio({ CheckEditPriv: { Error: 5, Errstr: 'Character not found.' } });
    renderStudio('/createdit/nobody');
    expect(await screen.findByTestId('studio-denied')).toHaveTextContent('Character not found.');
    expect(screen.queryByTestId('studio-save')).not.toBeInTheDocument();
  });

  it('an editor who is not the owner: no delete, the access list read-only', async () => {
    serveStudio({
      CheckEditPriv: {
        Error: 0,
        priv: 0,
        imgedit: 0,
        friendtype: 0,
        friendname: 'Sherlock Holmes',
        owner: 0,
      },
      GetFriendEmails: { Error: 0, friendemails: [{ user: 'x@y.z', fullname: 'X', priv: 1 }] },
    });
    renderStudio('/createdit/holmes');
    expect(await screen.findByTestId('access-row')).toHaveTextContent('x@y.z');
    expect(screen.queryByTestId('studio-delete')).not.toBeInTheDocument();
    expect(screen.queryByTestId('access-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('access-delete')).not.toBeInTheDocument();
  });

  it('autosave every 20 s sends each dirty field alone, then shows "saved" for 3 s', async () => {
    const user = useFakeClock();
    serveStudio({ UpdateFriendDetails: { Error: 0, lastupdate: '2025-01-02 10:01:00' } });
    renderStudio('/createdit/holmes');
    const personality = await screen.findByTestId('studio-personality');
    await user.type(personality, ' Cold.');
    await user.type(screen.getByTestId('studio-background'), ' 221B.');
    // The name is not one of the autosaved fields.
    await user.type(screen.getByTestId('studio-name'), '!');
    await advance(19_000);
    expect(inputsOf('UpdateFriendDetails')).toHaveLength(0);
    await advance(1_100);
    await waitFor(() => expect(inputsOf('UpdateFriendDetails')).toHaveLength(2));
    expect(inputsOf('UpdateFriendDetails')).toEqual([
      { friendid: 'holmes', subject: 'personality', contents: 'A detective. Cold.' },
      { friendid: 'holmes', subject: 'background', contents: 'Baker Street. 221B.' },
    ]);
    expect(inputsOf('SetFriendDetails')).toHaveLength(0);
    expect(screen.getByTestId('studio-saved')).toHaveTextContent('Saved');
    await advance(3_100);
    expect(screen.getByTestId('studio-saved')).toHaveTextContent('');
    // Nothing dirty any more: the next round sends nothing.
    await advance(20_000);
    expect(inputsOf('UpdateFriendDetails')).toHaveLength(2);
  });

  it('category, image and voice autosave one by one like the long texts (part 1 §7)', async () => {
    const user = useFakeClock();
    serveStudio({ UpdateFriendDetails: { Error: 0, lastupdate: '2025-01-02 10:01:00' } });
    vi.mocked(postForm).mockResolvedValue({ status: 200, text: 'OK /files/images/new.webp' });
    renderStudio('/createdit/holmes');
    await screen.findByTestId('studio-personality');
    // Mystery (2) is chosen; add Fantasy (4).
    const fantasy = (await screen.findAllByTestId('studio-category')).find(
      (c) => c.getAttribute('data-category') === '4',
    )!;
    await user.click(fantasy);
    await user.selectOptions(screen.getByTestId('studio-voice'), 'nova');
    await user.upload(
      screen.getByTestId('studio-image-upload'),
      new File([new Uint8Array([137, 80, 78, 71])], 'face.png', { type: 'image/png' }),
    );
    await advance(20_100);
    await waitFor(() => expect(inputsOf('UpdateFriendDetails')).toHaveLength(3));
    expect(inputsOf('UpdateFriendDetails')).toEqual(
      expect.arrayContaining([
        { friendid: 'holmes', subject: 'category', contents: 6 },
        { friendid: 'holmes', subject: 'voice', contents: 'nova' },
        { friendid: 'holmes', subject: 'image', contents: '/files/images/new.webp' },
      ]),
    );
    expect(inputsOf('SetFriendDetails')).toHaveLength(0);
  });

  it('window focus autosaves too', async () => {
    const user = useFakeClock();
    serveStudio({ UpdateFriendDetails: { Error: 0, lastupdate: '' } });
    renderStudio('/createdit/holmes');
    await user.type(await screen.findByTestId('studio-firstprompt'), ' Please.');
    fireEvent.focus(window);
    await waitFor(() =>
      expect(inputsOf('UpdateFriendDetails')).toEqual([
        { friendid: 'holmes', subject: 'firstprompt', contents: 'Do sit down. Please.' },
      ]),
    );
  });

  it('a failed single-field save falls back to a full save with autosave 1, errors hidden', async () => {
    const user = useFakeClock();
    serveStudio({
      UpdateFriendDetails: { Error: 1, Errstr: 'Server trouble.' },
      SetFriendDetails: { Error: 2, Errstr: 'Not valid.' },
    });
    renderStudio('/createdit/holmes');
    await user.type(await screen.findByTestId('studio-description'), ' Clever.');
    await advance(20_100);
    await waitFor(() => expect(inputsOf('SetFriendDetails')).toHaveLength(1));
    expect(inputsOf('UpdateFriendDetails')[0]).toMatchObject({ subject: 'description' });
    expect(inputsOf('SetFriendDetails')[0]).toMatchObject({
      friendid: 'holmes',
      description: 'The detective. Clever.',
      autosave: 1,
    });
    expect(inputsOf('SetFriendDetails')[0]).not.toHaveProperty('insert');
    expect(screen.queryByTestId('studio-error')).not.toBeInTheDocument();
    expect(screen.getByTestId('studio-saved')).toHaveTextContent('');
  });

  it('the full save after a network failure marks everything saved', async () => {
    const user = useFakeClock();
    serveStudio({
      UpdateFriendDetails: new NetworkError('offline'),
      SetFriendDetails: { Error: 0, lastupdate: '', description: 'The detective.' },
    });
    renderStudio('/createdit/holmes');
    await user.type(await screen.findByTestId('studio-personality'), '!');
    await advance(20_100);
    await waitFor(() => expect(screen.getByTestId('studio-saved')).toHaveTextContent('Saved'));
    await advance(20_000);
    expect(inputsOf('SetFriendDetails')).toHaveLength(1);
  });

  it('a refused save shows the server words as an alert and a toast, gone after 2 s', async () => {
    const user = useFakeClock();
    serveStudio({ SetFriendDetails: { Error: 4, Errstr: 'No permission (server).' } });
    renderStudio('/createdit/holmes');
    await user.click(await screen.findByTestId('studio-save'));
    expect(await screen.findByTestId('studio-error')).toHaveTextContent('No permission (server).');
    expect(await screen.findByTestId('studio-toast')).toHaveTextContent('No permission (server).');
    expect(inputsOf('SetFriendDetails')[0]).not.toHaveProperty('insert');
    await advance(2_100);
    expect(screen.queryByTestId('studio-error')).not.toBeInTheDocument();
  });

  it('a long text near its limit shows a counter; past it the save is refused with words', async () => {
    serveStudio();
    renderStudio('/createdit/holmes');
    const description = await screen.findByTestId('studio-description');
    expect(screen.queryByTestId('studio-description-counter')).toBeNull();
    fireEvent.change(description, { target: { value: 'x'.repeat(1_700) } });
    expect(screen.getByTestId('studio-description-counter')).toHaveTextContent(
      '1,700 / 2,000 characters',
    );
    fireEvent.change(description, { target: { value: 'x'.repeat(2_001) } });
    expect(screen.getByTestId('studio-description-counter')).toHaveTextContent(
      'Too long: at most 2,000 characters (2,001 here). Shorten it to save.',
    );
    expect(description).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(screen.getByTestId('studio-save'));
    expect(await screen.findByTestId('studio-error')).toHaveTextContent(
      'The field “Short description” is too long: at most 2,000 characters (2,001 here).',
    );
    expect(inputsOf('SetFriendDetails')).toHaveLength(0);
  });

  it('delete asks first (450 px dialog), then DeleteFriend and back to /main', async () => {
    serveStudio({ DeleteFriend: { Error: 0 } });
    const user = userEvent.setup();
    renderStudio('/createdit/holmes');
    await user.click(await screen.findByTestId('studio-delete'));
    expect(await screen.findByTestId('confirm-dialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-cancel'));
    expect(inputsOf('DeleteFriend')).toHaveLength(0);
    await user.click(screen.getByTestId('studio-delete'));
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/main');
    expect(inputsOf('DeleteFriend')).toEqual([{ friendid: 'holmes' }]);
  });

  it('leaving with unsaved changes asks first; "stay" stays, "leave" goes', async () => {
    serveStudio();
    const user = userEvent.setup();
    renderScreen(
      <>
        <Link to="/main">away</Link>
        <StudioScreen />
      </>,
      { route: '/createdit/holmes', path: '/createdit/:friendid?', lang: 'en' },
    );
    await user.type(await screen.findByTestId('studio-name'), 'x');
    await user.click(screen.getByRole('link', { name: 'away' }));
    expect(await screen.findByTestId('confirm-dialog')).toHaveTextContent(
      'You have unsaved changes.',
    );
    await user.click(screen.getByTestId('confirm-cancel'));
    expect(screen.getByTestId('studio-name')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'away' }));
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/main');
  });

  it('leaving a saved, unchanged character without a category reminds in the app, not with the browser question', async () => {
    serveStudio({ GetFriendDetails: { Error: 0, friend: friendFull({ category: 0 }) } });
    const user = userEvent.setup();
    renderScreen(
      <>
        <Link to="/main">away</Link>
        <StudioScreen />
      </>,
      { route: '/createdit/holmes', path: '/createdit/:friendid?', lang: 'en' },
    );
    await screen.findByTestId('studio-name');
    // Nothing is unsaved: a reload or closing the tab is not asked about ("leave page?" with
    // no reason was the defect of issue 16).
    const beforeUnload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(beforeUnload);
    expect(beforeUnload.defaultPrevented).toBe(false);
    await user.click(screen.getByRole('link', { name: 'away' }));
    expect(await screen.findByTestId('confirm-dialog')).toHaveTextContent(
      'No category is selected',
    );
    await user.click(screen.getByTestId('confirm-cancel'));
    // A change makes the browser ask too.
    await user.type(screen.getByTestId('studio-name'), 'x');
    const changed = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(changed);
    expect(changed.defaultPrevented).toBe(true);
  });

  it('nothing changed and a category chosen: leaving is free', async () => {
    serveStudio();
    const user = userEvent.setup();
    renderScreen(
      <>
        <Link to="/main">away</Link>
        <StudioScreen />
      </>,
      { route: '/createdit/holmes', path: '/createdit/:friendid?', lang: 'en' },
    );
    await screen.findByTestId('studio-name');
    await user.click(screen.getByRole('link', { name: 'away' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/main');
  });

  it('the large editor edits the same field', async () => {
    serveStudio();
    const user = userEvent.setup();
    renderStudio('/createdit/holmes');
    await user.click(await screen.findByTestId('studio-background-expand'));
    const big = screen.getByTestId('text-editor-input');
    expect(big).toHaveValue('Baker Street.');
    await user.type(big, ' More.');
    await user.click(screen.getByTestId('text-editor-close'));
    expect(screen.getByTestId('studio-background')).toHaveValue('Baker Street. More.');
  });
});
