import '@mantine/core/styles/SimpleGrid.css';
import { Alert, Button, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { useGetSubscriptionTypes } from './api.ts';
import { MonthlyStatus } from './monthly-status.tsx';
import { TypeCard } from './type-card.tsx';

const STATUS = {
  success: { color: 'green', key: 'billing.subscription.success' },
  cancel: { color: 'yellow', key: 'billing.subscription.cancel' },
  error: { color: 'red', key: 'billing.subscription.error' },
} as const;

/** /subscription and /subscription/{success|cancel|error} (spec part 2 §2). */
function SubscriptionScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const errorText = useErrorText();
  const { status } = useParams();
  const types = useGetSubscriptionTypes(lang);
  const alert = status && status in STATUS ? STATUS[status as keyof typeof STATUS] : null;
  usePageTitle(t('billing.subscription.title'));

  return (
    <Container size="lg" px="md" py="lg" className="subscription-screen">
      <Title order={1} size="h2" mb="md">
        {t('billing.subscription.title')}
      </Title>
      {alert ? (
        <Alert color={alert.color} mb="md" role="status" data-testid="subscription-alert">
          {t(alert.key)}
        </Alert>
      ) : null}
      <MonthlyStatus lang={lang} />
      {types.data?.sandbox ? (
        <Alert color="orange" variant="light" mt="md" data-testid="sandbox-note">
          {t('billing.subscription.sandbox')}
        </Alert>
      ) : null}
      {types.isPending ? <PageLoader /> : null}
      {types.isError ? (
        <Alert color="red" role="alert" mt="md">
          {errorText(types.error)}
        </Alert>
      ) : null}
      {types.data && types.data.types.length === 0 ? (
        <Text c="dimmed" mt="md">
          {t('billing.subscription.empty')}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="md">
        {types.data?.types.map((type) => (
          <TypeCard
            key={type.type}
            type={type}
            lang={lang}
            action={
              <Button component={Link} to={`/buy?subtype=${type.type}`} data-testid="buy-link">
                {t('billing.subscription.buy')}
              </Button>
            }
          />
        ))}
      </SimpleGrid>
    </Container>
  );
}

export default SubscriptionScreen;
