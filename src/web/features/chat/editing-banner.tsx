import { Priv } from '../../../protocol/constants.ts';
import { Text } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { CharacterImage } from '../../shared/components/character-image.tsx';
import { isolate } from '../../shared/i18n/language.ts';
import { useFriendCard } from './use-friend-card.ts';

/**
 * The editor's popup (/chat/sharoneditor/:friendid) names the character being worked on:
 * GetFriendDetails for the detailsfor id (spec part 2 §7). When the user may not edit that
 * character the editor cannot see its texts, and the banner says so.
 */
export function EditingBanner({ friendid }: { friendid: string }) {
  const { t } = useTranslation();
  const details = useFriendCard(friendid);
  if (details.isPending) return null;
  const f = details.data;
  const editable = f?.priv === Priv.edit;
  return (
    <div
      className={`chat-editing${editable ? '' : ' chat-editing--warn'}`}
      role="status"
      data-testid="chat-editing"
    >
      {f ? (
        <CharacterImage src={f.image} name={f.friendname} className="chat-editing__img" />
      ) : null}
      <Text size="sm" dir="auto" truncate="end">
        {editable
          ? t('chat.editingFriend', { name: isolate(f.friendname) })
          : t('chat.editingNoRight', { name: isolate(f?.friendname || friendid) })}
      </Text>
    </div>
  );
}
