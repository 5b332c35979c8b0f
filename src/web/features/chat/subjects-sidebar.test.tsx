import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { SubjectsSidebar } from './subjects-sidebar.tsx';
import { sameName, useSubjects } from './use-subjects.ts';

vi.mock('../../shared/api/client.ts', () => ({ call: vi.fn() }));

/** A server keeping subjects as ours does: most recent first, names unique ignoring case. */
function serveSubjects(initial: string[]) {
  let subjects = [...initial];
  answerCalls({
    GetSubjects: () => ({ Error: 0, subjects }),
    UpdateSubject: (i) => {
      const to = String(i.newsubject);
      const clash = subjects.find((s) => sameName(s, to));
      if (!i.subject) {
        if (!clash) subjects = [to, ...subjects];
        return { Error: 0, subject: clash ?? to };
      }
      subjects = subjects.map((s) => (s === i.subject ? to : s));
      return { Error: 0, subject: to };
    },
    DelSubject: (i) => {
      subjects = subjects.filter((s) => s !== i.subject);
      return { Error: 0, subjects };
    },
    ForkSubject: (i) => {
      subjects = [String(i.newsubject), ...subjects];
      return { Error: 0, subject: i.newsubject };
    },
  });
}

const onRenamed = vi.fn();

function Harness({ initial, forced = null }: { initial: string; forced?: string | null }) {
  const [current, setCurrent] = useState<string | null>(initial);
  const subjects = useSubjects('holmes', 'en', true);
  if (!subjects.data) return null;
  return (
    <>
      <div data-testid="current">{current}</div>
      <SubjectsSidebar
        friendid="holmes"
        subjects={subjects.data}
        current={current}
        forced={forced}
        disabled={false}
        onSelect={setCurrent}
        onRenamed={(from, to) => {
          onRenamed(from, to);
          if (current === from) setCurrent(to);
        }}
      />
    </>
  );
}

const names = () => screen.getAllByTestId('subject-item').map((li) => li.dataset.subject);
const item = (name: string) =>
  screen.getAllByTestId('subject-item').find((li) => li.dataset.subject === name)!;

async function start(initial = ['General', 'Cases'], current = 'General', forced?: string) {
  serveSubjects(initial);
  const user = userEvent.setup();
  renderScreen(<Harness initial={current} forced={forced ?? null} />, { lang: 'en' });
  await screen.findAllByTestId('subject-item');
  return user;
}

describe('SubjectsSidebar', () => {
  beforeEach(() => onRenamed.mockReset());

  it('lists the subjects and marks the current one', async () => {
    await start();
    expect(names()).toEqual(['General', 'Cases']);
    expect(item('General').dataset.current).toBe('true');
    expect(item('Cases').dataset.current).toBe('false');
  });

  it('a new subject goes on top and becomes current', async () => {
    const user = await start();
    await user.click(screen.getByTestId('subject-new'));
    // Empty, the name field follows the page; typed, the name's own direction.
    expect(screen.getByTestId('subject-new-input')).not.toHaveAttribute('dir');
    await user.type(screen.getByTestId('subject-new-input'), 'מוריארטי');
    expect(screen.getByTestId('subject-new-input')).toHaveAttribute('dir', 'auto');
    await user.clear(screen.getByTestId('subject-new-input'));
    await user.type(screen.getByTestId('subject-new-input'), '  Moriarty {Enter}');
    await waitFor(() => expect(screen.getByTestId('current')).toHaveTextContent('Moriarty'));
    expect(inputsOf('UpdateSubject')).toEqual([{ friendid: 'holmes', newsubject: 'Moriarty' }]);
    expect(names()[0]).toBe('Moriarty');
    expect(item('Moriarty').dataset.current).toBe('true');
  });

  it('an existing name (any case) is just selected, nothing is created', async () => {
    const user = await start();
    await user.click(screen.getByTestId('subject-new'));
    await user.type(screen.getByTestId('subject-new-input'), 'CASES');
    await user.click(screen.getByTestId('subject-new-input-ok'));
    expect(screen.getByTestId('current')).toHaveTextContent('Cases');
    expect(inputsOf('UpdateSubject')).toHaveLength(0);
    expect(names()).toEqual(['General', 'Cases']);
  });

  it('a blank name cannot be confirmed; cancel closes the field', async () => {
    const user = await start();
    await user.click(screen.getByTestId('subject-new'));
    await user.type(screen.getByTestId('subject-new-input'), '   ');
    expect(screen.getByTestId('subject-new-input-ok')).toBeDisabled();
    await user.keyboard('{Enter}');
    await user.click(screen.getByTestId('subject-new-input-cancel'));
    expect(screen.queryByTestId('subject-new-input')).not.toBeInTheDocument();
    expect(inputsOf('UpdateSubject')).toHaveLength(0);
  });

  it('renames in place; the current subject keeps being current under its new name', async () => {
    const user = await start(['General', 'Cases'], 'Cases');
    await user.click(within(item('Cases')).getByTestId('subject-rename'));
    const input = screen.getByTestId('subject-rename-input');
    expect(input).toHaveValue('Cases');
    await user.clear(input);
    await user.type(input, 'Old cases');
    await user.click(screen.getByTestId('subject-rename-input-ok'));
    await waitFor(() => expect(names()).toEqual(['General', 'Old cases']));
    expect(inputsOf('UpdateSubject')).toEqual([
      { friendid: 'holmes', subject: 'Cases', newsubject: 'Old cases' },
    ]);
    expect(onRenamed).toHaveBeenCalledWith('Cases', 'Old cases');
    expect(screen.getByTestId('current')).toHaveTextContent('Old cases');
  });

  it('rename cancelled (Escape) changes nothing', async () => {
    const user = await start();
    await user.click(within(item('Cases')).getByTestId('subject-rename'));
    await user.type(screen.getByTestId('subject-rename-input'), ' more{Escape}');
    expect(screen.queryByTestId('subject-rename-input')).not.toBeInTheDocument();
    expect(names()).toEqual(['General', 'Cases']);
    expect(inputsOf('UpdateSubject')).toHaveLength(0);
  });

  it('delete asks first; confirmed, the list is reloaded and the first subject selected', async () => {
    const user = await start(['General', 'Cases', 'Moriarty'], 'Cases');
    await user.click(within(item('Cases')).getByTestId('subject-delete'));
    expect(await screen.findByTestId('confirm-message')).toHaveTextContent('Cases');
    await user.click(screen.getByTestId('confirm-cancel'));
    expect(inputsOf('DelSubject')).toHaveLength(0);

    const before = inputsOf('GetSubjects').length;
    await user.click(within(item('Cases')).getByTestId('subject-delete'));
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(names()).toEqual(['General', 'Moriarty']));
    expect(inputsOf('DelSubject')).toEqual([{ friendid: 'holmes', subject: 'Cases' }]);
    expect(inputsOf('GetSubjects').length).toBeGreaterThan(before);
    expect(screen.getByTestId('current')).toHaveTextContent('General');
  });

  it('fork copies a subject under a free name; it goes on top, the current one stays', async () => {
    const user = await start(['General', 'General (copy)']);
    await user.click(within(item('General')).getByTestId('subject-fork'));
    await waitFor(() => expect(names()[0]).toBe('General (copy 2)'));
    expect(inputsOf('ForkSubject')).toEqual([
      { friendid: 'holmes', subject: 'General', newsubject: 'General (copy 2)' },
    ]);
    expect(screen.getByTestId('current')).toHaveTextContent('General');
  });

  it("the route's forced subject is listed first", async () => {
    await start(['General', 'Cases', 'alice'], 'alice', 'alice');
    expect(names()).toEqual(['alice', 'General', 'Cases']);
  });

  it("the server's refusal is shown", async () => {
    const user = await start();
    answerCalls({
      GetSubjects: { Error: 0, subjects: ['General', 'Cases'] },
      ForkSubject: { Error: 9, Errstr: 'This item already exists.' },
    });
    await user.click(within(item('Cases')).getByTestId('subject-fork'));
    expect(await screen.findByTestId('subject-error')).toHaveTextContent('already exists');
  });

  it('analyses a subject in a dialog; a failure says so and can be asked again', async () => {
    const user = await start();
    let calls = 0;
    answerCalls({
      GetSubjects: { Error: 0, subjects: ['General', 'Cases'] },
      AnalyzeConversationSubject: () =>
        ++calls === 1
          ? { Error: 16, Errstr: 'The model could not answer.' }
          : { Error: 0, analysis: '**Topics:** the Baskerville case.' },
    });
    await user.click(within(item('Cases')).getByTestId('subject-analyze'));
    expect(await screen.findByTestId('analysis-error')).toHaveTextContent(
      'The model could not answer.',
    );
    expect(inputsOf('AnalyzeConversationSubject')).toEqual([
      { friendid: 'holmes', subject: 'Cases', lang: 'en' },
    ]);
    await user.click(screen.getByTestId('analysis-again'));
    const text = await screen.findByTestId('analysis-text');
    expect(text).toHaveTextContent('Topics: the Baskerville case.');
    expect(within(text).getByText('Topics:').tagName).toBe('STRONG');
  });
});
