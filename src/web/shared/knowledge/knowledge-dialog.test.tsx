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

  it('lists the subjects; the pencil edits one, a save shows it read only', async () => {
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
    expect(await screen.findByTestId('knowledge-view-contents')).toHaveTextContent(
      'The hound. Of the Baskervilles.',
    );
    expect(screen.queryByTestId('knowledge-contents')).not.toBeInTheDocument();
    expect(inputsOf('GetSetKnowledge')[1]).toEqual({
      friendid: 'holmes',
      num: 2,
      subject: 'Cases',
      contents: 'The hound. Of the Baskervilles.',
    });
    await user.click(screen.getByTestId('knowledge-back'));
    expect(await screen.findAllByTestId('knowledge-row')).toHaveLength(2);
  });

  it('a subject opens read only; edit, cancel back to it; delete from it returns to the list', async () => {
    answerCalls({
      GetKnowlegeSubjects: { Error: 0, subjects },
      GetSetKnowledge: {
        Error: 0,
        num: 1,
        subject: 'Family',
        contents: 'Mycroft is his brother.\nמיקרופט הוא אחיו.',
        tm: '2025-03-07 09:05:00',
      },
      DelKnowledgeManual: { Error: 0 },
    });
    const user = userEvent.setup();
    renderDialog();
    await user.click((await screen.findAllByTestId('knowledge-open'))[0]!);
    const view = await screen.findByTestId('knowledge-view');
    expect(view).toHaveTextContent('Family');
    expect(view).toHaveTextContent(/Updated \d\d\/03\/2025/);
    const text = screen.getByTestId('knowledge-view-contents');
    expect(text).toHaveTextContent('Mycroft is his brother. מיקרופט הוא אחיו.');
    expect(text).toHaveAttribute('dir', 'auto');
    expect(screen.queryByTestId('knowledge-contents')).not.toBeInTheDocument();
    expect(inputsOf('GetSetKnowledge')).toEqual([{ friendid: 'holmes', num: 1 }]);

    await user.click(screen.getByTestId('knowledge-view-edit'));
    expect(await screen.findByTestId('knowledge-contents')).toHaveValue(
      'Mycroft is his brother.\nמיקרופט הוא אחיו.',
    );
    await user.click(screen.getByTestId('knowledge-back'));
    expect(await screen.findByTestId('knowledge-view')).toBeInTheDocument();

    await user.click(screen.getByTestId('knowledge-view-delete'));
    expect(await screen.findByTestId('confirm-dialog')).toHaveTextContent('Family');
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(inputsOf('DelKnowledgeManual')).toEqual([{ friendid: 'holmes', num: 1 }]),
    );
    expect(await screen.findByTestId('knowledge-new')).toBeInTheDocument();
    expect(screen.queryByTestId('knowledge-view')).not.toBeInTheDocument();
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
    expect(await screen.findByTestId('knowledge-view')).toHaveAttribute('data-num', '3');
  });

  it('deletes after confirming', async () => {
    answerCalls({
      GetKnowlegeSubjects: { Error: 0, subjects },
      DelKnowledgeManual: { Error: 0 },
    });
    const user = userEvent.setup();
    renderDialog();
    await user.click((await screen.findAllByTestId('knowledge-delete'))[0]!);
    expect(await screen.findByTestId('confirm-dialog')).toHaveTextContent('Family');
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(inputsOf('DelKnowledgeManual')).toEqual([{ friendid: 'holmes', num: 1 }]),
    );
  });
});
