import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../shared/storage/storage.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { UserMenu } from './user-menu.tsx';

vi.mock('../../shared/api/client.ts', () => ({
  call: vi.fn(),
}));

describe('user menu: sign out on every device', () => {
  beforeEach(() => {
    stubFetch();
    storage.set('email', 'dana@example.com');
    storage.set('fullname', 'Dana Levi');
  });

  async function openAndConfirm(lang: 'he' | 'en', label: RegExp) {
    const user = userEvent.setup();
    renderScreen(<UserMenu fullname="Dana Levi" />, { route: '/main', path: '/main', lang });
    await user.click(screen.getByTestId('user-menu'));
    const item = await screen.findByTestId('signout-everywhere');
    expect(item).toHaveTextContent(label);
    await user.click(item);
    await user.click(await screen.findByTestId('signout-everywhere-confirm'));
  }

  it('ends every session on the server, forgets the user and goes home (en)', async () => {
    answerCalls({ SignOutEverywhere: { Error: 0, ended: 3 } });
    await openAndConfirm('en', /Sign out on every device/);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
    expect(inputsOf('SignOutEverywhere')).toHaveLength(1);
    expect(storage.get('email')).toBeNull();
  });

  it('when the server cannot do it, says so and keeps the user (he)', async () => {
    answerCalls({ SignOutEverywhere: { Error: 1, Errstr: 'שגיאה פנימית' } });
    await openAndConfirm('he', /התנתקות מכל המכשירים/);
    expect(await screen.findByTestId('signout-everywhere-error')).toHaveTextContent('שגיאה פנימית');
    expect(storage.get('email')).toBe('dana@example.com');
  });
});
