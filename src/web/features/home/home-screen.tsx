import { Alert, Button, Container, Paper, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useLocation, useParams } from 'react-router';
import { AlertIcon } from '../../shared/components/core-icons.tsx';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { ensureGuestToken } from '../../shared/session/session.ts';
import { storage } from '../../shared/storage/storage.ts';
import { useStored } from '../../shared/storage/use-stored.ts';
import { FriendBanner } from './friend-banner.tsx';
import { IntroText } from './intro-text.tsx';
import { usePublicFriend } from './use-public-friend.ts';
import { useIntro } from './use-intro.ts';
import { PageLoader } from '../../shared/components/page-loader.tsx';

const FORM_ID = 'home-login';
/** The longest the landing screen waits for its intro before it shows the form. */
export const INTRO_WAIT_MS = 1_500;

/** An error another screen sent here, e.g. an expired sign-in link. */
function errorFromState(state: unknown): string | null {
  const error = (state as { error?: unknown } | null)?.error;
  return typeof error === 'string' && error ? error : null;
}

/**
 * /home and /home/:friendid: intro, logo, the login form (given by the app, which owns
 * the sign-in feature) and, with a friendid, that character.
 */
export function HomeScreen({ loginForm }: { loginForm: ReactNode }) {
  const { t } = useTranslation();
  const { friendid } = useParams();
  const location = useLocation();
  const email = useStored('email');
  const error = errorFromState(location.state);
  usePageTitle(t('home.title'));

  useEffect(() => {
    if (!email) ensureGuestToken();
  }, [email]);

  // Signing in from a character's page should open that character's chat: only one that
  // exists and a visitor may open (a public one), else sign-in would end in "not found".
  const friend = usePublicFriend(friendid);
  const pendingId = friend.data?.friendid;
  const refused = friend.isError;
  // The intro (and a character's banner) arrive after the first paint; drawn as they came,
  // they pushed the sign-in form down a phone's screen (a layout shift of 0.23–0.33). The
  // screen waits for them, in a box that already holds the fold, and then appears whole.
  // A slow network never keeps the sign-in form away: after INTRO_WAIT_MS it shows anyway.
  const intro = useIntro();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), INTRO_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const ready = waited || (!intro.isPending && (!friendid || !friend.isPending));
  useEffect(() => {
    if (pendingId) storage.set('friendid', pendingId);
    else if (refused) storage.remove('friendid');
  }, [pendingId, refused]);

  const showForm = () => {
    const el = document.getElementById(FORM_ID);
    el?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    el?.querySelector('input')?.focus({ preventScroll: true });
  };

  return (
    <Container size="lg" px="md" py="lg" className="home">
      {error ? (
        <Alert
          color="red"
          radius="md"
          mb="lg"
          icon={<AlertIcon size={18} />}
          role="alert"
          data-testid="home-error"
        >
          {error}
        </Alert>
      ) : null}

      <Button
        hiddenFrom="md"
        fullWidth
        size="md"
        mb="lg"
        onClick={showForm}
        data-testid="home-login-button"
      >
        {t('home.login')}
      </Button>

      {!ready ? (
        <div className="home__pending" data-testid="home-pending">
          <PageLoader />
        </div>
      ) : (
        <div className="home__grid">
          <section className="home__intro">
            <img
              src="/logo.svg"
              alt={t('shell.logoAlt')}
              className="home__logo"
              width={96}
              height={96}
            />
            {friendid ? <FriendBanner friendid={friendid} /> : null}
            <IntroText />
          </section>
          <aside className="home__login" id={FORM_ID} aria-label={t('login.formTitle')}>
            <Paper radius="lg" p="xl" withBorder shadow="sm" className="home__login-card">
              <Title order={2} size="h3" mb="md">
                {t('login.formTitle')}
              </Title>
              {loginForm}
            </Paper>
          </aside>
        </div>
      )}
    </Container>
  );
}
