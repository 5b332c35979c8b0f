import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import './book-draft.css';
import { Alert, Button, Group, Paper, Progress, Radio, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { callOrThrow } from '../../../shared/api/call-or-throw.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { useErrorText } from '../../../shared/hooks/use-error-text.ts';
import { isolate } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { useStored } from '../../../shared/storage/use-stored.ts';
import type { StudioForm } from '../hooks/use-studio-form.ts';
import { useCharacterDraft, useFindBookCharacters } from './book-draft-api.ts';
import { DraftFields } from './draft-fields.tsx';

const live = (s: string | undefined) => s === 'queued' || s === 'running';

/**
 * "Draft from a book" (issue 36): the form and, beside it, the book's characters and the
 * draft of the one picked. Nothing reaches the form (and autosave) until a field is accepted.
 * `book` opens it on that file (arriving from "New character from a book").
 */
export function BookDraft({
  form,
  book,
  children,
}: {
  form: StudioForm;
  book?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(book !== undefined);
  if (!form.exists) return <>{children}</>;
  return (
    <>
      {open ? null : (
        <Paper withBorder radius="lg" p="sm" mb="md" className="book-draft__opener">
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {t('bookDraft.openHint')}
            </Text>
            <Button variant="light" onClick={() => setOpen(true)} data-testid="book-draft-open">
              {t('bookDraft.openButton')}
            </Button>
          </Group>
        </Paper>
      )}
      {/* The panel first: on a phone it comes above the form (it is what the creator came
          for); beside it, the grid puts it in the second column. */}
      <div className={open ? 'book-draft-layout' : undefined}>
        {open ? (
          <BookDraftPanel form={form} initialBook={book ?? null} onClose={() => setOpen(false)} />
        ) : null}
        {children}
      </div>
    </>
  );
}

function BookDraftPanel({
  form,
  initialBook,
  onClose,
}: {
  form: StudioForm;
  initialBook: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const email = useStored('email');
  const friendid = form.values.friendid;
  const files = useQuery({
    queryKey: queryKeys.files(email, friendid),
    queryFn: () => callOrThrow('GetFiles', { friend: friendid }),
  });
  const [num, setNum] = useState<number | null>(initialBook);
  const book = num ?? files.data?.files[0]?.num ?? null;
  const found = useFindBookCharacters(friendid, book);
  const [picked, setPicked] = useState<string | null>(null);
  const [job, setJob] = useState<number | null>(null);
  const drafting = useCharacterDraft(friendid, book, job);
  const list = found.query.data;
  const draft = drafting.query.data;
  const failure = [found.query.error, found.start.error, drafting.start.error, drafting.query.error]
    .filter(Boolean)
    .map((e) => errorText(e))[0];

  return (
    <aside className="book-draft" aria-label={t('bookDraft.panelTitle')} data-testid="book-draft">
      <Group justify="space-between" mb="xs">
        <h2 className="book-draft__title">{t('bookDraft.panelTitle')}</h2>
        <Button size="compact-sm" variant="subtle" onClick={onClose}>
          {t('bookDraft.close')}
        </Button>
      </Group>
      <Stack gap="sm">
        {files.data && !files.data.files.length ? (
          <Text size="sm">{t('bookDraft.bookNone')}</Text>
        ) : (
          <Select
            label={t('bookDraft.book')}
            placeholder={t('bookDraft.bookPick')}
            data={(files.data?.files ?? []).map((f) => ({ value: String(f.num), label: f.title }))}
            value={book === null ? null : String(book)}
            onChange={(v) => {
              setNum(v ? Number(v) : null);
              setPicked(null);
              setJob(null);
            }}
            allowDeselect={false}
            data-testid="book-draft-file"
          />
        )}
        {list?.offline ? (
          <Alert color="yellow" radius="md" p="xs" data-testid="book-draft-offline">
            <Text size="xs">{t('bookDraft.offline')}</Text>
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" radius="md" p="xs" role="alert" dir="auto">
            {failure}
          </Alert>
        ) : null}
        {list && list.failure ? (
          <Alert color="red" radius="md" p="xs" role="alert" dir="auto">
            {list.failure}
          </Alert>
        ) : null}
        {list && !live(list.state) ? (
          <Group justify="space-between" gap="xs">
            <Text size="sm" data-testid="book-draft-cost">
              {list.state === 'none'
                ? list.cost > 0
                  ? t('bookDraft.costList', { cost: list.cost })
                  : t('bookDraft.costFree')
                : list.state === 'cancelled'
                  ? t('bookDraft.cancelled')
                  : ''}
            </Text>
            <Button
              variant={list.state === 'none' ? 'filled' : 'default'}
              loading={found.start.isPending}
              onClick={() => found.start.mutate()}
              data-testid="book-draft-find"
            >
              {list.state === 'none' ? t('bookDraft.listButton') : t('bookDraft.listAgain')}
            </Button>
          </Group>
        ) : null}
        {list && live(list.state) ? (
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm">{t('bookDraft.reading', { progress: list.progress })}</Text>
              <Button
                size="compact-sm"
                color="red"
                variant="light"
                onClick={() => found.cancel.mutate(list.job)}
              >
                {t('bookDraft.cancel')}
              </Button>
            </Group>
            <Progress
              value={list.progress}
              animated
              aria-label={t('bookDraft.reading', { progress: list.progress })}
            />
          </Stack>
        ) : null}
        {list && list.characters.length ? (
          <Radio.Group
            label={t('bookDraft.characters')}
            value={picked}
            onChange={setPicked}
            data-testid="book-draft-characters"
          >
            <Stack gap={6} mt={6} className="book-draft__characters">
              {list.characters.slice(0, 20).map((c) => (
                <Radio
                  key={c.name}
                  value={c.name}
                  label={<span dir="auto">{c.name}</span>}
                  description={
                    <>
                      <span>
                        {t('bookDraft.mentions', { count: c.mentions, chapter: c.firstChapter })}
                      </span>
                      {c.aliases.length ? (
                        <span className="book-draft__aliases">
                          {' · '}
                          {t('bookDraft.alsoCalled', {
                            names: c.aliases.slice(0, 4).map(isolate).join(', '),
                          })}
                        </span>
                      ) : null}
                    </>
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : list?.state === 'done' ? (
          <Text size="sm">{t('bookDraft.noCharacters')}</Text>
        ) : null}
        {picked ? (
          <Button
            onClick={() => drafting.start.mutate(picked, { onSuccess: (d) => setJob(d.job) })}
            loading={drafting.start.isPending}
            disabled={live(draft?.state)}
            data-testid="book-draft-draft"
          >
            {t('bookDraft.draftButton', { name: isolate(picked) })}
          </Button>
        ) : null}
        {drafting.start.data && drafting.start.data.cost > 0 ? (
          <Text size="xs" c="dimmed">
            {t('bookDraft.draftCost', { cost: drafting.start.data.cost })}
          </Text>
        ) : null}
        {draft?.state === 'cancelled' ? (
          <Text size="sm" data-testid="book-draft-stopped">
            {t('bookDraft.draftCancelled')}
          </Text>
        ) : null}
        {draft?.state === 'failed' ? (
          <Alert color="red" radius="md" p="xs" role="alert">
            {draft.failure ?? t('bookDraft.failed')}
          </Alert>
        ) : null}
        {draft?.draft ? (
          <DraftFields
            key={job}
            draft={draft.draft}
            progress={draft.progress}
            live={live(draft.state)}
            onAccept={(field, value) => form.set(field, value)}
            onStop={() => drafting.cancel.mutate(draft.job)}
          />
        ) : null}
      </Stack>
    </aside>
  );
}
