import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/VisuallyHidden.css';
import './knowledge.css';
import {
  Alert,
  Button,
  Group,
  Modal,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { IconButton } from '../components/icon-button.tsx';
import { PencilIcon, PlusIcon, TrashIcon } from '../components/icons.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { useErrorText } from '../hooks/use-error-text.ts';
import { formatDateTime } from '../i18n/format-time.ts';
import { isolate } from '../i18n/language.ts';
import { HelpButton } from '../help/help-dialog.tsx';
import { useDeleteKnowledge, useKnowledge } from './knowledge-api.ts';
import { KnowledgeForm } from './knowledge-form.tsx';
import { KnowledgeView } from './knowledge-view.tsx';

/** Spec part 2 §4: 0 list, 1 view one subject, 2 edit (a new subject has no num). */
type View = { kind: 'list' } | { kind: 'view'; num: number } | { kind: 'edit'; num: number | null };

/**
 * The character's knowledge subjects (editors): the list; a subject opens read only, the
 * pencil edits it, a save shows it again; delete returns to the list.
 */
export function KnowledgeDialog({
  opened,
  onClose,
  friendid,
  friendname,
}: {
  opened: boolean;
  onClose: () => void;
  friendid: string;
  friendname: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const small = useMediaQuery('(max-width: 720px)');
  const subjects = useKnowledge(friendid, opened);
  const remove = useDeleteKnowledge(friendid);
  const [view, setView] = useState<View>({ kind: 'list' });
  const [deleting, setDeleting] = useState<{ num: number; subject: string } | null>(null);

  const close = () => {
    setView({ kind: 'list' });
    remove.reset();
    onClose();
  };

  // Done or refused, the list shows (with the refusal above it).
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { friendid, num: deleting.num },
      {
        onSettled: () => {
          setView({ kind: 'list' });
          setDeleting(null);
        },
      },
    );
  };

  const list = subjects.data;
  return (
    <Modal
      opened={opened}
      onClose={close}
      // Spec part 2 §9: 80 % wide and 90 % high (full screen on a phone). Of the window:
      // a percentage would be of the space inside Mantine's 5 % side margins.
      size="80vw"
      fullScreen={small}
      radius={small ? 0 : 'lg'}
      classNames={{ content: 'knowledge-dialog' }}
      title={
        <Group gap={4} component="span">
          {t('knowledge.dialogTitle', { name: isolate(friendname || friendid) })}
          <HelpButton topic="knowledge" />
        </Group>
      }
      // On the dialog itself: a closed modal leaves an empty root in the page.
      attributes={{ content: { 'data-testid': 'knowledge-dialog' } }}
    >
      {view.kind === 'edit' ? (
        <KnowledgeForm
          key={view.num ?? 'new'}
          friendid={friendid}
          num={view.num}
          onSaved={(num) => setView({ kind: 'view', num })}
          onBack={() =>
            setView(view.num === null ? { kind: 'list' } : { kind: 'view', num: view.num })
          }
        />
      ) : view.kind === 'view' ? (
        <KnowledgeView
          key={view.num}
          friendid={friendid}
          num={view.num}
          onEdit={() => setView({ kind: 'edit', num: view.num })}
          onDelete={setDeleting}
          onBack={() => setView({ kind: 'list' })}
        />
      ) : (
        <>
          <Group justify="space-between" mb="sm">
            <Text size="sm" c="dimmed">
              {t('knowledge.intro')}
            </Text>
            <Button
              leftSection={<PlusIcon size={16} />}
              onClick={() => setView({ kind: 'edit', num: null })}
              data-testid="knowledge-new"
            >
              {t('knowledge.new')}
            </Button>
          </Group>
          {remove.errorText ? (
            <Alert color="red" mb="sm" p="xs">
              {remove.errorText}
            </Alert>
          ) : null}
          {subjects.isPending ? <PageLoader /> : null}
          {subjects.isError ? <Alert color="red">{errorText(subjects.error)}</Alert> : null}
          {list?.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="knowledge-empty">
              {t('knowledge.empty')}
            </Text>
          ) : null}
          {list?.length ? (
            <Table verticalSpacing={6} highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('knowledge.num')}</Table.Th>
                  <Table.Th>{t('knowledge.subject')}</Table.Th>
                  <Table.Th>{t('knowledge.updated')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('knowledge.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((k) => (
                  <Table.Tr key={k.num} data-testid="knowledge-row" data-num={k.num}>
                    <Table.Td>{k.num}</Table.Td>
                    <Table.Td>
                      <UnstyledButton
                        dir="auto"
                        className="knowledge-dialog__open"
                        aria-label={t('knowledge.open', { subject: k.subject })}
                        onClick={() => setView({ kind: 'view', num: k.num })}
                        data-testid="knowledge-open"
                      >
                        {k.subject}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td className="knowledge-dialog__time">{formatDateTime(k.tm)}</Table.Td>
                    <Table.Td>
                      <Group gap={2} wrap="nowrap" justify="flex-end">
                        <IconButton
                          label={t('knowledge.edit', { subject: k.subject })}
                          testid="knowledge-edit"
                          onClick={() => setView({ kind: 'edit', num: k.num })}
                        >
                          <PencilIcon size={17} />
                        </IconButton>
                        <IconButton
                          label={t('knowledge.delete')}
                          testid="knowledge-delete"
                          color="red"
                          onClick={() => setDeleting(k)}
                        >
                          <TrashIcon size={17} />
                        </IconButton>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
        </>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('knowledge.deleteTitle')}
        danger
        loading={remove.isPending}
        confirmLabel={t('knowledge.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        {t('knowledge.deleteText', { subject: isolate(deleting?.subject ?? '') })}
      </ConfirmDialog>
    </Modal>
  );
}
