import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { EditUserScreen, profileSave } from './edit-user-screen.tsx';

vi.mock('../../shared/api/client.ts', () => ({
  call: vi.fn(),
  postJson: vi.fn(),
}));

const user = {
  Error: 0,
  email: 'dana@example.com',
  fullname: 'Dana Reader',
  notes: 'likes mysteries',
  credits: 480,
  created: 2,
  imgcredit: 5,
  imgcreated: 1,
  autoread: 0,
  monthly: 0,
  duedate: '',
  type: 1,
  haspassword: 1,
  lang: 'en',
};

function answers(save: (input: Record<string, unknown>) => Record<string, unknown>) {
  answerCalls({
    GetSetUserData: (input) => (Object.keys(input).length > 1 ? save(input) : user),
    OrderHistory: {
      Error: 0,
      monthly: 0,
      duedate: '',
      orders: [
        {
          order: 7,
          tm: '2026-11-20T10:00:00.000Z',
          price: 2900,
          item: 'Small credit pack',
          status: 1,
          invoice: 'SB-000007',
          invurl: '/api/payment/invoice?order=7',
        },
      ],
    },
    GetSubscriptionStatus: { Error: 0, monthly: 0, duedate: '', name: '', portal: 0 },
  });
}

describe('EditUserScreen', () => {
  beforeEach(() => {
    stubFetch();
  });

  it('profileSave refuses mismatched passwords and sends a password only when typed', () => {
    const base = { fullname: 'A', password: '', verify: '', autoread: '1', notes: 'n' };
    expect(profileSave({ ...base, password: 'one password', verify: 'another' }, 'en')).toEqual({
      ok: false,
    });
    expect(profileSave(base, 'en')).toEqual({
      ok: true,
      input: { fullname: 'A', autoread: 1, notes: 'n', lang: 'en' },
    });
    const withPw = profileSave({ ...base, password: 'long enough', verify: 'long enough' }, 'he');
    expect(withPw).toMatchObject({ ok: true, input: { password: 'long enough' } });
  });

  it('shows the figures, the history and saves; mismatched passwords are not sent', async () => {
    answers((input) => ({ ...user, ...input }));
    renderScreen(<EditUserScreen />, { route: '/edituser', path: '/edituser', lang: 'en' });
    expect(await screen.findByTestId('credits')).toHaveTextContent('480');
    expect(screen.getByTestId('imgcredit')).toHaveTextContent('5');
    expect(await screen.findByText('Monthly subscription not active')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'SB-000007' })).toHaveAttribute(
      'href',
      '/api/payment/invoice?order=7',
    );
    expect(screen.getByTestId('order-7')).toHaveTextContent('₪29');
    expect(screen.getByTestId('buy-credits')).toHaveAttribute('href', '/buy');

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'new password 1' } });
    fireEvent.change(screen.getByLabelText('Verify password'), {
      target: { value: 'new password 2' },
    });
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: 'Dana R.' } });
    fireEvent.click(screen.getByTestId('profile-update'));
    expect(await screen.findByTestId('profile-error')).toHaveTextContent('Passwords do not match');
    expect(inputsOf('GetSetUserData').filter((i) => 'fullname' in i)).toEqual([]);
    // What was typed stays.
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Dana R.');

    fireEvent.change(screen.getByLabelText('Verify password'), {
      target: { value: 'new password 1' },
    });
    fireEvent.change(screen.getByLabelText('Automatic reading'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('profile-update'));
    expect(await screen.findByTestId('profile-success')).toHaveTextContent(
      'Details updated successfully',
    );
    expect(inputsOf('GetSetUserData').at(-1)).toMatchObject({
      fullname: 'Dana R.',
      password: 'new password 1',
      autoread: 1,
      notes: 'likes mysteries',
    });
  });

  it('the full name and the notes read in the direction of what is typed', async () => {
    answers((input) => ({ ...user, ...input }));
    renderScreen(<EditUserScreen />, { route: '/edituser', path: '/edituser', lang: 'en' });
    // On the input itself (Mantine would put a dir prop on its wrapper, which holds no text).
    const name = await screen.findByLabelText(/Full name/);
    expect(name).toHaveAttribute('dir', 'auto');
    const notes = screen.getByLabelText('Notes');
    expect(notes).toHaveAttribute('dir', 'auto');
    // Empty, the field follows the page (its caret on the page's side).
    fireEvent.change(notes, { target: { value: '' } });
    expect(notes).not.toHaveAttribute('dir');
    fireEvent.change(notes, { target: { value: 'אוהבת תעלומות' } });
    expect(notes).toHaveAttribute('dir', 'auto');
  });

  it('a refused save says so and keeps the form', async () => {
    answers(() => ({ Error: 2, Errstr: 'The password is too short: at least 8 characters.' }));
    renderScreen(<EditUserScreen />, { route: '/edituser', path: '/edituser', lang: 'en' });
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText('Verify password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByTestId('profile-update'));
    expect(await screen.findByTestId('profile-error')).toHaveTextContent(
      'Error updating details: The password is too short',
    );
    expect(screen.getByLabelText('Password')).toHaveValue('short');
  });

  it('shows "no previous orders found" in Hebrew for an empty history', async () => {
    answerCalls({
      GetSetUserData: user,
      OrderHistory: { Error: 0, monthly: 0, duedate: '', orders: [] },
      GetSubscriptionStatus: { Error: 0, monthly: 0, duedate: '', name: '', portal: 0 },
    });
    renderScreen(<EditUserScreen />, { route: '/edituser', path: '/edituser', lang: 'he' });
    expect(await screen.findByTestId('no-orders')).toHaveTextContent('לא נמצאו הזמנות קודמות');
    expect(await screen.findByText('מנוי חודשי לא פעיל')).toBeInTheDocument();
  });
});
