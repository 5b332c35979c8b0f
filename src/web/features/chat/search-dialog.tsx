import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import './chat-search.css';
import { Alert, Button, Loader, Modal, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { SearchIcon } from '../../shared/components/icons.tsx';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { formatDateTime } from '../../shared/i18n/format-time.ts';
import { isolate } from '../../shared/i18n/language.ts';
import { typedDir } from '../../shared/i18n/auto-dir.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { useSearchConversations, type SearchHit } from './use-search-conversations.ts';

/** Typing pauses this long before the search is asked. */
const TYPING_MS = 300;

/** A hit's text with its matched words marked. */
function Snippet({ hit }: { hit: SearchHit }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  hit.marks.forEach(([a, b], i) => {
    if (a > at) parts.push(hit.snippet.slice(at, a));
    parts.push(<mark key={i}>{hit.snippet.slice(a, b)}</mark>);
    at = b;
  });
  parts.push(hit.snippet.slice(at));
  return (
    <Text size="sm" dir="auto" className="chat-search__snippet">
      {parts}
    </Text>
  );
}

/**
 * Search across every subject of the conversation with this character (SearchConversations);
 * choosing a hit opens its subject at that message (`onJump`).
 */
export function SearchDialog({
  friendid,
  onClose,
  onJump,
}: {
  friendid: string;
  onClose: () => void;
  onJump: (hit: SearchHit) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const errorText = useErrorText();
  const phone = useMediaQuery('(max-width: 600px)');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), TYPING_MS);
  const search = useSearchConversations(friendid, q, lang);
  const waiting =
    (q !== text.trim() && text.trim() !== '') || (search.isFetching && !search.isFetchingNextPage);

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      fullScreen={!!phone}
      title={t('chatx.search')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <div className="chat-search" data-testid="chat-search-dialog">
        <TextInput
          data-autofocus
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          placeholder={t('chatx.searchPlaceholder')}
          aria-label={t('chatx.searchPlaceholder')}
          leftSection={<SearchIcon size={16} />}
          rightSection={
            waiting ? (
              <Loader size="xs" role="status" aria-label={t('chatSearch.searching')} />
            ) : null
          }
          maxLength={200}
          ref={typedDir(text)}
          data-testid="chat-search-input"
        />
        {search.isError ? (
          <Alert color="red" role="alert" mt="sm" data-testid="chat-search-error">
            {errorText(search.error) || t('chatx.searchError')}
          </Alert>
        ) : null}
        {q && search.isSuccess && !waiting && search.hits.length === 0 ? (
          <Text c="dimmed" mt="md" ta="center" data-testid="chat-search-none">
            {t('chatx.searchNone')}
          </Text>
        ) : null}
        {search.hits.length ? (
          <>
            <Text size="xs" c="dimmed" mt="md" mb={4} fw={600}>
              {t('chatx.searchResults')}
            </Text>
            <ul className="chat-search__hits" aria-busy={waiting} data-testid="chat-search-hits">
              {search.hits.map((hit) => (
                <li key={hit.id}>
                  <UnstyledButton
                    className="chat-search__hit"
                    onClick={() => onJump(hit)}
                    aria-label={t('chatSearch.goTo', { subject: isolate(hit.subject) })}
                    data-testid="chat-search-hit"
                    data-id={hit.id}
                  >
                    <span className="chat-search__meta">
                      <Text span size="xs" fw={600} truncate="end" className="chat-search__subject">
                        {t('chatSearch.inSubject', { subject: isolate(hit.subject) })}
                      </Text>
                      <Text span size="xs" c="dimmed" className="chat-search__who">
                        <bdi>{hit.role === 'user' ? t('chatx.you') : hit.speaker}</bdi>
                        {' · '}
                        <time dateTime={hit.tm} dir="ltr">
                          {formatDateTime(hit.tm)}
                        </time>
                      </Text>
                    </span>
                    <Snippet hit={hit} />
                  </UnstyledButton>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {search.hasNextPage ? (
          <Button
            variant="subtle"
            size="xs"
            mt="xs"
            loading={search.isFetchingNextPage}
            onClick={() => void search.fetchNextPage()}
            data-testid="chat-search-more"
          >
            {t('chatSearch.more')}
          </Button>
        ) : null}
      </div>
    </Modal>
  );
}
