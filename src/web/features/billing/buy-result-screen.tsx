import { Alert, Anchor, Button, Container, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { useOrderStatus } from './api.ts';

/**
 * /buy/{order}: thank-you with the order and invoice, or "we could not process your order"
 * with a way back to the purchase page: for an unknown order, a closed one, and one still
 * unpaid when the bounded wait for its confirmation is over.
 */
export function BuyResultScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const order = Number(useParams().order) || 0;
  const status = useOrderStatus(order, lang);
  usePageTitle(t('billing.buy.title'));
  const s = status.data;
  const paid = !!s && (s.status ?? 0) >= 1;
  // Still waiting for the provider's word: the first answer, or an unpaid order asked again.
  const confirming = order > 0 && (status.isPending || (!!s && s.status === 0 && !s.gaveUp));
  const failed = order === 0 || status.isError || (!!s && !paid && !confirming);

  return (
    <Container size="sm" px="md" py="xl" className="buy-result-screen">
      {confirming ? (
        <Group gap="sm" data-testid="buy-confirming">
          <Loader size="sm" />
          <Text>{t('billing.buy.confirming')}</Text>
        </Group>
      ) : null}
      {paid ? (
        <Paper withBorder radius="md" p="xl" data-testid="buy-thanks">
          <Title order={1} size="h2">
            {t('billing.buy.thanks')}
          </Title>
          <Text mt="md" size="lg" data-testid="order-number">
            {t('billing.buy.orderNumber', { order: s.order ?? order })}
          </Text>
          {s.invurl ? (
            <Anchor
              href={s.invurl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="invoice-link"
            >
              {t('billing.buy.invoice', { invoice: s.invoice ?? '' })}
            </Anchor>
          ) : null}
          <Group mt="xl">
            <Button component={Link} to="/main" data-testid="back-home">
              {t('billing.buy.backHome')}
            </Button>
            <Button component={Link} to="/edituser" variant="light">
              {t('billing.profile.title')}
            </Button>
          </Group>
        </Paper>
      ) : null}
      {failed ? (
        <Alert color="red" role="alert" data-testid="buy-failed">
          <Text>{t('billing.buy.failed')}</Text>
          <Button component={Link} to="/buy" mt="md" variant="white" color="red">
            {t('billing.buy.backToBuy')}
          </Button>
        </Alert>
      ) : null}
    </Container>
  );
}

export default BuyResultScreen;
