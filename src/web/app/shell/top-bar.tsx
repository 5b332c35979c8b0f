import { ActionIcon, Group, Text } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { Link, useLocation } from 'react-router';
import { InstallWidget } from '../../features/pwa/install-widget.tsx';
import { NotificationsDialogHost } from '../../features/pwa/settings-dialog-host.tsx';
import { LogoutIcon, UserIcon } from '../../shared/components/core-icons.tsx';
import { useCurrentPageTitle } from '../../shared/hooks/page-title.ts';
import { useAssistantHost } from '../../shared/session/use-assistant-host.ts';
import { useSignOut } from '../../shared/session/use-sign-out.ts';
import { useStored } from '../../shared/storage/use-stored.ts';
import { LangSwitch } from './lang-switch.tsx';
import { UserMenu } from './user-menu.tsx';

/** Chat screens use the whole width: no logo there (spec part 1 §2 'Shell'). */
const NO_LOGO = /^\/(chat|minchat)(\/|$)/;

export function TopBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const email = useStored('email');
  const fullname = useStored('fullname');
  const title = useCurrentPageTitle();
  const assistantHost = useAssistantHost();
  const signOut = useSignOut();
  const home = email ? (assistantHost ? '/assistant' : '/main') : '/home';

  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        {NO_LOGO.test(pathname) ? null : (
          <>
            <Link
              to={home}
              className="top-bar__logo"
              aria-label={email ? t('shell.toList') : t('shell.toHome')}
            >
              <img src="/logo.svg" alt="" width={40} height={40} />
            </Link>
            <span className="top-bar__brand">{t('app.name')}</span>
          </>
        )}
        <Text className="top-bar__title" fw={600} truncate="end" data-testid="page-title">
          {title}
        </Text>
        <Group gap="xs" wrap="nowrap" className="top-bar__end">
          {email ? (
            <>
              <UserMenu fullname={fullname} />
              <NotificationsDialogHost />
              <ActionIcon
                component={Link}
                to="/edituser"
                variant="subtle"
                size="lg"
                aria-label={t('shell.editUser')}
                title={t('shell.editUser')}
                // On a phone the name's menu has the same link: the name keeps the room.
                className="top-bar__edit-user"
                data-testid="edit-user"
              >
                <UserIcon />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="lg"
                onClick={() => void signOut()}
                aria-label={t('shell.logout')}
                title={t('shell.logout')}
                data-testid="logout"
              >
                <LogoutIcon className="flip-rtl" />
              </ActionIcon>
            </>
          ) : null}
          <InstallWidget />
          <LangSwitch />
        </Group>
      </div>
    </header>
  );
}
