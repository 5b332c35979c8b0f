import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../shared/storage/storage.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { MainTokenScreen } from './main-token-screen.tsx';

vi.mock('../../shared/api/client.ts', () => ({
  call: vi.fn(),
}));

const ok = { Error: 0, email: 'dana@example.com', fullname: 'Dana Levi', token: 's', type: 1 };

describe('MainTokenScreen (/main/:email/:token)', () => {
  beforeEach(() => {
    stubFetch();
  });

  it('sends the address with the one-time token and stores nothing until the server accepts it', async () => {
    let accept: (answer: typeof ok) => void = () => {};
    const pending = new Promise<typeof ok>((resolve) => (accept = resolve));
    answerCalls({ CheckToken: (() => pending) as never });
    renderScreen(<MainTokenScreen />, {
      route: '/main/dana@example.com/tok1',
      path: '/main/:email/:token',
      lang: 'en',
    });
    await waitFor(() => expect(inputsOf('CheckToken')).toHaveLength(1));
    expect(inputsOf('CheckToken')[0]).toEqual({
      token: 'tok1',
      email: 'dana@example.com',
      lang: 'en',
    });
    // A stored address now would start the shell's session check before the cookie exists.
    expect(storage.get('email')).toBeNull();
    accept(ok);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/main'));
    expect(storage.get('email')).toBe('dana@example.com');
  });

  it('a used or foreign link goes to /home with the message and leaves nobody stored', async () => {
    answerCalls({ CheckToken: { Error: 12, Errstr: 'This sign-in link is not valid.' } });
    renderScreen(<MainTokenScreen />, {
      route: '/main/eve@example.com/tok2',
      path: '/main/:email/:token',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
    expect(storage.get('email')).toBeNull();
  });
});
