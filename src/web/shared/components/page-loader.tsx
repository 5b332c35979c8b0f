import { Center, Loader } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.tsx';

/** In-place loading indicator for a screen or a section. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}
