import { Menu } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { setPwaState } from './pwa-state.ts';

/** The user menu's "Notifications and privacy" item (the menu closes on click). */
export function NotificationsMenuItem() {
  const { t } = useTranslation();
  return (
    <Menu.Item onClick={() => setPwaState({ settingsOpen: true })} data-testid="open-push-settings">
      {t('pwa.settingsMenu')}
    </Menu.Item>
  );
}
