import '@mantine/core/styles/Table.css';
import { Alert, Anchor, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { formatDateTime } from '../../shared/i18n/format-time.ts';
import type { Lang } from '../../shared/i18n/language.ts';
import { useOrderHistory } from './api.ts';
import { formatShekels } from './money.ts';

/** The profile's purchase history (spec part 2 §2): order, date, amount, type, invoice link. */
export function OrderHistory({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const history = useOrderHistory(lang);
  const statusText = (s: number) =>
    s === 0
      ? t('billing.profile.statusWaiting')
      : s === -1
        ? t('billing.profile.statusCancelled')
        : t('billing.profile.statusFailed');

  return (
    <section className="order-history" data-testid="order-history">
      <Title order={2} size="h4" mt="xl" mb="sm">
        {t('billing.profile.history')}
      </Title>
      {history.isPending ? <PageLoader /> : null}
      {history.isError ? (
        <Alert color="red" role="alert">
          {errorText(history.error)}
        </Alert>
      ) : null}
      {history.data && history.data.orders.length === 0 ? (
        <Text c="dimmed" data-testid="no-orders">
          {t('billing.profile.noOrders')}
        </Text>
      ) : null}
      {history.data && history.data.orders.length > 0 ? (
        <Table.ScrollContainer minWidth={520}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('billing.profile.order')}</Table.Th>
                <Table.Th>{t('billing.profile.date')}</Table.Th>
                <Table.Th>{t('billing.profile.amount')}</Table.Th>
                <Table.Th>{t('billing.profile.type')}</Table.Th>
                <Table.Th>{t('billing.profile.invoice')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.orders.map((o) => (
                <Table.Tr key={o.order} data-testid={`order-${o.order}`}>
                  <Table.Td>{o.order}</Table.Td>
                  <Table.Td dir="ltr">{formatDateTime(o.tm)}</Table.Td>
                  <Table.Td>{formatShekels(o.price, lang)}</Table.Td>
                  <Table.Td>{o.item}</Table.Td>
                  <Table.Td>
                    {o.invurl ? (
                      <Anchor href={o.invurl} target="_blank" rel="noopener noreferrer">
                        {o.invoice}
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed" span>
                        {o.status === 1 ? o.invoice : statusText(o.status)}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </section>
  );
}
