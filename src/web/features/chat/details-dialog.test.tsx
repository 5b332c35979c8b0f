import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { DetailsDialog } from './details-dialog.tsx';
import type { DetailsMode } from './use-details.ts';
import { useFakeClock } from '../../test/fake-clock.ts';

vi.mock('../../shared/api/client.ts', () => ({ call: vi.fn() }));

function serve({ memory = '' } = {}) {
  let general = 'I am a nurse in Haifa.';
  let forFriend = 'Call me Doctor.';
  let mem = memory;
  answerCalls({
    GetSetSelf: (i) => {
      if (i.friendid) {
        if (typeof i.notes === 'string') forFriend = i.notes;
        return { Error: 0, notes: forFriend };
      }
      if (typeof i.notes === 'string') general = i.notes;
      return { Error: 0, notes: general };
    },
    GetSetMemory: (i) => {
      if (i.set === 1 && typeof i.memory === 'string') mem = i.memory;
      return { Error: 0, memory: mem };
    },
    GetMemoryFacts: () => ({
      Error: 0,
      facts: mem
        ? [
            {
              id: 1,
              text: mem.replace(/^- /, ''),
              messageid: null,
              subject: null,
              tm: '2025-01-02 10:00:00',
            },
          ]
        : [],
    }),
  });
}

function open(mode: DetailsMode = 'general') {
  return renderScreen(
    <DetailsDialog
      opened
      initialMode={mode}
      onClose={() => {}}
      friendid="holmes"
      friendname="Sherlock Holmes"
    />,
    { lang: 'en' },
  );
}

describe('DetailsDialog', () => {
  it('general notes: loaded without a character, saved, and the message goes after 4 s', async () => {
    const user = useFakeClock();
    serve();
    open('general');
    const text = await screen.findByTestId('details-text');
    expect(text).toHaveValue('I am a nurse in Haifa.');
    // The text's own direction, on the textarea itself (not on Mantine's wrapper).
    expect(text).toHaveAttribute('dir', 'auto');
    expect(inputsOf('GetSetSelf')[0]).toEqual({});
    await user.clear(text);
    expect(text).not.toHaveAttribute('dir');
    await user.type(text, 'I am a doctor.');
    await user.click(screen.getByTestId('details-save'));
    await waitFor(() =>
      expect(screen.getByTestId('details-message')).toHaveTextContent('Your details were updated.'),
    );
    expect(inputsOf('GetSetSelf').at(-1)).toEqual({ notes: 'I am a doctor.' });
    act(() => vi.advanceTimersByTime(3800));
    expect(screen.getByTestId('details-message')).toHaveTextContent('updated');
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByTestId('details-message')).toBeEmptyDOMElement();
  });

  it('per-character notes go with the character', async () => {
    const user = userEvent.setup();
    serve();
    open('general');
    await screen.findByTestId('details-text');
    await user.click(screen.getByTestId('details-mode-friend'));
    await waitFor(() => expect(screen.getByTestId('details-text')).toHaveValue('Call me Doctor.'));
    expect(inputsOf('GetSetSelf').at(-1)).toEqual({ friendid: 'holmes' });
    await user.type(screen.getByTestId('details-text'), ' Please.');
    await user.click(screen.getByTestId('details-save'));
    await waitFor(() => expect(screen.getByTestId('details-message')).toHaveTextContent('updated'));
    expect(inputsOf('GetSetSelf').at(-1)).toEqual({
      friendid: 'holmes',
      notes: 'Call me Doctor. Please.',
    });
  });

  it('memory: an empty memory explains itself; saving sends set 1 and says "memory updated"', async () => {
    const user = userEvent.setup();
    serve({ memory: '' });
    open('memory');
    expect(await screen.findByTestId('details-empty')).toHaveTextContent(
      'There is no information about you yet; it updates automatically during the conversation.',
    );
    expect(inputsOf('GetMemoryFacts')[0]).toEqual({ friendid: 'holmes' });
    // The list of facts first; the joined text is one click away, as it was.
    await user.click(screen.getByTestId('memory-view-toggle'));
    await screen.findByTestId('details-text');
    expect(inputsOf('GetSetMemory')[0]).toEqual({ friendid: 'holmes' });
    await user.type(screen.getByTestId('details-text'), 'Likes violins.');
    expect(screen.queryByTestId('details-empty')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('details-save'));
    await waitFor(() =>
      expect(screen.getByTestId('details-message')).toHaveTextContent('The memory was updated.'),
    );
    expect(inputsOf('GetSetMemory').at(-1)).toEqual({
      friendid: 'holmes',
      memory: 'Likes violins.',
      set: 1,
    });
  });

  it('a memory with content shows it and no hint', async () => {
    const user = userEvent.setup();
    serve({ memory: '- Dana is a nurse.' });
    open('general');
    await screen.findByTestId('details-text');
    await user.click(screen.getByTestId('details-mode-memory'));
    expect(await screen.findByTestId('memory-fact-text')).toHaveTextContent('Dana is a nurse.');
    await user.click(screen.getByTestId('memory-view-toggle'));
    await waitFor(() =>
      expect(screen.getByTestId('details-text')).toHaveValue('- Dana is a nurse.'),
    );
    expect(screen.queryByTestId('details-empty')).not.toBeInTheDocument();
  });
});
