import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionOutput } from '../../../protocol/registry.ts';
import { call } from '../../shared/api/client.ts';
import { useFakeClock } from '../../test/fake-clock.ts';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { signIn } from '../../test/sign-in.ts';
import StatsScreen from './stats-screen.tsx';

vi.mock('../../shared/api/client.ts', () => ({
  call: vi.fn(),
  postJson: vi.fn(),
  postForm: vi.fn(),
}));

type Stat = ActionOutput<'friendstat'>;

const stat = (more: Partial<Stat> = {}): Stat & { Error: 0 } => ({
  Error: 0,
  FriendName: 'Sherlock Holmes',
  Image: '/friends/holmes.svg',
  TotalMessages: 1234,
  TotalUsers: 2,
  Conversations: 3,
  Users: [],
  UsersHidden: true,
  Analysis: { summery: '', MainTopics: [], EmotionalTone: [], Inconsitensies: [] },
  AnalysisState: 'none',
  AnalyzedAt: '',
  AnalyzedMessages: 0,
  PerDay: [
    { day: '2026-11-17', messages: 2 },
    { day: '2026-11-24', messages: 3 },
  ],
  PerWeek: [{ week: '2026-11-23', users: 2 }],
  CostPerDay: [{ day: '2026-11-24', cost: 0.0125 }],
  ...more,
});

const READY = stat({
  UsersHidden: false,
  Users: ['anna@example.com', 'ben@example.com'],
  AnalysisState: 'ready',
  AnalyzedAt: '2026-11-25 09:00:00',
  AnalyzedMessages: 5,
  Analysis: {
    summery: '<p>Readers ask about <b>cases</b>.</p><img src=x onerror="alert(1)">',
    MainTopics: ['Deduction', 'Baker Street'],
    EmotionalTone: ['Curious'],
    Inconsitensies: [],
  },
});

const route = { route: '/stat/holmes', path: '/stat/:friendid' };

describe('analytics screen', () => {
  beforeEach(signIn);

  it('shows a loader, then the counts, the plots and the users hidden', async () => {
    let answerNow!: (v: unknown) => void;
    // The screen's own call waits; the page view it counts meanwhile is answered at once.
    vi.mocked(call).mockImplementation(((action: string) =>
      action === 'TrackPageView'
        ? Promise.resolve({ Error: 0 })
        : new Promise((r) => (answerNow = r))) as unknown as typeof call);
    renderScreen(<StatsScreen />, { lang: 'en', ...route });
    expect(await screen.findByRole('status')).toBeInTheDocument();
    answerNow(stat());
    expect(await screen.findByTestId('stats-screen')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Analysis of conversations with: Sherlock Holmes',
    );
    expect(screen.getByTestId('count-conversations')).toHaveTextContent('3');
    expect(screen.getByTestId('count-messages')).toHaveTextContent('1,234');
    expect(screen.getByTestId('count-users')).toHaveTextContent('2');
    expect(screen.getByTestId('users-hidden')).toHaveTextContent('are not shown');
    expect(screen.queryByTestId('users-list')).toBeNull();
    expect(screen.getByTestId('analysis')).toHaveTextContent('Not analyzed yet.');
    expect(vi.mocked(call).mock.calls[0]).toEqual([
      'friendstat',
      { friendid: 'holmes', lang: 'en' },
    ]);
  });

  it('in Hebrew, with no conversations yet', async () => {
    answerCalls({
      friendstat: stat({
        FriendName: 'שרלוק הולמס',
        TotalMessages: 0,
        TotalUsers: 0,
        Conversations: 0,
        UsersHidden: false,
        Users: [],
        PerDay: [],
        PerWeek: [],
        CostPerDay: [],
      }),
    });
    renderScreen(<StatsScreen />, { lang: 'he', ...route });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'ניתוח שיחות עם: שרלוק הולמס',
    );
    expect(screen.getByTestId('count-messages')).toHaveTextContent('סך ההודעות');
    expect(screen.getAllByText('אין עדיין שיחות.')).toHaveLength(3);
    expect(screen.getByTestId('analysis')).toHaveTextContent('עדיין לא נותח.');
  });

  it('shows the server’s refusal', async () => {
    answerCalls({
      friendstat: { Error: 3, Errstr: 'Only the character’s editors may see its analytics.' },
    });
    renderScreen(<StatsScreen />, { lang: 'en', ...route });
    expect(await screen.findByTestId('stats-error')).toHaveTextContent(
      'Only the character’s editors may see its analytics.',
    );
  });

  it('shows who (to the global privilege) and the analysis, sanitised, with every list', async () => {
    answerCalls({ friendstat: READY });
    renderScreen(<StatsScreen />, { lang: 'en', ...route });
    const summary = await screen.findByTestId('analysis-summary');
    expect(screen.getByTestId('users-list')).toHaveTextContent('anna@example.com, ben@example.com');
    expect(summary.innerHTML).toContain('<b>cases</b>');
    expect(summary.innerHTML).not.toContain('onerror');
    expect(screen.getByTestId('analysis')).toHaveTextContent('from 5 messages');
    const topics = within(screen.getByTestId('analysis-topics')).getAllByRole('listitem');
    expect(topics.map((li) => li.textContent)).toEqual(['Deduction', 'Baker Street']);
    expect(screen.getByTestId('analysis-tone')).toHaveTextContent('Curious');
    expect(screen.getByTestId('analysis-inconsistencies')).toHaveTextContent('None found.');
  });

  it('an analysis asked again shows the server’s error when it is refused', async () => {
    answerCalls({
      friendstat: stat(),
      AnalyzeFriendStats: { Error: 7, Errstr: 'The analysis could not start: no credits.' },
    });
    const user = userEvent.setup();
    renderScreen(<StatsScreen />, { lang: 'en', ...route });
    await user.click(await screen.findByTestId('analyze'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The analysis could not start: no credits.',
    );
    expect(inputsOf('AnalyzeFriendStats')).toEqual([{ friendid: 'holmes', lang: 'en' }]);
  });

  it('while the analysis is computed the screen asks again until it is ready', async () => {
    const user = useFakeClock();
    let state: 'none' | 'pending' | 'ready' = 'none';
    answerCalls({
      friendstat: () => (state === 'ready' ? READY : stat({ AnalysisState: state })),
      AnalyzeFriendStats: () => {
        state = 'pending';
        return { Error: 0, AnalysisState: 'pending' };
      },
    });
    renderScreen(<StatsScreen />, { lang: 'en', ...route });
    await user.click(await screen.findByTestId('analyze'));
    expect(await screen.findByTestId('analysis-pending')).toHaveTextContent(
      'Analyzing the conversations…',
    );
    const asked = inputsOf('friendstat').length;
    state = 'ready';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(await screen.findByTestId('analysis-summary')).toHaveTextContent('Readers ask about');
    expect(inputsOf('friendstat').length).toBeGreaterThan(asked);
    await waitFor(() => expect(screen.queryByTestId('analysis-pending')).toBeNull());
  });

  it('a failed analysis says so in the screen language and offers to try again', async () => {
    const user = userEvent.setup();
    let state: 'failed' | 'pending' = 'failed';
    answerCalls({
      friendstat: () => stat({ AnalysisState: state }),
      AnalyzeFriendStats: () => {
        state = 'pending';
        return { Error: 0, AnalysisState: 'pending' };
      },
    });
    renderScreen(<StatsScreen />, { lang: 'he', ...route });
    const failed = await screen.findByTestId('analysis-failed');
    expect(failed).toHaveTextContent('הניתוח נכשל: לא ניתן היה להשתמש בתשובת המודל.');
    await user.click(screen.getByTestId('analysis-retry'));
    expect(await screen.findByTestId('analysis-pending')).toBeInTheDocument();
    expect(screen.queryByTestId('analysis-failed')).toBeNull();
    expect(inputsOf('AnalyzeFriendStats')).toHaveLength(1);
  });
});
