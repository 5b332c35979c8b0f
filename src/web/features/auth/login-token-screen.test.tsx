import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../shared/storage/storage.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { LoginTokenScreen } from './login-token-screen.tsx';

vi.mock('../../shared/api/client.ts', () => ({
  call: vi.fn(),
}));

const ok = { Error: 0, email: 'dana@example.com', fullname: 'Dana Levi', token: 's', type: 1 };

describe('LoginTokenScreen (/login/:token)', () => {
  beforeEach(() => {
    stubFetch();
  });

  it('checks the link token once (even in StrictMode), stores the user, goes to /main', async () => {
    answerCalls({ CheckToken: ok });
    renderScreen(
      <StrictMode>
        <LoginTokenScreen />
      </StrictMode>,
      { route: '/login/tok1', path: '/login/:token', lang: 'en' },
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/main'));
    expect(inputsOf('CheckToken')).toEqual([{ token: 'tok1', lang: 'en' }]);
    expect(storage.get('email')).toBe('dana@example.com');
    expect(storage.get('fullname')).toBe('Dana Levi');
  });

  it('with /friend/:friendid it opens that chat', async () => {
    answerCalls({ CheckToken: ok });
    renderScreen(<LoginTokenScreen />, {
      route: '/login/tok2/friend/alice',
      path: '/login/:token/friend/:friendid',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/chat/alice'));
  });

  it("a friendid in the server's answer is used too", async () => {
    answerCalls({ CheckToken: { ...ok, friendid: 'holmes' } });
    renderScreen(<LoginTokenScreen />, { route: '/login/tok3', path: '/login/:token' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/chat/holmes'));
  });

  it('a bad link goes to /home and takes the message along', async () => {
    answerCalls({ CheckToken: { Error: 12, Errstr: 'This sign-in link is not valid.' } });
    renderScreen(<LoginTokenScreen />, { route: '/login/tok4', path: '/login/:token' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
    expect(screen.getByTestId('location')).toHaveAttribute(
      'data-error',
      'This sign-in link is not valid.',
    );
    expect(storage.get('email')).toBeNull();
  });
});
