import '@mantine/core/styles/NumberInput.css';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { CloseIcon, PlusIcon, TrashIcon } from '../components/icons.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { useErrorText } from '../hooks/use-error-text.ts';
import { autoDir } from '../i18n/auto-dir.ts';
import { isolate } from '../i18n/language.ts';
import { useFileChapters, type FileChapters, type Heading } from './file-chapters-api.ts';

type Row = FileChapters['chapters'][number];

const MAX_CHAPTER = 100_000;

/**
 * One file's chapters in the files manager (issue 18): the headings found when it was
 * indexed, with the page each starts on and its passages. An editor renumbers a heading,
 * removes one (its chapter joins the one before) or adds a line of the text as a heading
 * (a chapter starts there); saving re-splits the file on the server.
 */
export function FileChaptersPanel({
  friendid,
  num,
  title,
  onClose,
}: {
  friendid: string;
  num: number;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { query, save } = useFileChapters(friendid, num);
  const [draft, setDraft] = useState<Row[] | null>(null);
  const [line, setLine] = useState('');
  const [n, setN] = useState<string | number>('');
  const [saved, setSaved] = useState(false);

  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {errorText(query.error)}
      </Alert>
    );
  const rows = draft ?? query.data.chapters;
  const edit = (next: Row[]) => {
    setDraft(next);
    setSaved(false);
    save.reset();
  };
  const nextNumber = rows.reduce((m, r) => Math.max(m, r.n), 0) + 1;
  const add = () => {
    const text = line.trim();
    if (!text) return;
    const number = n === '' ? nextNumber : Number(n);
    edit([...rows, { n: number, line: text, page: null, passages: 0 }]);
    setLine('');
    setN('');
  };
  const onSave = () => {
    const chapters: Heading[] = rows.map((r) => ({ n: r.n, line: r.line }));
    save.mutate(chapters, {
      onSuccess: () => {
        setDraft(null);
        setSaved(true);
      },
    });
  };

  return (
    <Stack gap="xs" className="file-chapters" data-testid="file-chapters">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} size="sm">
          {t('book.chaptersTitle', { title: isolate(title || String(num)) })}
        </Text>
        <ActionIcon
          variant="subtle"
          aria-label={t('book.chaptersClose')}
          title={t('book.chaptersClose')}
          onClick={onClose}
          data-testid="file-chapters-close"
        >
          <CloseIcon size={16} />
        </ActionIcon>
      </Group>
      <Text size="xs" c="dimmed">
        {t('book.chaptersHint')}
      </Text>
      <Text size="xs" data-testid="file-chapters-summary">
        {query.data.pages ? `${t('book.chaptersPages', { n: query.data.pages })} · ` : ''}
        {t('book.chaptersPassages', { n: query.data.passages })}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="file-chapters-empty">
          {t('book.chaptersEmpty')}
        </Text>
      ) : (
        <ol className="file-chapters__list">
          {rows.map((r, i) => (
            <li key={`${i}-${r.line}`} className="file-chapters__row" data-testid="file-chapter">
              <NumberInput
                size="xs"
                w={76}
                min={0}
                max={MAX_CHAPTER}
                allowDecimal={false}
                allowNegative={false}
                aria-label={t('book.chapterNumber')}
                value={r.n}
                onChange={(v) => {
                  const value = Number(v);
                  if (v === '' || !Number.isInteger(value)) return;
                  edit(rows.map((x, j) => (j === i ? { ...x, n: value } : x)));
                }}
                data-testid="file-chapter-n"
              />
              <div className="file-chapters__line">
                <Text
                  size="sm"
                  dir="auto"
                  className="file-chapters__heading"
                  data-testid="file-chapter-line"
                >
                  {r.line}
                </Text>
                <Text size="xs" c="dimmed">
                  {r.page !== null ? `${t('book.chapterPage', { n: r.page })} · ` : ''}
                  {t('book.chapterPassages', { n: r.passages })}
                </Text>
              </div>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('book.chapterRemove')}
                title={t('book.chapterRemove')}
                onClick={() => edit(rows.filter((_, j) => j !== i))}
                data-testid="file-chapter-remove"
              >
                <TrashIcon size={16} />
              </ActionIcon>
            </li>
          ))}
        </ol>
      )}
      <div className="file-chapters__add">
        <TextInput
          ref={autoDir}
          size="xs"
          className="file-chapters__add-line"
          aria-label={t('book.chapterAddLine')}
          placeholder={t('book.chapterAddLine')}
          value={line}
          maxLength={300}
          onChange={(e) => setLine(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          data-testid="file-chapter-add-line"
        />
        <NumberInput
          size="xs"
          w={76}
          min={0}
          max={MAX_CHAPTER}
          allowDecimal={false}
          allowNegative={false}
          aria-label={t('book.chapterNumber')}
          placeholder={String(nextNumber)}
          value={n}
          onChange={setN}
          data-testid="file-chapter-add-n"
        />
        <Button
          size="xs"
          variant="default"
          leftSection={<PlusIcon size={14} />}
          disabled={!line.trim()}
          onClick={add}
          data-testid="file-chapter-add"
        >
          {t('book.chapterAdd')}
        </Button>
      </div>
      {save.isError ? (
        <Alert color="red" p="xs" role="alert" dir="auto" data-testid="file-chapters-error">
          {errorText(save.error) || t('book.chaptersError')}
        </Alert>
      ) : null}
      {saved ? (
        <Text size="sm" c="teal.8" role="status" data-testid="file-chapters-saved">
          {t('book.chaptersSaved')}
        </Text>
      ) : null}
      {draft ? (
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="subtle" color="gray" onClick={() => edit(query.data.chapters)}>
            {t('book.chaptersReset')}
          </Button>
          <Button
            size="xs"
            loading={save.isPending}
            onClick={onSave}
            data-testid="file-chapters-save"
          >
            {t('book.chaptersSave')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
