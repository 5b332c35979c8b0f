import { useLocation } from 'react-router';
import { SKIP_TARGETS, SkipLink } from '../../shared/a11y/skip-link.tsx';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { focusScreen, MAIN_ID } from './route-focus.ts';

/** Screens whose message box is worth its own skip link. */
const CHAT = /^\/(chat|minchat)\//;

/** The page's first stops for the keyboard: past the top bar to the screen (issue 38). */
export function SkipLinks() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="skip-links">
      <SkipLink target={MAIN_ID} onSkip={() => void focusScreen()} testId="skip-content">
        {t('shell.skipToContent')}
      </SkipLink>
      {CHAT.test(pathname) ? (
        <SkipLink target={SKIP_TARGETS.chatInput} testId="skip-chat-input">
          {t('shell.skipToChatInput')}
        </SkipLink>
      ) : null}
      {pathname === '/main' ? (
        <SkipLink target={SKIP_TARGETS.characters} testId="skip-characters">
          {t('shell.skipToCharacters')}
        </SkipLink>
      ) : null}
    </div>
  );
}
