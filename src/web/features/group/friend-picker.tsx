import { Priv } from '../../../protocol/constants.ts';
import { ActionIcon, Checkbox, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { Link } from 'react-router';
import type { ActionOutput } from '../../../protocol/registry.ts';
import { CharacterImage } from '../../shared/components/character-image.tsx';
import { PencilIcon, SendIcon } from '../../shared/components/icons.tsx';
import { IconButton } from '../../shared/components/icon-button.tsx';

type Friend = ActionOutput<'RetrieveMultiConversaion'>['friends'][number];

/**
 * The characters to tick (spec part 2 §2 Multichat), each with a button that asks it to
 * answer and, for its editors, an edit icon.
 */
export function FriendPicker({
  friends,
  ticked,
  busy,
  onToggle,
  onAsk,
}: {
  friends: Friend[];
  ticked: string[];
  busy: boolean;
  onToggle: (friendid: string) => void;
  onAsk: (friendid: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} className="group-picker" data-testid="group-picker">
      <Text size="sm" c="dimmed" mb={4}>
        {t('group.pickHint')}
      </Text>
      {friends.map((f) => {
        const on = ticked.includes(f.friendid);
        return (
          <div key={f.friendid} className="group-picker__row" data-testid={`pick-${f.friendid}`}>
            <Checkbox
              checked={on}
              onChange={() => onToggle(f.friendid)}
              aria-label={f.friendname}
              data-testid={`tick-${f.friendid}`}
            />
            <CharacterImage src={f.image} name={f.friendname} className="group-avatar" />
            <Text size="sm" className="group-picker__name" dir="auto">
              {f.friendname}
            </Text>
            <IconButton
              label={t('group.askOne', { name: f.friendname })}
              testid={`ask-${f.friendid}`}
              disabled={!on || busy}
              onClick={() => onAsk(f.friendid)}
            >
              <SendIcon size={16} />
            </IconButton>
            {f.priv === Priv.edit ? (
              <ActionIcon
                variant="subtle"
                component={Link}
                to={`/createdit/${f.friendid}`}
                aria-label={t('group.edit', { name: f.friendname })}
                title={t('group.edit', { name: f.friendname })}
                data-testid={`edit-${f.friendid}`}
              >
                <PencilIcon size={16} />
              </ActionIcon>
            ) : null}
          </div>
        );
      })}
    </Stack>
  );
}
