import { ActionIcon } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Icon } from '../../shared/components/core-icons.tsx';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { detectPlatform, type Platform } from './platform.ts';
import { setPwaState, usePwaState } from './pwa-state.ts';

// The popup and its dialog styles load only when someone asks how to install.
const InstallPopup = lazy(() => import('./install-popup.tsx'));

function InstallIcon() {
  return (
    <Icon>
      <path d="M12 3v12" />
      <path d="m7 10 5 5 5-5" />
      <path d="M5 21h14" />
    </Icon>
  );
}

/**
 * The install button (spec part 1 §2 "Install widget"): shown when the browser offers to
 * install, or on iOS and desktop Safari when not already opened as an app. Where the
 * browser offers, the click brings its own dialog; elsewhere our instructions.
 */
export function InstallWidget({ platform = detectPlatform() }: { platform?: Platform }) {
  const { t } = useTranslation();
  const { installPrompt } = usePwaState();
  const [open, setOpen] = useState(false);
  const manual = !platform.standalone && (platform.ios || platform.desktopSafari);
  if (!installPrompt && !manual) return null;

  async function install() {
    if (!installPrompt) {
      setOpen(true);
      return;
    }
    try {
      // An offer can be used once; the browser makes a new one if the reader declines.
      setPwaState({ installPrompt: null });
      await installPrompt.prompt();
    } catch {
      setOpen(true);
    }
  }

  return (
    <>
      <ActionIcon
        variant="subtle"
        size="lg"
        onClick={() => void install()}
        aria-label={t('pwa.install')}
        title={t('pwa.install')}
        data-testid="install-app"
      >
        <InstallIcon />
      </ActionIcon>
      {open ? (
        <Suspense fallback={null}>
          <InstallPopup platform={platform} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
