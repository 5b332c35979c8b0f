import '@mantine/core/styles/Card.css';
// Without its styles the link's spoken action would show on every card.
import '@mantine/core/styles/VisuallyHidden.css';
import { Card, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { CharacterImage } from './character-image.tsx';

export interface CharacterCardProps {
  friendid: string;
  name: string;
  image: string;
  description: string;
  to: string;
  /**
   * What following the link does, e.g. 'Open the chat': said after the card's own text, so
   * the link's name starts with what the card shows (WCAG 2.5.3, issue 38).
   */
  action: string;
  badge?: string;
  testId?: string;
}

/** A character as a clickable card: picture, name, a few lines of description. */
export function CharacterCard({
  friendid,
  name,
  image,
  description,
  to,
  action,
  badge,
  testId,
}: CharacterCardProps) {
  return (
    <Card
      component={Link}
      to={to}
      className="character-card"
      padding="md"
      radius="lg"
      withBorder
      data-testid={testId ?? 'friend-card'}
      data-friendid={friendid}
    >
      <Card.Section className="character-card__media">
        <CharacterImage src={image} name={name} />
      </Card.Section>
      {badge ? (
        <Text size="xs" fw={600} c="orange.8" tt="uppercase" mt="sm">
          {badge}
        </Text>
      ) : null}
      {/* Clamped: a name of any length keeps the card its size; the whole name is the
          link's accessible name and its tooltip. An h2: cards sit right under the screen's
          h1 (the characters, the assistants). */}
      <Title
        order={2}
        size="h4"
        mt={badge ? 2 : 'sm'}
        dir="auto"
        lineClamp={2}
        title={name}
        className="character-card__name"
      >
        {name}
      </Title>
      <Text
        size="sm"
        c="dimmed"
        lineClamp={3}
        mt={4}
        dir="auto"
        className="character-card__description"
      >
        {description}
      </Text>
      <VisuallyHidden>{action}</VisuallyHidden>
    </Card>
  );
}
