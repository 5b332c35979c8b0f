import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { TIMINGS } from '../../../protocol/constants.ts';
import { ErrorCode } from '../../../protocol/errors.ts';
import { GoogleSignInPath } from '../../../protocol/paths.ts';
import { call, postJson, type Envelope } from '../../shared/api/client.ts';
import { withBusy } from '../../shared/hooks/busy.ts';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { useTimedMessage } from '../../shared/hooks/use-timed-message.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import type { SignedIn } from '../../shared/session/session.ts';
import { storage } from '../../shared/storage/storage.ts';

/**
 * The login form's four modes (spec part 1 §4):
 * - email: only the address and a continue button
 * - choose: the address is known: 'send link' or 'login with password'
 * - password: password field (may stay empty: then a link is sent) and 'connect'
 * - register: first time here: full name and 'sign up'
 */
export type LoginMode = 'email' | 'choose' | 'password' | 'register';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface GoogleAnswer {
  email: string;
  fullname: string;
  type: number;
}

export function useLoginForm(onSignedIn: (answer: SignedIn) => void) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const errorText = useErrorText();
  const [mode, setMode] = useState<LoginMode>('email');
  const [email, setEmailValue] = useState('');
  const [password, setPassword] = useState('');
  const [fullname, setFullname] = useState('');
  const [note, setNote] = useState('');
  const [error, showError, clearError] = useTimedMessage(TIMINGS.loginErrorClearMs);
  const [pending, setPending] = useState(false);

  const address = email.trim();
  const friendid = () => storage.get('friendid') ?? undefined;

  /** Another address is another person: start over. */
  const setEmail = (value: string) => {
    setEmailValue(value);
    if (mode !== 'email') setMode('email');
    setNote('');
    setPassword('');
  };

  async function run(work: () => Promise<void>) {
    if (pending) return;
    clearError();
    setPending(true);
    try {
      await withBusy(work);
    } catch (err) {
      showError(errorText(err));
    } finally {
      setPending(false);
    }
  }

  function checkEmail(): boolean {
    if (!address) showError(t('login.emailRequired'));
    else if (!EMAIL_RE.test(address)) showError(t('login.emailInvalid'));
    else return true;
    return false;
  }

  /** Error 10 → first time here; others → the server's words (cleared after 7 s). */
  function failed(answer: Envelope) {
    if (answer.Error === ErrorCode.FIRST_TIME) {
      setMode('register');
      setNote(t('login.firstTime'));
    } else {
      showError(answer.Errstr || t('common.unknownError'));
    }
  }

  const linkSent = () => {
    setNote(t('login.linkSent', { email: address }));
    setMode('choose');
    setPassword('');
  };

  /** The e-mail step (sendlink 0) or a link request (sendlink 1); `then` runs on success. */
  const sendToken = (sendlink: 0 | 1, then: () => void) =>
    checkEmail() &&
    run(async () => {
      const answer = await call('SendToken', {
        email: address,
        lang,
        friendid: friendid(),
        sendlink,
      });
      if (answer.Error !== ErrorCode.OK) return failed(answer);
      then();
    });

  const submitEmail = () =>
    sendToken(0, () => {
      setNote('');
      setMode('choose');
    });

  const sendLink = () => sendToken(1, linkSent);

  const connect = () =>
    checkEmail() &&
    run(async () => {
      const answer = await call('SendToken', {
        email: address,
        password,
        lang,
        friendid: friendid(),
        passwordmode: 1,
      });
      if (answer.Error !== ErrorCode.OK) return failed(answer);
      if (answer.token && answer.fullname !== undefined) {
        onSignedIn({
          email: answer.email ?? address,
          fullname: answer.fullname,
          type: answer.type ?? 1,
        });
      } else {
        linkSent(); // empty password: the server e-mailed a link instead
      }
    });

  const register = () => {
    if (!checkEmail()) return;
    const name = fullname.trim();
    if (!name) return showError(t('login.fullnameRequired'));
    return run(async () => {
      const answer = await call('RegisterFullname', {
        email: address,
        fullname: name,
        lang,
        friendid: friendid(),
      });
      if (answer.Error !== ErrorCode.OK)
        return showError(answer.Errstr || t('common.unknownError'));
      setNote(t('login.registerSent', { email: address }));
      setMode('email');
    });
  };

  const signInWithGoogle = (idToken: string) =>
    run(async () => {
      const answer = await postJson<GoogleAnswer>(GoogleSignInPath, { idToken, lang });
      if (answer.Error !== ErrorCode.OK) return showError(answer.Errstr || t('login.googleFailed'));
      onSignedIn({ email: answer.email, fullname: answer.fullname, type: answer.type });
    });

  /** Enter in the form does what the mode's main button does. */
  const submit = () => {
    const actions: Record<LoginMode, () => unknown> = {
      email: submitEmail,
      choose: sendLink,
      password: connect,
      register,
    };
    void actions[mode]();
  };

  return {
    mode,
    email,
    setEmail,
    password,
    setPassword,
    fullname,
    setFullname,
    note,
    error,
    showError,
    pending,
    submit,
    sendLink,
    passwordMode: () => {
      clearError();
      setMode('password');
    },
    signInWithGoogle,
  };
}
