import { friendTypeTraits, Priv } from '../../../protocol/constants.ts';
import { ActionIcon, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { Link } from 'react-router';
import {
  ArrowBackIcon,
  BookIcon,
  BulbIcon,
  FolderIcon,
  IdCardIcon,
  InfoIcon,
  PencilIcon,
  ResetIcon,
  ShareIcon,
} from '../../shared/components/icons.tsx';
import { ExportMenu } from './export-menu.tsx';
import { HorizonControl } from './horizon-control.tsx';
import { useTimedMessage } from '../../shared/hooks/use-timed-message.ts';
import type { DetailsMode } from './use-details.ts';
import type { ChatMode, FriendInfo } from './chat-types.ts';

/** What the toolbar offers to whom (spec part 2 §2 "Toolbar icons" and §6). */
export function toolbarFor(info: FriendInfo, mode: ChatMode) {
  const editor = info.priv === Priv.edit;
  const { brand, files } = friendTypeTraits(info.friendtype);
  return {
    back: mode === 'chat',
    edit: editor && mode === 'chat',
    knowledge: editor,
    details: !brand || editor,
    files: files || editor,
    share: info.public && !brand,
    creator: !brand && !!(info.creatorname || info.creator),
  };
}

function Tool({
  label,
  testid,
  className,
  onClick,
  to,
  disabled,
  children,
}: {
  label: string;
  testid: string;
  className?: string;
  onClick?: () => void;
  to?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const common = {
    variant: 'subtle' as const,
    size: 'lg' as const,
    'aria-label': label,
    title: label,
    'data-testid': testid,
    className,
  };
  return to ? (
    <ActionIcon component={Link} to={to} {...common}>
      {children}
    </ActionIcon>
  ) : (
    <ActionIcon onClick={onClick} disabled={disabled} {...common}>
      {children}
    </ActionIcon>
  );
}

export function ChatToolbar({
  friendid,
  info,
  mode,
  busy,
  onReset,
  onDetails,
  onKnowledge,
  onFiles,
  onToggleCreator,
  subject,
}: {
  friendid: string;
  info: FriendInfo;
  mode: ChatMode;
  busy: boolean;
  onReset: () => void;
  onDetails: (mode: DetailsMode) => void;
  onKnowledge: () => void;
  onFiles: () => void;
  onToggleCreator: () => void;
  /** The subject shown (offered for export). */
  subject?: string | null;
}) {
  const { t } = useTranslation();
  const [shared, showShared] = useTimedMessage(3000);
  const show = toolbarFor(info, mode);

  const share = async () => {
    const url = `${window.location.origin}/${friendid}`;
    try {
      await navigator.clipboard?.writeText(url);
    } catch {
      // no clipboard permission: the share sheet (or the message) is enough
    }
    showShared(t('chat.shareCopied'));
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({
          title: info.friendname,
          text: t('chat.shareText', { name: info.friendname }),
          url,
        });
      } catch {
        // cancelled
      }
    }
  };

  return (
    <div className="chat-toolbar">
      <div className="chat-toolbar__icons" role="toolbar" aria-label={t('chat.toolbar')}>
        {show.back ? (
          <Tool label={t('chat.back')} testid="chat-back" to="/main">
            <ArrowBackIcon className="flip-rtl" />
          </Tool>
        ) : null}
        <Tool label={t('chat.reset')} testid="chat-reset" onClick={onReset} disabled={busy}>
          <ResetIcon />
        </Tool>
        {show.edit ? (
          <Tool label={t('chat.edit')} testid="chat-edit" to={`/createdit/${friendid}`}>
            <PencilIcon />
          </Tool>
        ) : null}
        {show.knowledge ? (
          <Tool label={t('chat.knowledge')} testid="chat-knowledge" onClick={onKnowledge}>
            <BookIcon />
          </Tool>
        ) : null}
        {show.details ? (
          <>
            <Tool
              label={t('chat.details')}
              testid="details-open"
              onClick={() => onDetails('general')}
            >
              <IdCardIcon />
            </Tool>
            <Tool label={t('chat.memory')} testid="memory-open" onClick={() => onDetails('memory')}>
              <BulbIcon />
            </Tool>
          </>
        ) : null}
        {show.files ? (
          <Tool
            label={t('chat.files')}
            testid="chat-files"
            className="chat-toolbar__desktop"
            onClick={onFiles}
          >
            <FolderIcon />
          </Tool>
        ) : null}
        <HorizonControl friendid={friendid} />
        {subject ? <ExportMenu friendid={friendid} subject={subject} onError={showShared} /> : null}
        {show.share ? (
          <Tool label={t('chat.share')} testid="chat-share" onClick={() => void share()}>
            <ShareIcon />
          </Tool>
        ) : null}
        {show.creator ? (
          <Tool label={t('chat.showCreator')} testid="chat-creator" onClick={onToggleCreator}>
            <InfoIcon />
          </Tool>
        ) : null}
      </div>
      {shared ? (
        <Text size="xs" c="teal.8" role="status" data-testid="chat-share-message">
          {shared}
        </Text>
      ) : null}
    </div>
  );
}
