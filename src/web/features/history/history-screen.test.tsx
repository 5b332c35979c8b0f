import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UserType } from '../../../protocol/constants.ts';
import { storage } from '../../shared/storage/storage.ts';
import { useFakeClock } from '../../test/fake-clock.ts';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { signIn } from '../../test/sign-in.ts';
import HistoryScreen from './history-screen.tsx';

vi.mock('../../shared/api/client.ts', () => ({
  call: vi.fn(),
  postJson: vi.fn(),
  postForm: vi.fn(),
}));

const HISTORY = {
  Error: 0,
  user: 'anna@example.com',
  friendname: 'Sherlock Holmes',
  image: '/friends/holmes.svg',
  subjects: [
    {
      subject: 'Cases',
      chat: [
        {
          id: 1,
          role: 'user',
          tm: '2026-11-24 10:00:00',
          message: 'Who took the pearl?',
          speaker: 'Anna',
          img: null,
          status: 'done',
        },
        {
          id: 2,
          role: 'assistant',
          tm: '2026-11-24 10:00:05',
          message: 'The butler.',
          speaker: 'Sherlock Holmes',
          img: null,
          model: 'fake-model',
          status: 'done',
        },
      ],
    },
  ],
};

const SERVER = {
  GetAllChatEmails: ({ email }: Record<string, unknown>) => ({
    Error: 0,
    emails: ['anna@example.com', 'annette@example.com', 'ben@example.com'].filter((e) =>
      e.startsWith(String(email ?? '')),
    ),
  }),
  GetFriendsChatsForEmail: ({ email }: Record<string, unknown>) => ({
    Error: 0,
    friends:
      email === 'anna@example.com'
        ? [{ friendid: 'holmes', friendname: 'Sherlock Holmes', image: '/friends/holmes.svg' }]
        : [],
  }),
  GetChatHistory: HISTORY,
};

const asked = () => inputsOf('GetAllChatEmails').map((i) => i.email);

describe('history viewer', () => {
  beforeEach(() => {
    signIn();
    storage.set('usertype', UserType.admin);
  });

  it('refuses anyone but an admin, in Hebrew and in English', () => {
    storage.set('usertype', 1);
    answerCalls(SERVER);
    const { unmount } = renderScreen(<HistoryScreen />, { lang: 'he' });
    expect(screen.getByTestId('history-no-right')).toHaveTextContent(
      'אין לך הרשאה לצפות בהיסטוריית שיחות',
    );
    unmount();
    renderScreen(<HistoryScreen />, { lang: 'en' });
    expect(screen.getByTestId('history-no-right')).toHaveTextContent(
      'You have no right to view chat history',
    );
    expect(inputsOf('GetAllChatEmails')).toEqual([]);
  });

  it('suggests e-mails at most once a second, then shows the chosen conversation', async () => {
    const user = useFakeClock();
    answerCalls(SERVER);
    renderScreen(<HistoryScreen />, { lang: 'en' });
    const email = (await screen.findByTestId('history-email')) as HTMLInputElement;
    await waitFor(() => expect(asked()).toEqual(['']));
    // Typed within the second: one request, for the text as it is at the second's end.
    await user.type(email, 'ann');
    expect(asked()).toEqual(['']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    await waitFor(() => expect(asked()).toEqual(['', 'ann']));
    expect(await screen.findByRole('option', { name: 'annette@example.com' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'ben@example.com' })).toBeNull();

    await user.click(screen.getByRole('option', { name: 'anna@example.com' }));
    expect(email).toHaveValue('anna@example.com');
    await waitFor(() =>
      expect(inputsOf('GetFriendsChatsForEmail')).toContainEqual({
        email: 'anna@example.com',
        lang: 'en',
      }),
    );
    expect(screen.getByTestId('history-show')).toBeDisabled();
    await user.click(screen.getByTestId('history-friend'));
    await user.click(await screen.findByRole('option', { name: 'Sherlock Holmes' }));
    await user.click(screen.getByTestId('history-show'));
    await waitFor(() =>
      expect(inputsOf('GetChatHistory')).toEqual([
        { user: 'anna@example.com', friendid: 'holmes', lang: 'en' },
      ]),
    );
    const conversation = screen.getByTestId('history-conversation');
    await waitFor(() => expect(conversation).toHaveTextContent('Subject: Cases'));
    expect(conversation).toHaveTextContent('Who took the pearl?');
    expect(conversation).toHaveTextContent('The butler.');
    expect(conversation).toHaveTextContent('Read only. Every viewing is recorded.');
  });

  it('says so when the user has no conversations', async () => {
    const user = userEvent.setup();
    answerCalls(SERVER);
    renderScreen(<HistoryScreen />, { lang: 'he' });
    await user.type(await screen.findByTestId('history-email'), 'ben@example.com');
    // Below the fields (the character list's own empty line is there from the start).
    await waitFor(() =>
      expect(screen.getAllByText('למשתמש הזה אין שיחות.').some((el) => el.tagName === 'P')).toBe(
        true,
      ),
    );
    expect(inputsOf('GetFriendsChatsForEmail')).toContainEqual({
      email: 'ben@example.com',
      lang: 'he',
    });
    expect(screen.getByTestId('history-show')).toBeDisabled();
  });

  it('the route form opens straight on that user and character', async () => {
    answerCalls(SERVER);
    renderScreen(<HistoryScreen />, {
      lang: 'en',
      route: '/chathistory/holmes/anna@example.com',
      path: '/chathistory/:friendid/:user',
    });
    const conversation = await screen.findByTestId('history-conversation');
    await waitFor(() => expect(conversation).toHaveTextContent('The butler.'));
    expect(inputsOf('GetChatHistory')).toEqual([
      { user: 'anna@example.com', friendid: 'holmes', lang: 'en' },
    ]);
    expect(screen.getByTestId('history-email')).toHaveValue('anna@example.com');
  });

  it('shows the messages as the chat does: Markdown rendered, not its marks', async () => {
    const md = {
      ...HISTORY,
      subjects: [
        {
          subject: 'Cases',
          chat: [
            {
              ...HISTORY.subjects[0]!.chat[1]!,
              message: '**The butler**, of course.\n\n- a *pearl*\n- `code`\n\n[Watson]: Indeed.',
            },
          ],
        },
      ],
    };
    answerCalls({ ...SERVER, GetChatHistory: md });
    renderScreen(<HistoryScreen />, {
      lang: 'en',
      route: '/chathistory/holmes/anna@example.com',
      path: '/chathistory/:friendid/:user',
    });
    const conversation = await screen.findByTestId('history-conversation');
    await waitFor(() => expect(conversation).toHaveTextContent('The butler, of course.'));
    expect(conversation).not.toHaveTextContent('**');
    expect(conversation.querySelector('strong')).toHaveTextContent('The butler');
    expect(conversation.querySelector('li em')).toHaveTextContent('pearl');
    expect(conversation.querySelector('code')).toHaveAttribute('dir', 'ltr');
    expect(conversation).toHaveTextContent('Watson: Indeed.');
  });

  it('shows the server’s refusal and clears the chosen user', async () => {
    answerCalls({
      ...SERVER,
      GetChatHistory: { Error: 4, Errstr: 'This user does not exist.' },
    });
    const user = userEvent.setup();
    renderScreen(<HistoryScreen />, {
      lang: 'en',
      route: '/chathistory/holmes/anna@example.com',
      path: '/chathistory/:friendid/:user',
    });
    // The route's own opening fails too; the button asks once more.
    expect(await screen.findByTestId('history-error')).toHaveTextContent(
      'This user does not exist.',
    );
    await user.click(screen.getByTestId('history-show'));
    await waitFor(() => expect(screen.getByTestId('history-email')).toHaveValue(''));
    expect(screen.getByTestId('history-error')).toHaveTextContent('This user does not exist.');
  });
});
