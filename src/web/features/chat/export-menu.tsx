import { ActionIcon } from '@mantine/core';
import { forwardRef, lazy, Suspense, useState, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { DownloadIcon } from './chat-icons.tsx';

// The menu (Mantine's Menu) loads on the first click: the chat's first paint does not need it.
const ExportMenuDropdown = lazy(() => import('./export-menu-dropdown.tsx'));

type ButtonProps = { loading?: boolean } & ComponentPropsWithoutRef<'button'>;

/** The toolbar's download button: the menu's target, before and after the menu loads. */
export const ExportButton = forwardRef<HTMLButtonElement, ButtonProps>(function ExportButton(
  { loading, ...rest },
  ref,
) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      ref={ref}
      variant="subtle"
      size="lg"
      loading={loading}
      aria-label={t('chatx.exportMenu')}
      title={t('chatx.exportMenu')}
      data-testid="chat-export"
      aria-haspopup="menu"
      {...rest}
    >
      <DownloadIcon />
    </ActionIcon>
  );
});

/** Exports the current subject as a Markdown or a JSON file. */
export function ExportMenu(props: {
  friendid: string;
  subject: string;
  onError: (text: string) => void;
}) {
  const [wanted, setWanted] = useState(false);
  const button = <ExportButton aria-expanded={false} onClick={() => setWanted(true)} />;
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <ExportMenuDropdown {...props} />
    </Suspense>
  );
}
