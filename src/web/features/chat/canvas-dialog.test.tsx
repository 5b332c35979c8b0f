import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { CanvasDialog } from './canvas-dialog.tsx';

vi.mock('../../shared/api/client.ts', () => ({ call: vi.fn() }));

function open() {
  answerCalls({
    GetCanvas: { Error: 0, canvas: 'draft 2', backup: 'draft 1' },
    UpdateCanvas: (i) => ({ Error: 0, canvas: i.contents, backup: 'draft 2' }),
  });
  const onClose = vi.fn();
  renderScreen(<CanvasDialog onClose={onClose} friendid="vered" subject="Plan" />, {
    lang: 'en',
  });
  return { onClose, user: userEvent.setup() };
}

const close = () => screen.getByRole('button', { name: 'Close' });

describe('CanvasDialog', () => {
  it("shows the subject's canvas; the toggle shows the backup and says so in the title", async () => {
    const { user } = open();
    expect(await screen.findByTestId('canvas-text')).toHaveValue('draft 2');
    expect(inputsOf('GetCanvas')[0]).toEqual({ friendid: 'vered', subject: 'Plan' });
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Canvas');
    await user.click(screen.getByTestId('canvas-backup-toggle'));
    expect(screen.getByTestId('canvas-text')).toHaveValue('draft 1');
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Canvas (backup)');
    await user.click(screen.getByTestId('canvas-backup-toggle'));
    expect(screen.getByTestId('canvas-text')).toHaveValue('draft 2');
  });

  it('closing saves the text shown', async () => {
    const { user, onClose } = open();
    const text = await screen.findByTestId('canvas-text');
    await user.type(text, ' and more');
    await user.click(close());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(inputsOf('UpdateCanvas')).toEqual([
      { friendid: 'vered', subject: 'Plan', contents: 'draft 2 and more' },
    ]);
  });

  it('closing while the backup is shown restores the backup', async () => {
    const { user, onClose } = open();
    await screen.findByTestId('canvas-text');
    await user.click(screen.getByTestId('canvas-backup-toggle'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(inputsOf('UpdateCanvas')).toEqual([
      { friendid: 'vered', subject: 'Plan', contents: 'draft 1' },
    ]);
  });

  it('closing an unchanged canvas saves nothing', async () => {
    const { user, onClose } = open();
    await screen.findByTestId('canvas-text');
    await user.click(close());
    expect(onClose).toHaveBeenCalled();
    expect(inputsOf('UpdateCanvas')).toHaveLength(0);
  });
});
