import '@mantine/core/styles/VisuallyHidden.css';
import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.tsx';

/**
 * In-place loading indicator for a screen or a section: one status region that says it is
 * loading in words (the spinner itself is decoration), so it is announced once, not twice.
 */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
    </Center>
  );
}
