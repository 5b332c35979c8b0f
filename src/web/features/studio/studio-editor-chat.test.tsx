import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStudio, serveStudio, signIn } from './test-kit.tsx';

vi.mock('../../shared/api/client.ts', () => ({
  call: vi.fn(),
  postJson: vi.fn(),
  postForm: vi.fn(),
}));

/** window.open answering a window, or null as a popup blocker does. */
function stubOpen(blocked: boolean) {
  const open = vi.fn(() => (blocked ? null : ({} as Window)));
  vi.stubGlobal('open', open);
  return open;
}

describe('studio: work on the character with the editor', () => {
  beforeEach(signIn);

  it('opens /chat/sharoneditor/<id> in a popup window and stays in the studio', async () => {
    serveStudio();
    const open = stubOpen(false);
    const user = userEvent.setup();
    renderStudio('/createdit/holmes');
    await user.click(await screen.findByTestId('studio-editor-chat'));
    expect(open).toHaveBeenCalledTimes(1);
    const [url, name, features] = open.mock.calls[0] as unknown as [string, string, string];
    expect(url).toBe('/chat/sharoneditor/holmes');
    expect(name).toBe('sharoneditor');
    expect(features).toMatch(/^popup,/);
    expect(screen.getByTestId('studio-name')).toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('a blocked popup: the editor chat opens in this tab instead', async () => {
    serveStudio();
    const open = stubOpen(true);
    const user = userEvent.setup();
    renderStudio('/createdit/holmes', 'he');
    await user.click(await screen.findByTestId('studio-editor-chat'));
    expect(open).toHaveBeenCalledWith(
      '/chat/sharoneditor/holmes',
      'sharoneditor',
      expect.any(String),
    );
    expect(await screen.findByTestId('location')).toHaveTextContent('/chat/sharoneditor/holmes');
  });

  it('blocked with unsaved changes: asks before leaving the studio', async () => {
    serveStudio();
    stubOpen(true);
    const user = userEvent.setup();
    renderStudio('/createdit/holmes');
    await user.type(await screen.findByTestId('studio-name'), 'x');
    await user.click(screen.getByTestId('studio-editor-chat'));
    expect(await screen.findByTestId('confirm-dialog')).toHaveTextContent(
      'You have unsaved changes.',
    );
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByTestId('location')).toHaveTextContent('/chat/sharoneditor/holmes');
  });

  it('only for users who may create characters (canadd), and only once the character exists', async () => {
    serveStudio({ AllowAdd: { Error: 0, canadd: 0, imgedit: 0 } });
    const { queryClient } = renderStudio('/createdit/holmes');
    await screen.findByTestId('studio-name');
    // The answer is in; the query tells its screens in a timeout of 0, so one more turn of the
    // event loop has it on screen before we look.
    await waitFor(() =>
      expect(queryClient.getQueryState(['allowAdd', 'dana@example.com'])?.status).toBe('success'),
    );
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(screen.queryByTestId('studio-editor-chat')).not.toBeInTheDocument();
  });

  it('a new character has no editor chat yet', async () => {
    serveStudio();
    renderStudio('/createdit');
    await screen.findByTestId('studio-id');
    expect(screen.queryByTestId('studio-editor-chat')).not.toBeInTheDocument();
  });
});
