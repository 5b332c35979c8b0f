import { Badge, Button, Loader, Text } from '@mantine/core';
import { LinkedText } from '../../shared/components/linked-text.tsx';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import type { GroupMessage } from '../../../protocol/actions/group.ts';
import { CharacterImage } from '../../shared/components/character-image.tsx';
import { RewindIcon } from '../../shared/components/icons.tsx';
import { IconButton } from '../../shared/components/icon-button.tsx';
import { formatTime } from '../../shared/i18n/format-time.ts';
import { GroupMarkdown } from './group-markdown.tsx';

/** The group conversation: each answer with its character's image and name. */
export function GroupMessages({
  chat,
  busy,
  onRewind,
  onRetry,
}: {
  chat: GroupMessage[];
  busy: boolean;
  onRewind: (m: GroupMessage) => void;
  /** Only the last round's failed answers can be written again. */
  onRetry: (m: GroupMessage) => void;
}) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const last = chat.at(-1);
  const lastQuestion = chat.findLast((m) => m.role === 'user')?.id ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [chat.length, last?.message.length]);

  if (chat.length === 0)
    return (
      <Text c="dimmed" ta="center" mt="xl" data-testid="group-empty">
        {t('group.empty')}
      </Text>
    );
  return (
    <div className="group-messages" data-testid="group-messages">
      {chat.map((m) => (
        <div
          key={m.id}
          className={`group-msg group-msg--${m.role}`}
          data-testid={m.role === 'user' ? 'group-user-msg' : `group-answer-${m.friendid}`}
          data-status={m.status}
        >
          {m.role === 'assistant' ? (
            <CharacterImage src={m.image} name={m.speaker} className="group-avatar" />
          ) : null}
          <div className="group-msg__bubble">
            <div className="group-msg__head">
              <Text size="xs" fw={700} dir="auto" className="group-msg__speaker">
                {m.speaker || t('group.you')}
              </Text>
              {m.tm ? (
                <Text size="xs" c="dimmed" className="group-msg__time">
                  {formatTime(m.tm)}
                </Text>
              ) : null}
              {m.offline ? (
                <Badge size="xs" variant="light" color="gray">
                  {t('group.offline')}
                </Badge>
              ) : null}
              {m.role === 'assistant' && m.status === 'done' && m.id > 0 ? (
                <IconButton
                  label={t('group.rewind')}
                  testid="group-rewind"
                  size="sm"
                  disabled={busy}
                  onClick={() => onRewind(m)}
                >
                  <RewindIcon size={14} />
                </IconButton>
              ) : null}
            </div>
            {m.status === 'streaming' && !m.message ? (
              <Text size="sm" c="dimmed" className="group-msg__writing">
                <Loader size="xs" type="dots" /> {t('group.writing', { name: m.speaker })}
              </Text>
            ) : (
              <GroupMarkdown text={m.message} />
            )}
            {m.status === 'failed' ? (
              <Text size="sm" c="red" data-testid="group-failed">
                {m.error ? <LinkedText text={m.error} /> : t('group.failed')}{' '}
                {m.id > lastQuestion ? (
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="red"
                    disabled={busy}
                    onClick={() => onRetry(m)}
                    data-testid="group-retry"
                  >
                    {t('groupRetry.retry')}
                  </Button>
                ) : null}
              </Text>
            ) : null}
          </div>
        </div>
      ))}
      <div ref={end} />
    </div>
  );
}
