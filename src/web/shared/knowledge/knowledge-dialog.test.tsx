import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { signIn } from '../../test/sign-in.ts';
import { KnowledgeDialog } from './knowledge-dialog.tsx';

vi.mock('../api/client.ts', () => ({ call: vi.fn() }));

const subjects = [
  { num: 1, subject: 'Family', tm: '2025-03-07 09:05:00' },
  { num: 2, subject: 'Cases', tm: '2025-03-08 10:00:00' },
];

function renderDialog() {
  return renderScreen(
    <KnowledgeDialog opened onClose={() => {}} friendid="holmes" friendname="Holmes" />,
    { lang: 'en' },
  );
}

describe('knowledge dialog', () => {
  beforeEach(signIn);

  it('lists the subjects; view and edit one', async () => {
    answerCalls({
      GetKnowlegeSubjects: { Error: 0, subjects },
      GetSetKnowledge: (i) =>
        i.contents === undefined
          ? { Error: 0, num: 2, subject: 'Cases', contents: 'The hound.', tm: '' }
          : { Error: 0, num: 2, subject: String(i.subject), contents: String(i.contents), tm: '' },
    });
    const user = userEvent.setup();
    renderDialog();
    const rows = await screen.findAllByTestId('knowledge-row');
    expect(rows.map((r) => r.getAttribute('data-num'))).toEqual(['1', '2']);
    expect(rows[1]).toHaveTextContent('Cases');
    await user.click(screen.getAllByTestId('knowledge-edit')[1]!);
    expect(await screen.findByTestId('knowledge-contents')).toHaveValue('The hound.');
    expect(inputsOf('GetSetKnowledge')[0]).toEqual({ friendid: 'holmes', num: 2 });
    await user.type(screen.getByTestId('knowledge-contents'), ' Of the Baskervilles.');
    await user.click(screen.getByTestId('knowledge-save'));
    await waitFor(() => expect(screen.getAllByTestId('knowledge-row')).toHaveLength(2));
    expect(inputsOf('GetSetKnowledge')[1]).toEqual({
      friendid: 'holmes',
      num: 2,
      subject: 'Cases',
      contents: 'The hound. Of the Baskervilles.',
    });
  });

  it('adds a new subject (no num); subject and contents are required', async () => {
    answerCalls({
      GetKnowlegeSubjects: { Error: 0, subjects: [] },
      GetSetKnowledge: { Error: 0, num: 3, subject: 'Violin', contents: 'x', tm: '' },
    });
    const user = userEvent.setup();
    renderDialog();
    expect(await screen.findByTestId('knowledge-empty')).toBeInTheDocument();
    await user.click(screen.getByTestId('knowledge-new'));
    await user.click(screen.getByTestId('knowledge-save'));
    expect(screen.getByTestId('knowledge-error')).toHaveTextContent('Enter a subject.');
    await user.type(screen.getByTestId('knowledge-subject'), 'Violin');
    await user.type(screen.getByTestId('knowledge-contents'), 'He plays a Stradivarius.');
    await user.click(screen.getByTestId('knowledge-save'));
    await waitFor(() =>
      expect(inputsOf('GetSetKnowledge')).toEqual([
        { friendid: 'holmes', subject: 'Violin', contents: 'He plays a Stradivarius.' },
      ]),
    );
    expect(await screen.findByTestId('knowledge-new')).toBeInTheDocument();
  });

  it('deletes after confirming', async () => {
    answerCalls({
      GetKnowlegeSubjects: { Error: 0, subjects },
      DelKnowledgeManual: { Error: 0 },
    });
    const user = userEvent.setup();
    renderDialog();
    await user.click((await screen.findAllByTestId('knowledge-delete'))[0]!);
    expect(screen.getByTestId('confirm-dialog')).toHaveTextContent('Family');
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(inputsOf('DelKnowledgeManual')).toEqual([{ friendid: 'holmes', num: 1 }]),
    );
  });
});
