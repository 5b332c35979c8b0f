import '@mantine/core/styles/SimpleGrid.css';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { useGetSubscriptionTypes, usePay } from './api.ts';
import { BuyButton, TypeCard } from './type-card.tsx';

/** /buy (spec part 2 §2 "Buy screen"): the types, then the payment frame for the chosen one. */
function BuyScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const types = useGetSubscriptionTypes(lang);
  const pay = usePay();
  const [frame, setFrame] = useState<{ url: string; type: number } | null>(null);
  const [params] = useSearchParams();
  const started = useRef(false);
  usePageTitle(t('billing.buy.title'));

  const choose = (type: number) =>
    pay.mutate({ type, lang }, { onSuccess: ({ url }) => setFrame({ url, type }) });

  // /buy?subtype=N (the subscription screen's buy link) goes straight to that type's payment.
  const subtype = Number(params.get('subtype'));
  useEffect(() => {
    if (started.current || !subtype || !types.data) return;
    if (types.data.types.some((x) => x.type === subtype)) {
      started.current = true;
      choose(subtype);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subtype, types.data]);

  const chosen = frame ? types.data?.types.find((x) => x.type === frame.type) : undefined;

  return (
    <Container size="lg" px="md" py="lg" className="buy-screen">
      <Title order={1} size="h2" mb="md">
        {t('billing.buy.title')}
      </Title>
      {types.data?.sandbox ? (
        <Alert color="orange" variant="light" mb="md" data-testid="sandbox-note">
          {t('billing.subscription.sandbox')}
        </Alert>
      ) : null}
      {pay.isError ? (
        <Alert color="red" role="alert" mb="md" data-testid="pay-error">
          {pay.error.message || t('billing.buy.payError')}
        </Alert>
      ) : null}
      {types.isPending ? <PageLoader /> : null}
      {types.isError ? (
        <Alert color="red" role="alert">
          {t('billing.buy.payError')}
        </Alert>
      ) : null}
      {frame ? (
        <Paper withBorder radius="md" p="sm" data-testid="payment-frame-box">
          <Group justify="space-between" mb="xs">
            <Text fw={600}>{chosen?.name}</Text>
            <Button variant="subtle" size="xs" onClick={() => setFrame(null)}>
              {t('billing.buy.chooseOther')}
            </Button>
          </Group>
          <iframe
            src={frame.url}
            title={t('billing.buy.frameTitle')}
            data-testid="payment-frame"
            style={{ width: '100%', height: 460, border: 0, borderRadius: 8 }}
          />
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {types.data?.types.map((type) => (
            <TypeCard
              key={type.type}
              type={type}
              lang={lang}
              action={
                <BuyButton
                  onClick={() => choose(type.type)}
                  loading={pay.isPending && pay.variables.type === type.type}
                />
              }
            />
          ))}
        </SimpleGrid>
      )}
      {types.data && types.data.types.length === 0 ? (
        <Text c="dimmed">{t('billing.subscription.empty')}</Text>
      ) : null}
      <Anchor href="/edituser" size="sm" mt="lg" display="block">
        {t('billing.profile.title')}
      </Anchor>
    </Container>
  );
}

export default BuyScreen;
