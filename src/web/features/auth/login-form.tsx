import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Suspense, lazy, useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useAppConfig } from '../../shared/api/config.ts';
import { InfoIcon, KeyIcon, MailIcon } from '../../shared/components/core-icons.tsx';
import { typedDir } from '../../shared/i18n/auto-dir.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { GoogleButton } from './google-button.tsx';
import { useFinishSignIn } from './use-finish-sign-in.ts';
import { useLoginForm } from './use-login-form.ts';

const loadPasswordField = () => import('./password-field.tsx');
const LazyPasswordField = lazy(loadPasswordField);

/** The sign-in form of /home and /login (spec part 1 §2 'Login screen'). */
export function LoginForm({ retmodule, id }: { retmodule?: string | undefined; id?: string }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const config = useAppConfig();
  const form = useLoginForm(useFinishSignIn(retmodule));
  // The choice of a password is offered: its field starts loading, to be there on the click.
  useEffect(() => {
    if (form.mode === 'choose') void loadPasswordField();
  }, [form.mode]);
  const googleClientId = config.data?.googleClientId;

  return (
    <form
      id={id}
      className="login-form"
      noValidate
      aria-label={t('login.formTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t('login.email')}
          placeholder={t('login.emailPlaceholder')}
          type="email"
          dir="ltr"
          autoComplete="email"
          inputMode="email"
          required
          value={form.email}
          onChange={(e) => form.setEmail(e.currentTarget.value)}
          data-testid="login-email"
          size="md"
        />

        {form.mode === 'email' ? (
          <Button type="submit" size="md" loading={form.pending} data-testid="login-send">
            {t('login.send')}
          </Button>
        ) : null}

        {/* Side by side where both labels fit, one under the other where they do not (a phone):
            grown buttons are otherwise held to half the row each and cut their labels. */}
        {form.mode === 'choose' ? (
          <Group grow preventGrowOverflow={false} gap="sm" wrap="wrap">
            <Button
              type="submit"
              size="md"
              leftSection={<MailIcon size={18} />}
              loading={form.pending}
              data-testid="login-send-link"
            >
              {t('login.sendLink')}
            </Button>
            <Button
              type="button"
              size="md"
              variant="light"
              leftSection={<KeyIcon size={18} />}
              onClick={form.passwordMode}
              data-testid="login-password-mode"
            >
              {t('login.passwordMode')}
            </Button>
          </Group>
        ) : null}

        {form.mode === 'password' ? (
          <>
            <Suspense fallback={<div className="login-form__password-pending" />}>
              <LazyPasswordField value={form.password} onChange={form.setPassword} />
            </Suspense>
            <Button type="submit" size="md" loading={form.pending} data-testid="login-connect">
              {t('login.connect')}
            </Button>
          </>
        ) : null}

        {form.mode === 'register' ? (
          <>
            <TextInput
              label={t('login.fullname')}
              autoComplete="name"
              // On the input itself (a dir prop would land on Mantine's wrapper).
              ref={typedDir(form.fullname)}
              required
              autoFocus
              size="md"
              value={form.fullname}
              onChange={(e) => form.setFullname(e.currentTarget.value)}
              data-testid="login-fullname"
            />
            <Button type="submit" size="md" loading={form.pending} data-testid="login-register">
              {t('login.register')}
            </Button>
          </>
        ) : null}

        {/* One block, so empty message areas add no gaps; they stay in the page for aria-live. */}
        <div className="login-form__footer">
          <div aria-live="polite" data-testid="login-note">
            {form.note ? (
              <Alert variant="light" color="teal" radius="md" mb="md" icon={<InfoIcon size={18} />}>
                {form.note}
              </Alert>
            ) : null}
          </div>
          <div aria-live="assertive" data-testid="login-error">
            {form.error ? (
              <Text c="red.8" size="sm" mb="md" role="alert">
                {form.error}
              </Text>
            ) : null}
          </div>

          {googleClientId ? (
            <GoogleButton
              clientId={googleClientId}
              lang={lang}
              onCredential={form.signInWithGoogle}
              onError={() => form.showError(t('login.googleFailed'))}
            />
          ) : null}

          {/* Underlined: inside a line of text a link is told apart by more than its colour
              (WCAG 1.4.1, axe's link-in-text-block). */}
          <Text size="xs" c="dimmed" ta="center" mt="xs">
            {t('login.privacy')}:{' '}
            <Anchor
              href="/privacy/he.html"
              target="_blank"
              rel="noopener"
              size="xs"
              hrefLang="he"
              underline="always"
            >
              {t('login.privacyHe')}
            </Anchor>
            {' · '}
            <Anchor
              href="/privacy/en.html"
              target="_blank"
              rel="noopener"
              size="xs"
              hrefLang="en"
              underline="always"
            >
              {t('login.privacyEn')}
            </Anchor>
          </Text>
        </div>
      </Stack>
    </form>
  );
}
