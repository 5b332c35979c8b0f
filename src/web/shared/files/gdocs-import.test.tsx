import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { postJson } from '../api/client.ts';
import { NetworkError } from '../api/errors.ts';
import { renderScreen } from '../../test/render.tsx';
import { signIn } from '../../test/sign-in.ts';
import { GdocsImport } from './gdocs-import.tsx';
import { useFakeClock } from '../../test/fake-clock.ts';

vi.mock('../api/client.ts', () => ({ call: vi.fn(), postJson: vi.fn() }));

const LINK = 'https://docs.google.com/document/d/1AbCdEfGhIjKlMnOpQrStUvWxYz/edit';
type Body = { action: string } & Record<string, unknown>;
type Reply = Record<string, unknown> | Error;

/** Answers the Google Docs endpoint per action. */
function serveDocs(answers: Record<string, Reply | ((body: Body) => Reply)>) {
  vi.mocked(postJson).mockImplementation((async (url: string, body: Body) => {
    expect(url).toBe('/api/google-docs');
    const a = answers[body.action];
    const reply = typeof a === 'function' ? a(body) : a;
    if (!reply) throw new Error(`no answer for ${body.action}`);
    if (reply instanceof Error) throw reply;
    return reply;
  }) as never);
}

const bodies = (action: string) =>
  vi
    .mocked(postJson)
    .mock.calls.map(([, body]) => body as Body)
    .filter((b) => b.action === action);

function renderImport(onImported = vi.fn(), lang: 'he' | 'en' = 'en') {
  renderScreen(<GdocsImport friendid="holmes" onImported={onImported} />, { lang });
  return onImported;
}

async function importLink(user: ReturnType<typeof userEvent.setup>, link = LINK, subject = '') {
  await user.type(screen.getByTestId('gdocs-url'), link);
  if (subject) await user.type(screen.getByTestId('gdocs-subject'), subject);
  await user.click(screen.getByTestId('gdocs-import'));
}

describe('Google Docs import', () => {
  beforeEach(() => {
    signIn();
    vi.stubGlobal(
      'open',
      vi.fn(() => ({ opener: {} })),
    );
  });

  it('a link under 10 characters: "please paste a valid Google Docs link", nothing sent', async () => {
    serveDocs({});
    const user = userEvent.setup();
    renderImport(vi.fn(), 'he');
    await importLink(user, 'docs.goo');
    expect(screen.getByTestId('gdocs-message')).toHaveTextContent(
      'נא להדביק קישור תקין ל-Google Docs.',
    );
    expect(postJson).not.toHaveBeenCalled();
  });

  it('opens the approval page, polls every 4 s, then reads the document', async () => {
    let approved = false;
    serveDocs({
      create_auth_url: { Error: 0, auth_url: 'https://accounts.google.com/o/oauth2/auth?x=1' },
      check_auth: () => ({ Error: 0, authorized: approved ? 1 : 0, configured: 1 }),
      read_doc: { Error: 0, num: 4, subject: 'Notes', message: 'ok' },
    });
    const user = useFakeClock();
    const onImported = renderImport();
    await importLink(user, LINK, 'Notes');
    // Wait for what the user sees: the tab opens just before the message is rendered.
    expect(await screen.findByTestId('gdocs-message')).toHaveTextContent('Approve access');
    expect(window.open).toHaveBeenCalledTimes(1);
    expect(window.open).toHaveBeenCalledWith(
      'https://accounts.google.com/o/oauth2/auth?x=1',
      '_blank',
    );
    const first = bodies('check_auth').length; // the look before opening the tab
    await act(() => vi.advanceTimersByTimeAsync(3_900));
    expect(bodies('check_auth')).toHaveLength(first);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(bodies('check_auth')).toHaveLength(first + 1);
    approved = true;
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    await waitFor(() =>
      expect(screen.getByTestId('gdocs-message')).toHaveTextContent(
        'The document was read successfully.',
      ),
    );
    expect(bodies('read_doc')).toEqual([
      {
        action: 'read_doc',
        email: 'dana@example.com',
        friend: 'holmes',
        subject: 'Notes',
        doc_url: LINK,
        lang: 'en',
      },
    ]);
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('gives up after 10 polls (40 s) with "an error occurred"', async () => {
    serveDocs({
      create_auth_url: { Error: 0, auth_url: 'https://accounts.google.com/auth' },
      check_auth: { Error: 0, authorized: 0, configured: 1 },
      read_doc: { Error: 0 },
    });
    const user = useFakeClock();
    renderImport();
    await importLink(user);
    expect(await screen.findByTestId('gdocs-message')).toHaveTextContent('Approve access');
    const first = bodies('check_auth').length;
    for (let i = 1; i <= 10; i++) {
      await act(() => vi.advanceTimersByTimeAsync(4_000));
      expect(bodies('check_auth')).toHaveLength(first + i);
    }
    await waitFor(() =>
      expect(screen.getByTestId('gdocs-message')).toHaveTextContent('An error occurred'),
    );
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(bodies('check_auth')).toHaveLength(first + 10);
    expect(bodies('read_doc')).toHaveLength(0);
  });

  it('Google not configured: the server explains, and a public link is read anyway', async () => {
    serveDocs({
      create_auth_url: { Error: 13, Errstr: 'Google accounts are not configured (server).' },
      read_doc: { Error: 0, num: 1 },
    });
    const user = userEvent.setup();
    renderImport();
    await importLink(user);
    expect(await screen.findByTestId('gdocs-note')).toHaveTextContent(
      'Google accounts are not configured (server).',
    );
    await waitFor(() =>
      expect(screen.getByTestId('gdocs-message')).toHaveTextContent(
        'The document was read successfully.',
      ),
    );
    expect(window.open).not.toHaveBeenCalled();
  });

  it('the spec messages for failures', async () => {
    const user = userEvent.setup();
    renderImport();
    serveDocs({ create_auth_url: new NetworkError('offline') });
    await importLink(user);
    expect(await screen.findByTestId('gdocs-message')).toHaveTextContent('Communication error');

    serveDocs({ create_auth_url: { Error: 1 } });
    await user.click(screen.getByTestId('gdocs-import'));
    await waitFor(() =>
      expect(screen.getByTestId('gdocs-message')).toHaveTextContent('An error occurred.'),
    );

    serveDocs({ create_auth_url: { Error: 13 }, read_doc: { Error: 5 } });
    await user.click(screen.getByTestId('gdocs-import'));
    await waitFor(() =>
      expect(screen.getByTestId('gdocs-message')).toHaveTextContent('Error reading the document.'),
    );

    serveDocs({ create_auth_url: { Error: 13 }, read_doc: new NetworkError('offline') });
    await user.click(screen.getByTestId('gdocs-import'));
    await waitFor(() =>
      expect(screen.getByTestId('gdocs-message')).toHaveTextContent(
        'Communication error reading Google Docs.',
      ),
    );
  });
});
