import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import type { SubscriptionType } from '../../../protocol/entities.ts';
import type { Lang } from '../../shared/i18n/language.ts';
import { formatShekels } from './money.ts';

/** One subscription type: name, description, price in ₪, and its buy action. */
export function TypeCard({
  type,
  lang,
  action,
}: {
  type: SubscriptionType;
  lang: Lang;
  action: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`type-${type.type}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        {/* An h2: the cards sit right under the screen's h1 (buy, subscription). */}
        <Title order={2} size="h4">
          {type.name}
        </Title>
        <Badge variant="light" color={type.monthly ? 'grape' : 'blue'}>
          {type.monthly ? t('billing.subscription.monthly') : t('billing.subscription.once')}
        </Badge>
      </Group>
      {/* Sanitised by the server (an allow-list of simple formatting tags, no attributes). */}
      <Text
        component="div"
        size="sm"
        mt="xs"
        className="type-description"
        dangerouslySetInnerHTML={{ __html: type.description }}
      />
      <Group justify="space-between" mt="md">
        <Text fw={700} size="xl" data-testid="price">
          {formatShekels(type.price, lang)}
        </Text>
        {action}
      </Group>
    </Card>
  );
}

export function BuyButton({ onClick, loading }: { onClick: () => void; loading?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button onClick={onClick} loading={loading} data-testid="buy">
      {t('billing.buy.buy')}
    </Button>
  );
}
