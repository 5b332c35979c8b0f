import './memory-facts.css';
import { ActionIcon, Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { TIMINGS } from '../../../protocol/constants.ts';
import { PencilIcon, SearchIcon, TrashIcon } from '../../shared/components/icons.tsx';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { useTimedMessage } from '../../shared/hooks/use-timed-message.ts';
import { formatDateTime } from '../../shared/i18n/format-time.ts';
import { isolate } from '../../shared/i18n/language.ts';
import { useEditMemoryFact, useMemoryFacts, type MemoryFact } from './use-memory-facts.ts';
import { typedDir } from '../../shared/i18n/auto-dir.ts';

/** Where "jump to source" goes: a message of one subject. */
export interface FactSource {
  id: number;
  subject: string;
}

function FactItem({
  fact,
  busy,
  onCorrect,
  onDelete,
  onJump,
}: {
  fact: MemoryFact;
  busy: boolean;
  onCorrect: (text: string, done: () => void) => void;
  onDelete: () => void;
  onJump?: (source: FactSource) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const source =
    fact.messageid !== null && fact.subject !== null
      ? { id: fact.messageid, subject: fact.subject }
      : null;
  const save = () => {
    const text = (draft ?? '').trim();
    if (!text || text === fact.text) setDraft(null);
    else onCorrect(text, () => setDraft(null));
  };

  return (
    <li className="memory-facts__item" data-testid="memory-fact" data-id={fact.id}>
      {draft === null ? (
        <Group gap={4} wrap="nowrap" align="flex-start">
          <div className="memory-facts__body">
            <Text
              size="sm"
              dir="auto"
              className="memory-facts__text"
              data-testid="memory-fact-text"
            >
              {fact.text}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(fact.tm)}
              {source ? null : ` · ${t('book.factTyped')}`}
            </Text>
          </div>
          {source && onJump ? (
            <ActionIcon
              variant="subtle"
              aria-label={t('book.factJump')}
              title={t('book.factJump')}
              onClick={() => onJump(source)}
              data-testid="memory-fact-jump"
            >
              <SearchIcon size={17} />
            </ActionIcon>
          ) : null}
          <ActionIcon
            variant="subtle"
            aria-label={t('book.factEdit')}
            title={t('book.factEdit')}
            disabled={busy}
            onClick={() => setDraft(fact.text)}
            data-testid="memory-fact-edit"
          >
            <PencilIcon size={17} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('book.factDelete')}
            title={t('book.factDelete')}
            disabled={busy}
            onClick={onDelete}
            data-testid="memory-fact-delete"
          >
            <TrashIcon size={17} />
          </ActionIcon>
        </Group>
      ) : (
        <Stack gap={4}>
          <Textarea
            autoFocus
            rows={2}
            maxLength={500}
            ref={typedDir(draft ?? '')}
            aria-label={t('book.factLabel')}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                save();
              } else if (e.key === 'Escape') {
                e.stopPropagation();
                setDraft(null);
              }
            }}
            data-testid="memory-fact-input"
          />
          <Group gap="xs" justify="flex-end">
            <Button size="compact-sm" variant="default" onClick={() => setDraft(null)}>
              {t('book.factCancel')}
            </Button>
            <Button size="compact-sm" loading={busy} onClick={save} data-testid="memory-fact-save">
              {t('book.factSave')}
            </Button>
          </Group>
        </Stack>
      )}
    </li>
  );
}

/**
 * The memory as a list of facts (issue 18): each can be corrected or deleted, and one
 * learned from a message jumps to it in the conversation.
 */
export function MemoryFacts({
  friendid,
  friendname,
  onJump,
}: {
  friendid: string;
  friendname: string;
  onJump?: (source: FactSource) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const facts = useMemoryFacts(friendid);
  const { correct, remove } = useEditMemoryFact(friendid);
  const [message, showMessage] = useTimedMessage(TIMINGS.userDetailsSuccessMs);
  const busy = correct.isPending || remove.isPending;
  const failed = correct.error ?? remove.error;

  if (facts.isPending) return <PageLoader />;
  if (facts.isError)
    return (
      <Alert color="red" role="alert">
        {errorText(facts.error)}
      </Alert>
    );
  return (
    <div className="memory-facts" data-testid="memory-facts">
      <Text size="sm" c="dimmed" mb="xs">
        {t('chat.memoryHint', { name: isolate(friendname) })}
      </Text>
      {facts.data.length === 0 ? (
        // The same note (and test id) as the text view's: there is no memory yet.
        <Alert color="blue" variant="light" data-testid="details-empty">
          {t('book.factsEmpty')}
        </Alert>
      ) : (
        <ul className="memory-facts__list">
          {facts.data.map((f) => (
            <FactItem
              key={f.id}
              fact={f}
              busy={busy}
              onJump={onJump}
              onCorrect={(text, done) =>
                correct.mutate(
                  { id: f.id, text },
                  {
                    onSuccess: () => {
                      done();
                      showMessage(t('book.factSaved'));
                    },
                  },
                )
              }
              onDelete={() =>
                remove.mutate(f.id, { onSuccess: () => showMessage(t('book.factDeleted')) })
              }
            />
          ))}
        </ul>
      )}
      {failed ? (
        <Text size="sm" c="red" mt="xs" role="alert" data-testid="memory-facts-error">
          {errorText(failed) || t('book.factError')}
        </Text>
      ) : null}
      <Text size="sm" c="teal.8" role="status" mt="xs" data-testid="memory-facts-message">
        {message}
      </Text>
    </div>
  );
}
