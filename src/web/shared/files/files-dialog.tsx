import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/VisuallyHidden.css';
import './files.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Notification.css';
import { Alert, Divider, Group, Modal, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { useErrorText } from '../hooks/use-error-text.ts';
import { isolate } from '../i18n/language.ts';
import { useStored } from '../storage/use-stored.ts';
import { HelpButton } from '../help/help-dialog.tsx';
import { FileChaptersPanel } from './file-chapters.tsx';
import { FileRow, type FileEntry } from './file-row.tsx';
import { FileUpload } from './file-upload.tsx';
import { useKnowledgeChanged } from '../knowledge/knowledge-api.ts';
import { useFiles } from './files-api.ts';
import { GdocsImport } from './gdocs-import.tsx';

/** Spec part 1 §9: the files manager is 600 px wide. */
const FILES_WIDTH = 600;

export function FilesDialog({
  opened,
  onClose,
  friendid,
  friendname,
  friendtype,
  personal = false,
}: {
  opened: boolean;
  onClose: () => void;
  friendid: string;
  friendname: string;
  friendtype: number;
  /**
   * The caller is not an editor (a helper's files, opened from the chat): the server keeps
   * these files to the caller's own, used only in the caller's conversations. Says so.
   */
  personal?: boolean;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const user = useStored('email');
  const small = useMediaQuery(`(max-width: ${FILES_WIDTH}px)`);
  const [error, setError] = useState('');
  const api = useFiles(friendid, {
    enabled: opened && !!user,
    onStart: () => setError(''),
    onFailure: setError,
  });
  const knowledgeChanged = useKnowledgeChanged(friendid);
  const [deleting, setDeleting] = useState<FileEntry | null>(null);
  const [chaptersOf, setChaptersOf] = useState<number | null>(null);

  // Spec part 1 §8: the files dialog closes when there is no user.
  useEffect(() => {
    if (opened && !user) onClose();
  }, [opened, user, onClose]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={FILES_WIDTH}
      fullScreen={small}
      radius={small ? 0 : 'lg'}
      title={
        <Group gap={4} component="span">
          {t(personal ? 'files.personalTitle' : 'files.dialogTitle', {
            name: isolate(friendname || friendid),
          })}
          <HelpButton topic="files" />
        </Group>
      }
      // On the dialog itself: a closed modal leaves an empty root in the page.
      attributes={{ content: { 'data-testid': 'files-dialog' } }}
    >
      {personal ? (
        <Alert color="blue" variant="light" p="xs" mb="sm" data-testid="files-personal-note">
          {t('files.personalNote', { name: isolate(friendname || friendid) })}
        </Alert>
      ) : null}
      <FileUpload
        user={user ?? ''}
        friendid={friendid}
        friendtype={friendtype}
        onStart={() => setError('')}
        onProblem={setError}
        onUploaded={api.refresh}
      />
      {api.search ? (
        <Text c="dimmed" size="xs" mt={4} data-testid="files-search" data-search={api.search}>
          {t(api.search === 'meaning' ? 'files.searchMeaning' : 'files.searchWords')}
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" mt="sm" p="xs" role="alert" dir="auto" data-testid="files-error">
          {error}
        </Alert>
      ) : null}
      {api.files.isPending ? <PageLoader /> : null}
      {api.files.isError ? (
        <Alert color="red" mt="sm">
          {errorText(api.files.error)}
        </Alert>
      ) : null}
      {api.files.data?.length === 0 ? (
        <Text c="dimmed" size="sm" my="md" data-testid="files-empty">
          {t('files.empty')}
        </Text>
      ) : null}
      {api.files.data?.length ? (
        <Table.ScrollContainer minWidth={small ? 0 : 540} mt="sm">
          <Table
            verticalSpacing={4}
            horizontalSpacing={6}
            className="files-dialog__table"
            data-stacked={small || undefined}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('files.num')}</Table.Th>
                <Table.Th>{t('files.updated')}</Table.Th>
                <Table.Th>{t('files.title')}</Table.Th>
                <Table.Th>{t('files.subject')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('files.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {api.files.data.map((f) => (
                <Fragment key={f.num}>
                  <FileRow
                    file={f}
                    busy={api.busy}
                    onTitle={(title) => api.setTitle(f.num, title)}
                    onSubject={(subject) => api.setSubject(f.num, subject)}
                    onFindTitle={() => api.findTitle(f.num)}
                    onTop={() => api.moveToTop(f.num)}
                    onDelete={() => setDeleting(f)}
                    chaptersOpen={chaptersOf === f.num}
                    onChapters={() => setChaptersOf((n) => (n === f.num ? null : f.num))}
                  />
                  {chaptersOf === f.num ? (
                    <Table.Tr data-testid="files-chapters-row">
                      <Table.Td colSpan={5} className="files-dialog__chapters-cell">
                        <FileChaptersPanel
                          friendid={friendid}
                          num={f.num}
                          title={f.title}
                          onClose={() => setChaptersOf(null)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {/* An import becomes a knowledge subject of the character: editors only. */}
      {personal ? null : (
        <>
          <Divider my="md" />
          <GdocsImport friendid={friendid} onImported={knowledgeChanged} />
        </>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('files.deleteTitle')}
        danger
        loading={api.busy}
        confirmLabel={t('files.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) api.remove(deleting.num, () => setDeleting(null));
        }}
      >
        {t('files.deleteText', {
          title: isolate(deleting?.title || String(deleting?.num ?? '')),
        })}
      </ConfirmDialog>
    </Modal>
  );
}
