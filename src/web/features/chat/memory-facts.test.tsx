import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { DetailsDialog } from './details-dialog.tsx';
import type { FactSource } from './memory-facts.tsx';

vi.mock('../../shared/api/client.ts', () => ({ call: vi.fn() }));

type Fact = {
  id: number;
  text: string;
  messageid: number | null;
  subject: string | null;
  tm: string;
};

function serve(start: Fact[]) {
  let facts = [...start];
  answerCalls({
    GetMemoryFacts: () => ({ Error: 0, facts }),
    SetMemoryFact: (i) => {
      if (String(i.text).includes('refuse')) return { Error: 1, Errstr: 'Too long (server).' };
      facts = facts.map((f) => (f.id === i.id ? { ...f, text: String(i.text) } : f));
      return { Error: 0, facts };
    },
    DelMemoryFact: (i) => {
      facts = facts.filter((f) => f.id !== i.id);
      return { Error: 0, facts };
    },
    GetSetMemory: () => ({ Error: 0, memory: facts.map((f) => `- ${f.text}`).join('\n') }),
  });
}

const FACTS: Fact[] = [
  {
    id: 7,
    text: 'Dana is a nurse in Haifa.',
    messageid: 41,
    subject: 'Work',
    tm: '2025-01-02 10:00:00',
  },
  {
    id: 8,
    text: 'דנה אוהבת את Sherlock Holmes.',
    messageid: null,
    subject: null,
    tm: '2025-01-03 11:00:00',
  },
];

function open(lang: 'he' | 'en', onJump = vi.fn<(s: FactSource) => void>()) {
  renderScreen(
    <DetailsDialog
      opened
      initialMode="memory"
      onClose={() => {}}
      friendid="holmes"
      friendname="Sherlock Holmes"
      onJump={onJump}
    />,
    { lang },
  );
  return onJump;
}

describe('the memory as a list of facts', () => {
  it('lists the facts; one learned from a message jumps to it', async () => {
    serve(FACTS);
    const onJump = open('en');
    const items = await screen.findAllByTestId('memory-fact');
    expect(items.map((i) => within(i).getByTestId('memory-fact-text').textContent)).toEqual([
      'Dana is a nurse in Haifa.',
      'דנה אוהבת את Sherlock Holmes.',
    ]);
    expect(within(items[0]!).getByTestId('memory-fact-text')).toHaveAttribute('dir', 'auto');
    // Typed by the reader: no source to jump to, and it says so.
    expect(within(items[1]!).queryByTestId('memory-fact-jump')).toBeNull();
    expect(items[1]).toHaveTextContent('Added by you');
    await userEvent.click(within(items[0]!).getByTestId('memory-fact-jump'));
    expect(onJump).toHaveBeenCalledWith({ id: 41, subject: 'Work' });
  });

  it('corrects a fact inline (Enter saves) and says so', async () => {
    const user = userEvent.setup();
    serve(FACTS);
    open('he');
    const [first] = await screen.findAllByTestId('memory-fact');
    await user.click(within(first!).getByTestId('memory-fact-edit'));
    const input = screen.getByTestId('memory-fact-input');
    expect(input).toHaveValue('Dana is a nurse in Haifa.');
    await user.clear(input);
    await user.type(input, 'Dana is a doctor in Haifa.{Enter}');
    await waitFor(() =>
      expect(screen.getAllByTestId('memory-fact-text')[0]).toHaveTextContent(
        'Dana is a doctor in Haifa.',
      ),
    );
    expect(inputsOf('SetMemoryFact')).toEqual([
      { friendid: 'holmes', id: 7, text: 'Dana is a doctor in Haifa.' },
    ]);
    expect(screen.getByTestId('memory-facts-message')).toHaveTextContent('העובדה תוקנה.');
  });

  it('Escape leaves a correction unsent; a refused one shows the reason and stays open', async () => {
    const user = userEvent.setup();
    serve(FACTS);
    open('en');
    const [first] = await screen.findAllByTestId('memory-fact');
    await user.click(within(first!).getByTestId('memory-fact-edit'));
    await user.type(screen.getByTestId('memory-fact-input'), ' more{Escape}');
    expect(screen.queryByTestId('memory-fact-input')).toBeNull();
    expect(inputsOf('SetMemoryFact')).toHaveLength(0);
    await user.click(
      within(screen.getAllByTestId('memory-fact')[0]!).getByTestId('memory-fact-edit'),
    );
    await user.type(screen.getByTestId('memory-fact-input'), ' refuse');
    await user.click(screen.getByTestId('memory-fact-save'));
    expect(await screen.findByTestId('memory-facts-error')).toHaveTextContent('Too long (server).');
    expect(screen.getByTestId('memory-fact-input')).toBeInTheDocument();
  });

  it('deletes a fact; the last one gone leaves the empty note', async () => {
    const user = userEvent.setup();
    serve([FACTS[0]!]);
    open('en');
    const [first] = await screen.findAllByTestId('memory-fact');
    await user.click(within(first!).getByTestId('memory-fact-delete'));
    expect(await screen.findByTestId('details-empty')).toBeInTheDocument();
    expect(inputsOf('DelMemoryFact')).toEqual([{ friendid: 'holmes', id: 7 }]);
    expect(screen.getByTestId('memory-facts-message')).toHaveTextContent('The fact was deleted.');
  });

  it('the joined text view shows the same memory', async () => {
    const user = userEvent.setup();
    serve(FACTS);
    open('en');
    await screen.findAllByTestId('memory-fact');
    await user.click(screen.getByTestId('memory-view-toggle'));
    await waitFor(() =>
      expect(screen.getByTestId('details-text')).toHaveValue(
        '- Dana is a nurse in Haifa.\n- דנה אוהבת את Sherlock Holmes.',
      ),
    );
    await user.click(screen.getByTestId('memory-view-toggle'));
    expect(await screen.findAllByTestId('memory-fact')).toHaveLength(2);
  });
});
