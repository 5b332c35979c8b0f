import { Alert, Button, Group, Menu, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { Link, useNavigate } from 'react-router';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import { withBusy } from '../../shared/hooks/busy.ts';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { UserType } from '../../../protocol/constants.ts';
import { clearOfflineCopies } from '../../shared/offline/offline-copy.ts';
import { storage } from '../../shared/storage/storage.ts';
import { useStored } from '../../shared/storage/use-stored.ts';
import { UserMenuButton } from './user-menu.tsx';
import { NotificationsMenuItem } from '../../features/pwa/settings-menu-item.tsx';

/**
 * The user menu itself (user-menu.tsx loads it on the first click, already open): the
 * profile, and signing out on every device (a lost phone, a shared computer).
 */
export default function UserMenuDropdown({ fullname }: { fullname: string | null }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const admin = useStored('usertype') === UserType.admin;

  async function signOutEverywhere() {
    setError(null);
    try {
      await withBusy(() => callOrThrow('SignOutEverywhere', {}));
    } catch (err) {
      // The sessions may still be alive: say so rather than pretend.
      setError(errorText(err));
      return;
    }
    setConfirming(false);
    storage.clear();
    await clearOfflineCopies();
    queryClient.clear();
    await navigate('/home', { replace: true });
  }

  return (
    <>
      <Menu position="bottom-end" withinPortal defaultOpened>
        <Menu.Target>
          <UserMenuButton fullname={fullname} />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to="/edituser">
            {t('shell.editUser')}
          </Menu.Item>
          {admin ? (
            <Menu.Item component={Link} to="/usage" data-testid="menu-usage">
              {t('usage.menu')}
            </Menu.Item>
          ) : null}
          <NotificationsMenuItem />
          <Menu.Item
            color="red"
            onClick={() => setConfirming(true)}
            data-testid="signout-everywhere"
          >
            {t('shell.signOutEverywhere')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('shell.signOutEverywhere')}
        centered
      >
        <Text size="sm">{t('shell.signOutEverywhereText')}</Text>
        {error ? (
          <Alert color="red" mt="sm" data-testid="signout-everywhere-error">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => void signOutEverywhere()}
            data-testid="signout-everywhere-confirm"
          >
            {t('shell.signOutEverywhereConfirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
