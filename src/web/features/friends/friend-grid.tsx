import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { Alert, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import type { FriendCard } from '../../../protocol/entities.ts';
import { CharacterCard } from '../../shared/components/character-card.tsx';
import { AlertIcon } from '../../shared/components/icons.tsx';
import { SKIP_TARGETS } from '../../shared/a11y/skip-link.tsx';

const COLS = { base: 2, sm: 3, lg: 4 };

export function FriendGrid({
  friends,
  loading,
  error,
  emptyText,
}: {
  friends: readonly FriendCard[] | undefined;
  loading: boolean;
  error: string | null;
  /** What an empty list says (a search that found nothing); the plain empty text otherwise. */
  emptyText?: string | undefined;
}) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert
        color="red"
        radius="md"
        icon={<AlertIcon size={18} />}
        title={t('main.loadError')}
        data-testid="friends-error"
      >
        {error}
      </Alert>
    );
  }
  if (loading && !friends) {
    return (
      <SimpleGrid cols={COLS} spacing="lg" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={280} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (!friends?.length) {
    return (
      <Text c="dimmed" ta="center" py="xl" data-testid="friends-empty">
        {emptyText ?? t('main.empty')}
      </Text>
    );
  }
  return (
    <SimpleGrid
      cols={COLS}
      spacing={{ base: 'sm', sm: 'lg' }}
      className="friend-grid"
      id={SKIP_TARGETS.characters}
      aria-busy={loading}
    >
      {friends.map((f) => (
        <CharacterCard
          key={f.friendid}
          friendid={f.friendid}
          name={f.friendname}
          image={f.image}
          description={f.description}
          to={`/chat/${f.friendid}`}
          action={t('main.openChatAction')}
        />
      ))}
    </SimpleGrid>
  );
}
