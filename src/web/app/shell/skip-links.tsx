import { SkipLink } from '../../shared/a11y/skip-link.tsx';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { focusScreen, MAIN_ID } from './route-focus.ts';

/**
 * The page's first stop for the keyboard: past the top bar to the screen's heading (issue
 * 38). The links to the characters and to the chat's message box sit right after their
 * screens' headings (main-screen.tsx, chat-screen.tsx), where this link and every route
 * change bring the keyboard, so one place serves both ways in.
 */
export function SkipLinks() {
  const { t } = useTranslation();
  return (
    <div className="skip-links">
      <SkipLink target={MAIN_ID} onSkip={() => void focusScreen()} testId="skip-content">
        {t('shell.skipToContent')}
      </SkipLink>
    </div>
  );
}
