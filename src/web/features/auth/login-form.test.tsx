import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../shared/api/errors.ts';
import { storage } from '../../shared/storage/storage.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { LoginForm } from './login-form.tsx';
import { loadGoogleIdentity } from './google-identity.ts';
import { TEST_CONFIG } from '../../test/fetch-stub.ts';
import { forgetLoadedConfig } from '../../shared/api/config.ts';
import { useFakeClock } from '../../test/fake-clock.ts';

vi.mock('../../shared/api/client.ts', () => ({
  call: vi.fn(),
  postJson: vi.fn(),
}));
vi.mock('./google-identity.ts', () => ({ loadGoogleIdentity: vi.fn() }));

function renderForm(lang: 'he' | 'en' = 'en') {
  return renderScreen(<LoginForm />, { route: '/login', path: '/login', lang });
}

async function typeEmail(user: ReturnType<typeof userEvent.setup>, email = 'dana@example.com') {
  await user.type(screen.getByTestId('login-email'), email);
  await user.click(screen.getByTestId('login-send'));
}

describe('LoginForm', () => {
  beforeEach(() => {
    stubFetch();
  });

  it('starts with the e-mail only, in an LTR field', () => {
    renderForm();
    // Mantine puts `dir` on the input's own wrapper: the address reads LTR, the label stays RTL.
    expect(screen.getByTestId('login-email').closest('[dir]')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByTestId('login-send')).toBeInTheDocument();
    expect(screen.queryByTestId('login-send-link')).not.toBeInTheDocument();
    expect(screen.queryByTestId('login-password')).not.toBeInTheDocument();
    expect(screen.queryByTestId('login-fullname')).not.toBeInTheDocument();
  });

  it('Error 10 (first time) asks for the full name with the first-time note', async () => {
    answerCalls({ SendToken: { Error: 10, Errstr: 'x' } });
    const user = userEvent.setup();
    renderForm();
    await typeEmail(user);
    expect(await screen.findByTestId('login-fullname')).toBeInTheDocument();
    expect(screen.getByTestId('login-note')).toHaveTextContent(
      'It seems this is your first time here, please enter your full name',
    );
    expect(screen.queryByTestId('login-send')).not.toBeInTheDocument();
    expect(inputsOf('SendToken')[0]).toMatchObject({
      email: 'dana@example.com',
      lang: 'en',
      sendlink: 0,
    });
  });

  it('registration sends the name and says a link was e-mailed (no session yet)', async () => {
    answerCalls({ SendToken: { Error: 10 }, RegisterFullname: { Error: 0, sent: 1 } });
    const user = userEvent.setup();
    renderForm();
    await typeEmail(user);
    await user.type(await screen.findByTestId('login-fullname'), 'Dana Levi');
    await user.click(screen.getByTestId('login-register'));
    await waitFor(() =>
      expect(screen.getByTestId('login-note')).toHaveTextContent(
        'we sent a link to dana@example.com',
      ),
    );
    expect(inputsOf('RegisterFullname')[0]).toMatchObject({
      email: 'dana@example.com',
      fullname: 'Dana Levi',
    });
    expect(storage.get('email')).toBeNull();
  });

  it('a known address (Error 0) shows the two buttons', async () => {
    answerCalls({ SendToken: { Error: 0, haspassword: 1 } });
    const user = userEvent.setup();
    renderForm();
    await typeEmail(user);
    expect(await screen.findByTestId('login-send-link')).toBeInTheDocument();
    expect(screen.getByTestId('login-password-mode')).toBeInTheDocument();
    expect(screen.queryByTestId('login-send')).not.toBeInTheDocument();
  });

  it("'send link' asks for a link and shows the sent note", async () => {
    answerCalls({
      SendToken: (input) => (input.sendlink === 1 ? { Error: 0, sent: 1 } : { Error: 0 }),
    });
    const user = userEvent.setup();
    renderForm();
    await typeEmail(user);
    await user.click(await screen.findByTestId('login-send-link'));
    await waitFor(() =>
      expect(screen.getByTestId('login-note')).toHaveTextContent(
        'We sent a sign-in link to dana@example.com',
      ),
    );
    expect(inputsOf('SendToken')[1]).toMatchObject({ sendlink: 1 });
  });

  it('password sign-in stores the user and goes to the return module', async () => {
    answerCalls({
      SendToken: (input) =>
        input.password
          ? { Error: 0, token: 't', fullname: 'Dana Levi', email: 'dana@example.com', type: 1 }
          : { Error: 0, haspassword: 1 },
    });
    const user = userEvent.setup();
    renderForm();
    await typeEmail(user);
    await user.click(await screen.findByTestId('login-password-mode'));
    await user.type(await screen.findByTestId('login-password'), 'secret123');
    await user.click(screen.getByTestId('login-connect'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/main'));
    expect(storage.get('email')).toBe('dana@example.com');
    expect(storage.get('fullname')).toBe('Dana Levi');
    expect(storage.get('usertype')).toBe(1);
    expect(inputsOf('SendToken')[1]).toMatchObject({ password: 'secret123', passwordmode: 1 });
  });

  it('after sign-in a stored character wins over the return module', async () => {
    storage.set('friendid', 'alice');
    answerCalls({
      SendToken: (input) =>
        input.password
          ? { Error: 0, token: 't', fullname: 'D', email: 'd@e.fg', type: 1 }
          : { Error: 0 },
    });
    const user = userEvent.setup();
    renderForm();
    await typeEmail(user, 'd@e.fg');
    await user.click(await screen.findByTestId('login-password-mode'));
    await user.type(await screen.findByTestId('login-password'), 'pw');
    await user.click(screen.getByTestId('login-connect'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/chat/alice'));
    expect(storage.get('friendid')).toBeNull();
  });

  it('an empty password in password mode sends a link and leaves password mode', async () => {
    answerCalls({
      SendToken: (input) => (input.passwordmode === 1 ? { Error: 0, sent: 1 } : { Error: 0 }),
    });
    const user = userEvent.setup();
    renderForm();
    await typeEmail(user);
    await user.click(await screen.findByTestId('login-password-mode'));
    await user.click(screen.getByTestId('login-connect'));
    await waitFor(() =>
      expect(screen.getByTestId('login-note')).toHaveTextContent('We sent a sign-in link'),
    );
    expect(screen.queryByTestId('login-password')).not.toBeInTheDocument();
    expect(screen.getByTestId('login-send-link')).toBeInTheDocument();
  });

  it('the password field toggles between hidden and shown', async () => {
    answerCalls({ SendToken: { Error: 0 } });
    const user = userEvent.setup();
    renderForm();
    await typeEmail(user);
    await user.click(await screen.findByTestId('login-password-mode'));
    const input = await screen.findByTestId('login-password');
    expect(input).toHaveAttribute('type', 'password');
    expect(
      screen.getByText('Leave empty if you have no password or forgot it'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  });

  it("a wrong password shows the server's words and clears them after 7 s", async () => {
    answerCalls({
      SendToken: (input) =>
        input.password ? { Error: 11, Errstr: 'Wrong password.' } : { Error: 0 },
    });
    const user = useFakeClock();
    renderForm();
    await typeEmail(user);
    await user.click(await screen.findByTestId('login-password-mode'));
    await user.type(await screen.findByTestId('login-password'), 'nope');
    await user.click(screen.getByTestId('login-connect'));
    await waitFor(() =>
      expect(screen.getByTestId('login-error')).toHaveTextContent('Wrong password.'),
    );
    act(() => vi.advanceTimersByTime(6_000));
    expect(screen.getByTestId('login-error')).toHaveTextContent('Wrong password.');
    act(() => vi.advanceTimersByTime(1_100));
    expect(screen.getByTestId('login-error')).toBeEmptyDOMElement();
    expect(storage.get('email')).toBeNull();
  });

  it('a network failure says "communication error" in the user\'s language', async () => {
    answerCalls({ SendToken: new NetworkError('down') });
    const user = userEvent.setup();
    renderForm('he');
    await typeEmail(user);
    await waitFor(() =>
      expect(screen.getByTestId('login-error')).toHaveTextContent('שגיאת תקשורת'),
    );
  });

  it('checks the address before asking the server', async () => {
    const mock = answerCalls({});
    const user = userEvent.setup();
    renderForm();
    await typeEmail(user, 'not-an-address');
    expect(screen.getByTestId('login-error')).toHaveTextContent('valid e-mail');
    expect(mock).not.toHaveBeenCalled();
  });

  it('changing the address starts over', async () => {
    answerCalls({ SendToken: { Error: 0 } });
    const user = userEvent.setup();
    renderForm();
    await typeEmail(user);
    await screen.findByTestId('login-send-link');
    await user.type(screen.getByTestId('login-email'), 'x');
    expect(screen.getByTestId('login-send')).toBeInTheDocument();
    expect(screen.queryByTestId('login-send-link')).not.toBeInTheDocument();
  });

  it('links both privacy policies', () => {
    renderForm();
    expect(screen.getByRole('link', { name: 'in Hebrew' })).toHaveAttribute(
      'href',
      '/privacy/he.html',
    );
    expect(screen.getByRole('link', { name: 'in English' })).toHaveAttribute(
      'href',
      '/privacy/en.html',
    );
  });

  describe('Google sign-in (configured)', () => {
    beforeEach(() => {
      stubFetch({ '/api/config': { ...TEST_CONFIG, googleClientId: 'client-1' } });
      forgetLoadedConfig();
    });
    afterEach(() => forgetLoadedConfig());

    it('its script unreachable: no "or" over nothing, a plain word in the screen\'s language', async () => {
      vi.mocked(loadGoogleIdentity).mockRejectedValue(new Error('google identity script failed'));
      vi.spyOn(console, 'info').mockImplementation(() => {});
      renderForm('he');
      expect(await screen.findByTestId('login-google-unavailable')).toHaveTextContent(
        'הכניסה עם Google אינה זמינה כרגע',
      );
      expect(screen.queryByText('או')).not.toBeInTheDocument();
      expect(screen.queryByTestId('login-google')).not.toBeInTheDocument();
      expect(console.info).toHaveBeenCalledWith('Google sign-in unavailable', expect.any(Error));
    });

    it('its button drawn: "or" stands over it', async () => {
      vi.mocked(loadGoogleIdentity).mockResolvedValue({
        initialize: vi.fn(),
        renderButton: (parent: HTMLElement) => {
          const b = document.createElement('button');
          b.textContent = 'Sign in with Google';
          parent.appendChild(b);
        },
      });
      renderForm('en');
      expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeVisible();
      await waitFor(() =>
        expect(screen.getByTestId('login-google').closest('.login-google')).toHaveAttribute(
          'data-state',
          'ready',
        ),
      );
      expect(screen.getByText('or')).toBeInTheDocument();
      expect(screen.queryByTestId('login-google-unavailable')).not.toBeInTheDocument();
    });
  });
});
