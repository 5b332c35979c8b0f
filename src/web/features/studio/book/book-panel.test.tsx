import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postForm } from '../../../shared/api/client.ts';
import { inputsOf } from '../../../test/mock-call.ts';
import { friendFull, renderStudio, serveStudio, signIn } from '../test-kit.tsx';

vi.mock('../../../shared/api/client.ts', () => ({
  call: vi.fn(),
  postJson: vi.fn(),
  postForm: vi.fn(),
}));

const fetchMock = vi.fn<typeof fetch>();
/** Answers GET /api/card with `make()`; other requests (the app's config) find nothing. */
const serveCard = (make: () => Response) =>
  fetchMock.mockImplementation(async (url) =>
    String(url).startsWith('/api/card') ? make() : new Response('{}', { status: 404 }),
  );
const cardCalls = () =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/card'));

beforeEach(() => {
  signIn();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:card');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('studio: citations and Character Card export', () => {
  it('the citations switch reads and sets GetSetCitations', async () => {
    serveStudio({
      GetSetCitations: (input) => ({ Error: 0, citations: input.citations ?? 1 }),
    });
    renderStudio('/createdit/holmes');
    const sw = await screen.findByTestId('studio-citations');
    await waitFor(() => expect(sw).toBeChecked());
    await userEvent.click(sw);
    await waitFor(() => expect(sw).not.toBeChecked());
    expect(inputsOf('GetSetCitations').at(-1)).toEqual({ friendid: 'holmes', citations: 0 });
  });

  it('the switch shows the server’s refusal', async () => {
    serveStudio({ GetSetCitations: { Error: 3, Errstr: 'Only editors (server).' } });
    renderStudio('/createdit/holmes');
    expect(await screen.findByTestId('studio-citations-error')).toHaveTextContent(
      'Only editors (server).',
    );
  });

  it('exports a V3 JSON card through GET /api/card and hands it to the downloads', async () => {
    serveStudio();
    serveCard(
      () =>
        new Response('{"spec":"chara_card_v3"}', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="holmes.json"' },
        }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderStudio('/createdit/holmes', 'he');
    await userEvent.click(await screen.findByTestId('studio-export-v3'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(cardCalls()).toEqual(['/api/card?friendid=holmes&format=json&spec=v3&lang=he']);
    const a = click.mock.contexts[0] as HTMLAnchorElement;
    expect(a.download).toBe('holmes.json');
    click.mockRestore();
  });

  it('a refused export shows the server’s reason', async () => {
    serveStudio();
    serveCard(
      () =>
        new Response(JSON.stringify({ Error: 3, Errstr: 'No permission (server).' }), {
          status: 400,
        }),
    );
    renderStudio('/createdit/holmes');
    await userEvent.click(await screen.findByTestId('studio-export-png'));
    expect(await screen.findByTestId('studio-export-error')).toHaveTextContent(
      'No permission (server).',
    );
    expect(cardCalls()[0]).toContain('format=png');
  });
});

describe('studio: Character Card import', () => {
  const pick = (file: File) => {
    const input = screen
      .getByTestId('card-import')
      .querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
  };

  it('imports a card, opens the new character and lists what was lost', async () => {
    serveStudio({
      GetFriendDetails: { Error: 0, friend: friendFull({ friendid: 'seraphina' }) },
    });
    vi.mocked(postForm).mockResolvedValue({
      status: 200,
      text: JSON.stringify({ Error: 0, friendid: 'seraphina', lost: ['Alternate greetings (2)'] }),
    });
    renderStudio('/createdit', 'en');
    await screen.findByTestId('card-import');
    pick(new File(['{"spec":"chara_card_v2"}'], 'seraphina.json', { type: 'application/json' }));
    const report = await screen.findByTestId('card-import-report');
    expect(within(report).getByTestId('card-import-lost')).toHaveTextContent(
      'Alternate greetings (2)',
    );
    expect(await screen.findByTestId('studio-id')).toHaveValue('seraphina');
    const [path, form] = vi.mocked(postForm).mock.calls[0]!;
    expect(path).toBe('/api/card');
    expect((form.get('file') as File).name).toBe('seraphina.json');
    expect(form.get('lang')).toBe('en');
    // Closed, it stays closed.
    await userEvent.click(within(report).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('card-import-report')).toBeNull();
  });

  it('a card that keeps everything says so', async () => {
    serveStudio();
    vi.mocked(postForm).mockResolvedValue({
      status: 200,
      text: JSON.stringify({ Error: 0, friendid: 'holmes', lost: [] }),
    });
    renderStudio('/createdit', 'he');
    await screen.findByTestId('card-import');
    pick(new File(['x'], 'holmes.png', { type: 'image/png' }));
    expect(await screen.findByTestId('card-import-report')).toHaveTextContent('כל מה שבכרטיס נשמר');
  });

  it('a refused card shows the server’s reason and stays', async () => {
    serveStudio();
    vi.mocked(postForm).mockResolvedValue({
      status: 400,
      text: JSON.stringify({ Error: 1, Errstr: 'This PNG has no card in it (server).' }),
    });
    renderStudio('/createdit', 'en');
    await screen.findByTestId('card-import');
    pick(new File(['x'], 'cat.png', { type: 'image/png' }));
    expect(await screen.findByTestId('card-import-error')).toHaveTextContent(
      'This PNG has no card in it (server).',
    );
    expect(screen.getByTestId('studio-id')).toHaveValue('');
  });
});
