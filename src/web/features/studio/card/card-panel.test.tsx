import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { emptyForm, type FriendForm } from '../form.ts';
import { useStudioForm } from '../hooks/use-studio-form.ts';
import { CardPanel } from './card-panel.tsx';

/** The panel on a real studio form; `seen` always holds the form's latest values. */
function renderPanel(initial: Partial<FriendForm>, lang: 'he' | 'en' = 'en') {
  const seen: { values: FriendForm } = { values: { ...emptyForm(), ...initial } };
  function Harness() {
    const form = useStudioForm(seen.values, true);
    seen.values = form.values;
    return <CardPanel form={form} />;
  }
  renderScreen(<Harness />, { lang });
  return seen;
}

describe('the studio card panel', () => {
  it('shows an imported card: its free tags, creator, version and note, editable', async () => {
    const user = userEvent.setup();
    const seen = renderPanel({
      friendname: 'Captain Nemo',
      tags: ['Submarines', 'Adventure'],
      card_creator: 'Jules',
      card_version: '1.2',
      note: 'Speak of the sea as {{user}} listens.',
      note_depth: 2,
    });
    const panel = screen.getByTestId('studio-card');
    expect(within(panel).getByText('Submarines')).toBeInTheDocument();
    expect(within(panel).getByText('Adventure')).toBeInTheDocument();
    expect(screen.getByTestId('studio-card-creator')).toHaveValue('Jules');
    expect(screen.getByTestId('studio-card-version')).toHaveValue('1.2');
    // The macros stay as written: they are replaced where text reaches a reader or the model.
    expect(screen.getByTestId('studio-note')).toHaveValue('Speak of the sea as {{user}} listens.');
    expect(screen.getByLabelText('Depth (messages from the end)')).toHaveValue('2');

    await user.type(screen.getByTestId('studio-tags'), 'Pirates{Enter}');
    expect(seen.values.tags).toEqual(['Submarines', 'Adventure', 'Pirates']);
    await user.clear(screen.getByTestId('studio-card-creator'));
    await user.type(screen.getByTestId('studio-card-creator'), 'J. Verne');
    expect(seen.values.card_creator).toBe('J. Verne');
  });

  it('adds a lorebook named after the character, an entry with its keys beside its text, and removes them', async () => {
    const user = userEvent.setup();
    const seen = renderPanel({ friendname: 'Captain Nemo' });
    expect(screen.getByText('This character has no lorebook.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a lorebook' }));
    expect(screen.getByTestId('studio-book-name')).toHaveValue('Captain Nemo');
    const entry = screen.getByTestId('studio-lore-entry');
    await user.type(within(entry).getByTestId('studio-lore-keys'), 'Nautilus{Enter}');
    await user.type(within(entry).getByLabelText('Text'), 'It runs on electricity.');
    expect(seen.values.lorebook?.entries).toMatchObject([
      { keys: ['Nautilus'], content: 'It runs on electricity.', enabled: true },
    ]);
    await user.click(screen.getByRole('button', { name: 'Add an entry' }));
    expect(screen.getAllByTestId('studio-lore-entry')).toHaveLength(2);
    expect(screen.getByText('Entries (2)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove the lorebook' }));
    expect(seen.values.lorebook).toBeNull();
    expect(screen.queryByTestId('studio-lore-entry')).not.toBeInTheDocument();
  });

  it('speaks Hebrew', () => {
    renderPanel({ friendname: 'קפטן נמו', tags: ['צוללות'] }, 'he');
    expect(screen.getByText('תגיות חופשיות')).toBeInTheDocument();
    expect(screen.getByText('לדמות הזו אין ספר ידע.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'הוספת ספר ידע' })).toBeInTheDocument();
    expect(within(screen.getByTestId('studio-card')).getByText('צוללות')).toBeInTheDocument();
  });
});
