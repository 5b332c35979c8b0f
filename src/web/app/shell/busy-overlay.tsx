import { Loader, Text } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useIsBusy } from '../../shared/hooks/busy.ts';

/** Full-screen 'Please wait...' while any busy work runs. */
export function BusyOverlay() {
  const { t } = useTranslation();
  const busy = useIsBusy();
  if (!busy) return null;
  return (
    <div className="busy-overlay" role="status" aria-live="assertive" data-testid="busy">
      <div className="busy-overlay__box">
        <Loader size="lg" />
        <Text fw={600} mt="sm">
          {t('common.pleaseWait')}
        </Text>
      </div>
    </div>
  );
}
