import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../test/i18n.ts';
import { storage } from '../../shared/storage/storage.ts';
import { stubFetch, TEST_CONFIG } from '../../test/fetch-stub.ts';
import { answerCalls } from '../../test/mock-call.ts';
import { AppProviders, createQueryClient } from '../providers.tsx';
import { allowedOnAssistantHost, friendFromPath, RequireUser } from './require-user.tsx';

vi.mock('../../shared/api/client.ts', () => ({
  call: vi.fn(),
}));

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderGuarded(route: string) {
  return render(
    <AppProviders i18n={createI18n('en')} queryClient={createQueryClient()} env="test">
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route element={<RequireUser />}>
            <Route path="main" element={<div data-testid="protected">list</div>} />
            <Route path="chat/:friendid" element={<div data-testid="protected">chat</div>} />
          </Route>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('RequireUser', () => {
  beforeEach(() => {
    stubFetch();
  });

  it('sends visitors to /home', async () => {
    renderGuarded('/main');
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/home$/);
  });

  it('remembers the character of a chat link for after sign-in, and shows it', async () => {
    renderGuarded('/chat/alice');
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/home\/alice$/);
    expect(storage.get('friendid')).toBe('alice');
  });

  it('lets a user with a live session in', async () => {
    storage.set('email', 'dana@example.com');
    answerCalls({
      CheckToken: { Error: 0, email: 'dana@example.com', fullname: 'Dana', token: '', type: 1 },
    });
    renderGuarded('/main');
    expect(await screen.findByTestId('protected')).toHaveTextContent('list');
    expect(storage.get('fullname')).toBe('Dana');
  });

  it('forgets a user whose session has ended and sends them to /home', async () => {
    storage.set('email', 'dana@example.com');
    storage.set('lang', 'en');
    answerCalls({ CheckToken: { Error: 3, Errstr: 'Please sign in' } });
    renderGuarded('/main');
    expect(await screen.findByTestId('where')).toHaveTextContent('/home');
    expect(storage.get('email')).toBeNull();
    expect(storage.get('lang')).toBe('en');
  });
});

describe('guard helpers', () => {
  it('friendFromPath takes /chat ids only', () => {
    expect(friendFromPath('/chat/alice')).toBe('alice');
    expect(friendFromPath('/chat/alice/notes')).toBe('alice');
    expect(friendFromPath('/minchat/alice')).toBeNull();
    expect(friendFromPath('/main')).toBeNull();
  });

  it('on the assistant host, only assistant, chats, profile and purchases are open to all', () => {
    expect(allowedOnAssistantHost('/assistant')).toBe(true);
    expect(allowedOnAssistantHost('/chat/support')).toBe(true);
    expect(allowedOnAssistantHost('/main')).toBe(false);
    expect(allowedOnAssistantHost('/createdit')).toBe(false);
    expect(allowedOnAssistantHost('/chathistory')).toBe(false);
  });

  it('the test configuration is what the guard reads', () => {
    expect(TEST_CONFIG.assistantHostWord).toBe('assistant');
  });
});
