import { friendTypeTraits } from '../../../protocol/constants.ts';
import { ActionIcon, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { CharacterImage } from '../../shared/components/character-image.tsx';
import { CloseIcon } from '../../shared/components/icons.tsx';
import { isolate } from '../../shared/i18n/language.ts';
import { ChatToolbar } from './chat-toolbar.tsx';
import type { ChatMode, FriendInfo } from './chat-types.ts';
import { SubjectsSidebar } from './subjects-sidebar.tsx';
import type { DetailsMode } from './use-details.ts';

/**
 * The chat's side panel (spec part 2 §2): toolbar, creator, the character's image and the
 * subjects. On desktop (≥ 1200 px) it stands beside the conversation at the start side;
 * below that it slides in as a drawer from the menu button.
 */
export function ChatPanel({
  open,
  onClose,
  friendid,
  info,
  mode,
  busy,
  subjects,
  subject,
  forced,
  onSelectSubject,
  onRenamedSubject,
  onReset,
  onDetails,
  onKnowledge,
  onFiles,
}: {
  open: boolean;
  onClose: () => void;
  friendid: string;
  info: FriendInfo;
  mode: ChatMode;
  busy: boolean;
  subjects: string[] | undefined;
  subject: string | null;
  forced: string | null;
  onSelectSubject: (name: string) => void;
  onRenamedSubject: (from: string, to: string) => void;
  onReset: () => void;
  onDetails: (mode: DetailsMode) => void;
  onKnowledge: () => void;
  onFiles: () => void;
}) {
  const { t } = useTranslation();
  const [creatorShown, setCreatorShown] = useState(false);
  const small = friendTypeTraits(info.friendtype).files;
  return (
    <aside
      className={`chat-panel${open ? ' chat-panel--open' : ''}`}
      aria-label={t('chat.openPanel')}
      data-testid="chat-panel"
    >
      <div className="chat-panel__close">
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={onClose}
          aria-label={t('chat.closePanel')}
          title={t('chat.closePanel')}
          data-testid="chat-panel-close"
        >
          <CloseIcon />
        </ActionIcon>
      </div>
      <ChatToolbar
        subject={subject}
        friendid={friendid}
        info={info}
        mode={mode}
        busy={busy}
        onReset={onReset}
        onDetails={onDetails}
        onKnowledge={onKnowledge}
        onFiles={onFiles}
        onToggleCreator={() => setCreatorShown((v) => !v)}
      />
      {creatorShown ? (
        <Text size="sm" className="chat-panel__creator" data-testid="chat-creator-info">
          {t('chat.creator', { name: isolate(info.creatorname || info.creator) })}
          {info.creatorname && info.creator ? (
            <Text span size="xs" c="dimmed" dir="ltr" className="chat-panel__creator-email">
              {info.creator}
            </Text>
          ) : null}
        </Text>
      ) : null}
      <div className={`chat-panel__image chat-panel__image--${small ? 'small' : 'large'}`}>
        <CharacterImage src={info.image} name={info.friendname} />
      </div>
      {subjects ? (
        <SubjectsSidebar
          friendid={friendid}
          subjects={subjects}
          current={subject}
          forced={forced}
          disabled={busy}
          onSelect={(name) => {
            onSelectSubject(name);
            onClose();
          }}
          onRenamed={onRenamedSubject}
        />
      ) : null}
    </aside>
  );
}
