import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCalls, inputsOf } from '../../../test/mock-call.ts';
import { renderScreen } from '../../../test/render.tsx';
import { signIn } from '../test-kit.tsx';
import { AccessList } from './access-list.tsx';
import { useFakeClock } from '../../../test/fake-clock.ts';

vi.mock('../../../shared/api/client.ts', () => ({ call: vi.fn() }));

const dana = { user: 'dana@example.com', fullname: 'Dana', priv: 0 };
const noa = { user: 'noa@example.com', fullname: 'Noa', priv: 1 };

function renderList() {
  return renderScreen(<AccessList friendid="holmes" enabled canChange />, { lang: 'en' });
}

describe('access list', () => {
  beforeEach(signIn);

  it('adds an address with the edit flag and removes one; the answers replace the list', async () => {
    answerCalls({
      GetFriendEmails: { Error: 0, friendemails: [dana] },
      AddEmailToFriend: { Error: 0, friendemails: [dana, noa] },
      DeleteEmail: { Error: 0, friendemails: [noa] },
      GetEmailComplete: { Error: 0, emails: [] },
    });
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByTestId('access-row')).toHaveTextContent('dana@example.com');
    await user.type(screen.getByTestId('access-email'), 'Noa@Example.com');
    await user.click(screen.getByTestId('access-editpriv'));
    await user.click(screen.getByTestId('access-add'));
    await waitFor(() => expect(screen.getAllByTestId('access-row')).toHaveLength(2));
    expect(inputsOf('AddEmailToFriend')).toEqual([
      { user: 'noa@example.com', friendid: 'holmes', editpriv: 1 },
    ]);
    expect(screen.getAllByTestId('access-row')[1]).toHaveTextContent('edits');
    expect(screen.getByTestId('access-email')).toHaveValue('');

    await user.click(screen.getAllByTestId('access-delete')[0]!);
    await waitFor(() => expect(screen.getAllByTestId('access-row')).toHaveLength(1));
    expect(inputsOf('DeleteEmail')).toEqual([{ friendid: 'holmes', user: 'dana@example.com' }]);
    expect(screen.getByTestId('access-row')).toHaveTextContent('noa@example.com');
  });

  it('a bad address is caught before the server; a refusal shows its words', async () => {
    answerCalls({
      GetFriendEmails: { Error: 0, friendemails: [] },
      AddEmailToFriend: { Error: 5, Errstr: 'No such user (server).' },
      GetEmailComplete: { Error: 0, emails: [] },
    });
    const user = userEvent.setup();
    renderList();
    await user.type(await screen.findByTestId('access-email'), 'not-an-address');
    await user.click(screen.getByTestId('access-add'));
    expect(screen.getByTestId('access-error')).toHaveTextContent('Enter a valid e-mail address.');
    expect(inputsOf('AddEmailToFriend')).toHaveLength(0);
    await user.clear(screen.getByTestId('access-email'));
    await user.type(screen.getByTestId('access-email'), 'x@y.co');
    await user.click(screen.getByTestId('access-add'));
    expect(await screen.findByTestId('access-error')).toHaveTextContent('No such user (server).');
  });

  it('autocomplete asks at most once a second, with the latest text', async () => {
    answerCalls({
      GetFriendEmails: { Error: 0, friendemails: [] },
      GetEmailComplete: (i) => ({ Error: 0, emails: [`${String(i.email)}@example.com`] }),
    });
    const user = useFakeClock();
    renderList();
    await user.type(await screen.findByTestId('access-email'), 'dana');
    expect(inputsOf('GetEmailComplete').map((i) => i.email)).toEqual(['d']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(inputsOf('GetEmailComplete').map((i) => i.email)).toEqual(['d', 'dana']);
    expect(await screen.findByText('dana@example.com')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    });
    expect(inputsOf('GetEmailComplete')).toHaveLength(2);
  });

  it('before the first save there is nothing to share yet', () => {
    answerCalls({});
    renderScreen(<AccessList friendid="" enabled={false} canChange />, { lang: 'en' });
    expect(screen.getByTestId('access-save-first')).toBeInTheDocument();
    expect(inputsOf('GetFriendEmails')).toHaveLength(0);
  });

  it('an address that may edit, shared again, keeps its rights unless the box is changed', async () => {
    answerCalls({
      GetFriendEmails: { Error: 0, friendemails: [dana, noa] },
      AddEmailToFriend: { Error: 0, friendemails: [dana, noa] },
      GetEmailComplete: { Error: 0, emails: [] },
    });
    const user = userEvent.setup();
    renderList();
    await screen.findAllByTestId('access-row');
    await user.type(screen.getByTestId('access-email'), 'NOA@example.com');
    expect(screen.getByTestId('access-editpriv')).toBeChecked();
    expect(screen.getByTestId('access-existing')).toHaveTextContent('they may edit');
    expect(screen.getByTestId('access-add')).toHaveTextContent('Update');
    await user.click(screen.getByTestId('access-add'));
    await waitFor(() => expect(inputsOf('AddEmailToFriend')).toHaveLength(1));
    expect(inputsOf('AddEmailToFriend')[0]).toEqual({
      user: 'noa@example.com',
      friendid: 'holmes',
      editpriv: 1,
    });
    // A new address starts unticked again.
    await user.type(screen.getByTestId('access-email'), 'gil@example.com');
    expect(screen.getByTestId('access-editpriv')).not.toBeChecked();
    expect(screen.queryByTestId('access-existing')).not.toBeInTheDocument();
    expect(screen.getByTestId('access-add')).toHaveTextContent('Share');
  });

  it('the suggestions open above the field, off the Share button', async () => {
    answerCalls({
      GetFriendEmails: { Error: 0, friendemails: [] },
      GetEmailComplete: { Error: 0, emails: ['gil@example.com'] },
    });
    const user = userEvent.setup();
    renderList();
    await user.type(await screen.findByTestId('access-email'), 'gi');
    const option = await screen.findByRole('option', { name: 'gil@example.com' });
    expect(option.closest('[data-position]')).toHaveAttribute('data-position', 'top');
  });
});
