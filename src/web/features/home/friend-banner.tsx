import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { isolate } from '../../shared/i18n/language.ts';
import { CharacterImage } from '../../shared/components/character-image.tsx';
import { usePublicFriend } from './use-public-friend.ts';

/** /home/:friendid: the character the visitor came for. Nothing when it is not public. */
export function FriendBanner({ friendid }: { friendid: string }) {
  const { t } = useTranslation();
  const friend = usePublicFriend(friendid);
  if (!friend.data) return null;
  const { friendname, image, description, tags } = friend.data;
  return (
    <Paper className="friend-banner" radius="lg" p="md" withBorder data-testid="home-friend">
      <CharacterImage src={image} name={friendname} className="friend-banner__image" />
      <div className="friend-banner__text">
        <Title order={2} size="h3" dir="auto" lineClamp={2} title={friendname}>
          {friendname}
        </Title>
        <Text size="sm" c="dimmed" lineClamp={2} dir="auto">
          {description}
        </Text>
        {tags.length ? (
          <Group
            gap={6}
            mt={6}
            aria-label={t('home.friendTags')}
            role="list"
            data-testid="home-friend-tags"
          >
            {tags.map((tag) => (
              <Badge
                key={tag}
                variant="light"
                color="gray"
                radius="sm"
                tt="none"
                dir="auto"
                role="listitem"
              >
                {tag}
              </Badge>
            ))}
          </Group>
        ) : null}
        <Text size="sm" fw={600} c="orange.8" mt={4}>
          {t('home.friendInvite', { name: isolate(friendname) })}
        </Text>
      </div>
    </Paper>
  );
}
