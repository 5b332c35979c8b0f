import { ActionIcon, Button, Group, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { CopyButton } from '../../shared/components/copy-button.tsx';
import { ChevronNextIcon, ChevronPrevIcon, EditIcon, RegenerateIcon } from './chat-icons.tsx';
import type { Message } from './use-conversation.ts';
import { typedDir } from '../../shared/i18n/auto-dir.ts';

/** What a message offers besides rewind and retry (stop, regenerate, alternatives, edit). */
export interface MessageExtras {
  /** The last message shown: only its answer can be written again. */
  lastId: number | null;
  onRegenerate: (m: Message) => void;
  onChoose: (replyid: number) => void;
  /** Answers false when the edit was not sent (cancelled, refused). */
  onEdit: (m: Message, text: string) => Promise<boolean>;
  onStop: () => void;
}

/** "‹ 2/3 ›": switches between an answer's alternatives. */
export function VariantArrows({
  m,
  disabled,
  onChoose,
}: {
  m: Message;
  disabled: boolean;
  onChoose: (replyid: number) => void;
}) {
  const { t } = useTranslation();
  const ids = m.variantids ?? [];
  const at = (m.variant ?? 1) - 1;
  if (ids.length < 2) return null;
  return (
    <Group gap={2} wrap="nowrap" className="chat-msg__variants" data-testid="chat-variants">
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        disabled={disabled || at <= 0}
        onClick={() => onChoose(ids[at - 1]!)}
        aria-label={t('chatx.prevVariant')}
        title={t('chatx.prevVariant')}
        data-testid="chat-variant-prev"
      >
        <ChevronPrevIcon size={15} className="flip-rtl" />
      </ActionIcon>
      <Text
        span
        size="xs"
        c="dimmed"
        dir="ltr"
        aria-label={t('chatx.variantOf', { n: at + 1, total: ids.length })}
        data-testid="chat-variant-count"
      >
        {at + 1}/{ids.length}
      </Text>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        disabled={disabled || at >= ids.length - 1}
        onClick={() => onChoose(ids[at + 1]!)}
        aria-label={t('chatx.nextVariant')}
        title={t('chatx.nextVariant')}
        data-testid="chat-variant-next"
      >
        <ChevronNextIcon size={15} className="flip-rtl" />
      </ActionIcon>
    </Group>
  );
}

/** The tools under a message: copy, edit (own messages), regenerate (the last answer). */
export function MessageTools({
  m,
  disabled,
  extras,
  onStartEdit,
}: {
  m: Message;
  disabled: boolean;
  extras: MessageExtras;
  onStartEdit: () => void;
}) {
  const { t } = useTranslation();
  const done = m.status !== 'streaming';
  if (!done || m.id < 0) return null;
  const assistant = m.role === 'assistant';
  return (
    <div className="chat-msg__tools">
      {assistant ? <VariantArrows m={m} disabled={disabled} onChoose={extras.onChoose} /> : null}
      {m.message ? (
        <CopyButton text={m.message} label={t('chatx.copy')} testid="chat-copy" />
      ) : null}
      {!assistant ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          disabled={disabled}
          onClick={onStartEdit}
          aria-label={t('chatx.edit')}
          title={t('chatx.edit')}
          data-testid="chat-edit-message"
        >
          <EditIcon size={15} />
        </ActionIcon>
      ) : null}
      {assistant && extras.lastId === m.id ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          disabled={disabled}
          onClick={() => extras.onRegenerate(m)}
          aria-label={t('chatx.regenerate')}
          title={t('chatx.regenerate')}
          data-testid="chat-regenerate"
        >
          <RegenerateIcon size={15} />
        </ActionIcon>
      ) : null}
    </div>
  );
}

/** One's own message opened for editing: the text, then send again or cancel. */
export function MessageEditor({
  m,
  onSend,
  onCancel,
}: {
  m: Message;
  onSend: (text: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(m.message);
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!text.trim()) return;
    setSending(true);
    const taken = await onSend(text);
    setSending(false);
    if (taken) onCancel();
  };
  return (
    <div className="chat-msg__editor" data-testid="chat-editor">
      <Textarea
        // It grows with its text up to eight lines, then scrolls.
        autosize
        minRows={2}
        maxRows={8}
        value={text}
        ref={typedDir(text)}
        aria-label={t('chatx.editLabel')}
        onChange={(e) => setText(e.currentTarget.value)}
        data-testid="chat-edit-input"
      />
      <Group gap="xs" mt={6} justify="flex-end">
        <Button size="xs" variant="default" onClick={onCancel} data-testid="chat-edit-cancel">
          {t('chatx.editCancel')}
        </Button>
        <Button
          size="xs"
          onClick={() => void send()}
          loading={sending}
          disabled={!text.trim()}
          data-testid="chat-edit-send"
        >
          {t('chatx.editSend')}
        </Button>
      </Group>
    </div>
  );
}
