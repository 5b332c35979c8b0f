import { Menu } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { setPwaState, usePwaState } from './pwa-state.ts';

const PushSettingsDialog = lazy(() => import('./settings-dialog.tsx'));

/** The user menu's "Notifications and privacy" item (the menu closes on click). */
export function NotificationsMenuItem() {
  const { t } = useTranslation();
  return (
    <Menu.Item onClick={() => setPwaState({ settingsOpen: true })} data-testid="open-push-settings">
      {t('pwa.settingsMenu')}
    </Menu.Item>
  );
}

/** Its dialog, mounted beside the menu; anything may open it through `setPwaState`. */
export function NotificationsDialogHost() {
  const { settingsOpen } = usePwaState();
  return settingsOpen ? (
    <Suspense fallback={null}>
      <PushSettingsDialog onClose={() => setPwaState({ settingsOpen: false })} />
    </Suspense>
  ) : null;
}
