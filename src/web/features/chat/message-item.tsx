import '@mantine/core/styles/Badge.css';
import { LinkedText } from '../../shared/components/linked-text.tsx';
import { ActionIcon, Badge, Button } from '@mantine/core';
import { memo, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { RetryIcon, RewindIcon } from '../../shared/components/icons.tsx';
import { formatTime } from '../../shared/i18n/format-time.ts';
import { CitedMarkdown } from './cited-markdown.tsx';
import { MessageEditor, MessageTools, type MessageExtras } from './message-tools.tsx';
import { ReadAloudButton } from './voice/read-aloud-button.tsx';
import { WaitingHint } from './waiting-hint.tsx';
import type { Message } from './use-conversation.ts';

/**
 * One message (spec part 2 §2): time, speaker, the model label (the server sends it to
 * editors only), the offline badge, a pasted image, the text as Markdown, a rewind icon on
 * answers, and for a failed answer what went wrong with a retry button.
 */
export const MessageItem = memo(function MessageItem({
  message: m,
  actionsDisabled,
  onRewind,
  onRetry,
  extras,
}: {
  message: Message;
  /** While an answer is being written nothing may be rewound or retried. */
  actionsDisabled: boolean;
  onRewind: (m: Message) => void;
  onRetry: (m: Message) => void;
  extras: MessageExtras;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const assistant = m.role === 'assistant';
  const offline = m.offline === 1 || m.model === 'offline';
  const writing = m.status === 'streaming';
  return (
    <article
      className={`chat-msg chat-msg--${m.role}${writing ? ' chat-msg--writing' : ''}${editing ? ' chat-msg--editing' : ''}`}
      data-testid="chat-message"
      data-role={m.role}
      data-status={m.status}
      data-id={m.id}
    >
      <header className="chat-msg__meta">
        <span className="chat-msg__speaker" dir="auto">
          {m.speaker}
        </span>
        <time className="chat-msg__time" dateTime={m.tm} dir="ltr">
          {formatTime(m.tm)}
        </time>
        {m.model && m.model !== 'offline' ? (
          <Badge size="xs" variant="light" color="gray" data-testid="model-label" dir="ltr">
            {m.model}
            {m.credits !== undefined ? ` · ${t('billing.chat.cost', { n: m.credits })}` : null}
          </Badge>
        ) : null}
        {offline ? (
          <Badge
            size="xs"
            variant="light"
            color="orange"
            title={t('chat.offlineHint')}
            data-testid="offline-badge"
          >
            {t('chat.offline')}
          </Badge>
        ) : null}
        {!writing ? <ReadAloudButton message={m} /> : null}
        {assistant && m.id > 0 && !writing ? (
          <ActionIcon
            className="chat-msg__rewind"
            variant="subtle"
            color="gray"
            size="sm"
            disabled={actionsDisabled}
            onClick={() => onRewind(m)}
            aria-label={t('chat.rewind')}
            title={t('chat.rewind')}
            data-testid="chat-rewind"
          >
            <RewindIcon size={15} className="flip-rtl" />
          </ActionIcon>
        ) : null}
      </header>
      {m.img ? (
        <img className="chat-msg__img" src={m.img} alt={t('chat.pastedImage')} loading="lazy" />
      ) : null}
      {editing ? (
        <MessageEditor
          m={m}
          onSend={(text) => extras.onEdit(m, text)}
          onCancel={() => setEditing(false)}
        />
      ) : m.message ? (
        <CitedMarkdown text={m.message} role={m.role} citations={m.citations} />
      ) : null}
      <WaitingHint waiting={writing && !m.message} onStop={extras.onStop} />
      {m.status === 'stopped' ? (
        <Badge
          size="xs"
          variant="light"
          color="gray"
          title={t('chatx.stoppedHint')}
          data-testid="stopped-mark"
        >
          {t('chatx.stopped')}
        </Badge>
      ) : null}
      {writing ? (
        <span className="chat-typing" aria-label={t('chat.writing', { name: m.speaker })}>
          <span />
          <span />
          <span />
        </span>
      ) : null}
      {m.status === 'failed' ? (
        <div className="chat-msg__failed" role="alert">
          <span>{m.error ? <LinkedText text={m.error} /> : t('chat.replyFailed')}</span>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<RetryIcon size={14} />}
            disabled={actionsDisabled}
            onClick={() => onRetry(m)}
            data-testid="chat-retry"
          >
            {t('chat.retry')}
          </Button>
        </div>
      ) : null}
      {editing ? null : (
        <MessageTools
          m={m}
          disabled={actionsDisabled}
          extras={extras}
          onStartEdit={() => setEditing(true)}
        />
      )}
    </article>
  );
});
