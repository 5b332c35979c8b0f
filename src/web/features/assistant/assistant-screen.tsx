import '@mantine/core/styles/SimpleGrid.css';
import { Alert, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { CharacterCard } from '../../shared/components/character-card.tsx';
import { AlertIcon } from '../../shared/components/icons.tsx';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { useAssistants } from './api.ts';

/** /assistant: pick the sales or the support assistant (spec part 2 'Assistant screen'). */
export function AssistantScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const errorText = useErrorText();
  const assistants = useAssistants(lang);
  usePageTitle(t('assistant.title'));

  const cards = assistants.data
    ? ([
        ['sales', assistants.data.sales],
        ['support', assistants.data.support],
      ] as const)
    : [];
  const present = cards.filter(([, card]) => card !== null);

  return (
    <Container size="md" px="md" py="lg" className="assistant-screen">
      <Title order={1} size="h2">
        {t('assistant.title')}
      </Title>
      <Text c="dimmed" mt="xs" mb="lg">
        {t('assistant.intro')}
      </Text>
      {assistants.isPending ? <PageLoader /> : null}
      {assistants.isError ? (
        <Alert
          color="red"
          radius="md"
          icon={<AlertIcon size={18} />}
          title={t('assistant.loadError')}
        >
          {errorText(assistants.error)}
        </Alert>
      ) : null}
      {assistants.isSuccess && present.length === 0 ? (
        <Text c="dimmed">{t('assistant.empty')}</Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {present.map(([kind, card]) =>
          card ? (
            <CharacterCard
              key={kind}
              friendid={card.friendid}
              name={card.friendname}
              image={card.image}
              description={card.description}
              badge={t(`assistant.${kind}`)}
              to={`/chat/${card.friendid}`}
              action={t('main.openChatAction')}
              testId={`assistant-${kind}`}
            />
          ) : null,
        )}
      </SimpleGrid>
    </Container>
  );
}

export default AssistantScreen;
