import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useConfirm } from '../../shared/components/confirm-dialog.tsx';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { formatDateTime } from '../../shared/i18n/format-time.ts';
import type { Lang } from '../../shared/i18n/language.ts';
import { useBillingPortal, useCancelSubscription, useGetSubscriptionStatus } from './api.ts';

/** Monthly subscription: active with its next charge date (cancel, manage the card), or not. */
export function MonthlyStatus({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const status = useGetSubscriptionStatus(lang);
  const cancel = useCancelSubscription();
  const portal = useBillingPortal();
  const [dialog, confirm] = useConfirm();
  const s = status.data;
  const failed = cancel.error ?? portal.error;

  return (
    <div data-testid="monthly-status">
      {dialog}
      {s?.monthly ? (
        <Group gap="sm" wrap="wrap">
          <Text fw={500}>
            {t('billing.profile.monthlyActive', {
              name: s.name,
              date: formatDateTime(s.duedate),
            })}
          </Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={cancel.isPending}
            onClick={async () => {
              if (await confirm(t('billing.profile.cancelConfirm'), { danger: true }))
                cancel.mutate();
            }}
          >
            {t('billing.profile.cancelMonthly')}
          </Button>
          {s.portal ? (
            <Button
              size="xs"
              variant="light"
              loading={portal.isPending}
              onClick={() => portal.mutate()}
            >
              {t('billing.profile.manageCard')}
            </Button>
          ) : null}
        </Group>
      ) : s ? (
        <Text c="dimmed">{t('billing.profile.monthlyInactive')}</Text>
      ) : null}
      {failed ? (
        <Alert color="red" role="alert" mt="xs">
          {errorText(failed)}
        </Alert>
      ) : null}
    </div>
  );
}
