import { Button, Group, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import type { ActionOutput } from '../../../protocol/registry.ts';
import { IconButton } from '../components/icon-button.tsx';
import { ArrowUpIcon, SearchIcon, TrashIcon } from '../components/icons.tsx';
import { formatDateTime } from '../i18n/format-time.ts';
import { autoDir } from '../i18n/auto-dir.ts';

export type FileEntry = ActionOutput<'GetFiles'>['files'][number];

/** Edited in place: sent on Enter or leaving the field; a blank value is not sent. */
function InlineEdit({
  value,
  label,
  onSave,
  testId,
}: {
  value: string;
  label: string;
  onSave: (value: string) => void;
  testId: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    const next = (draft ?? value).trim();
    setDraft(null);
    if (next && next !== value) onSave(next);
  };
  return (
    <TextInput
      ref={autoDir}
      size="xs"
      aria-label={label}
      placeholder={label}
      value={draft ?? value}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        } else if (e.key === 'Escape') {
          e.stopPropagation();
          setDraft(null);
        }
      }}
      maxLength={300}
      data-testid={testId}
    />
  );
}

export function FileRow({
  file,
  busy,
  onTitle,
  onSubject,
  onFindTitle,
  onTop,
  onDelete,
  chaptersOpen,
  onChapters,
}: {
  file: FileEntry;
  busy: boolean;
  chaptersOpen: boolean;
  /** Opens or closes the file's chapters under its row. */
  onChapters: () => void;
  onTitle: (title: string) => void;
  onSubject: (subject: string) => void;
  onFindTitle: () => void;
  onTop: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="files-row" data-num={file.num}>
      <Table.Td className="files-dialog__num">{file.num}</Table.Td>
      <Table.Td className="files-dialog__time">{formatDateTime(file.tm)}</Table.Td>
      <Table.Td>
        <InlineEdit
          value={file.title}
          label={t('files.title')}
          onSave={onTitle}
          testId="files-title"
        />
        <Button
          size="compact-xs"
          variant={chaptersOpen ? 'light' : 'subtle'}
          color="gray"
          mt={2}
          aria-expanded={chaptersOpen}
          title={t('book.chaptersButton')}
          onClick={onChapters}
          data-testid="files-chapters"
        >
          {file.pages
            ? t('book.chaptersSummary', { chapters: file.chapters, pages: file.pages })
            : file.chapters
              ? t('reading.chapters', { count: file.chapters })
              : t('book.chaptersNone')}
        </Button>
      </Table.Td>
      <Table.Td>
        <InlineEdit
          value={file.subject}
          label={t('files.subject')}
          onSave={onSubject}
          testId="files-subject"
        />
      </Table.Td>
      <Table.Td>
        <Group gap={2} wrap="nowrap">
          <IconButton
            label={t('files.findTitle')}
            testid="files-find-title"
            onClick={onFindTitle}
            disabled={busy}
          >
            <SearchIcon size={17} />
          </IconButton>
          <IconButton label={t('files.moveTop')} testid="files-top" onClick={onTop} disabled={busy}>
            <ArrowUpIcon size={17} />
          </IconButton>
          <IconButton
            label={t('files.delete')}
            testid="files-delete"
            color="red"
            onClick={onDelete}
            disabled={busy}
          >
            <TrashIcon size={17} />
          </IconButton>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
