import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/SegmentedControl.css';
// The selector's indicator is positioned from the left: without these rules it sat at the
// start side, under the first mode in Hebrew.
import '@mantine/core/styles/FloatingIndicator.css';
import { Alert, Button, Group, Modal, SegmentedControl, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { TIMINGS } from '../../../protocol/constants.ts';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { useTimedMessage } from '../../shared/hooks/use-timed-message.ts';
import { isolate } from '../../shared/i18n/language.ts';
import { MemoryFacts, type FactSource } from './memory-facts.tsx';
import { useDetails, useSaveDetails, type DetailsMode } from './use-details.ts';
import { typedDir } from '../../shared/i18n/auto-dir.ts';

function DetailsEditor({
  mode,
  friendid,
  friendname,
}: {
  mode: DetailsMode;
  friendid: string;
  friendname: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const query = useDetails(mode, friendid, true);
  const save = useSaveDetails(mode, friendid);
  const [edited, setEdited] = useState<string | null>(null);
  const [message, showMessage] = useTimedMessage(TIMINGS.userDetailsSuccessMs);
  const name = isolate(friendname);

  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {errorText(query.error)}
      </Alert>
    );
  const text = edited ?? query.data;
  const hint =
    mode === 'memory'
      ? t('chat.memoryHint', { name })
      : mode === 'friend'
        ? t('chat.detailsFriendHint', { name })
        : t('chat.detailsGeneralHint');

  const onSave = () =>
    save.mutate(text, {
      onSuccess: () => {
        setEdited(null);
        showMessage(mode === 'memory' ? t('chat.memorySaved') : t('chat.detailsSaved'));
      },
    });

  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {hint}
      </Text>
      {mode === 'memory' && !query.data && edited === null ? (
        <Alert color="blue" variant="light" mb="sm" data-testid="details-empty">
          {t('chat.memoryEmpty')}
        </Alert>
      ) : null}
      <Textarea
        value={text}
        onChange={(e) => setEdited(e.currentTarget.value)}
        rows={9}
        resize="vertical"
        ref={typedDir(text)}
        aria-label={hint}
        data-testid="details-text"
      />
      {save.isError ? (
        <Text size="sm" c="red" mt="xs" role="alert">
          {errorText(save.error) || t('chat.detailsError')}
        </Text>
      ) : null}
      <Group justify="space-between" mt="md" gap="sm">
        <Text size="sm" c="teal.8" role="status" data-testid="details-message">
          {message}
        </Text>
        <Button onClick={onSave} loading={save.isPending} data-testid="details-save">
          {t('common.save')}
        </Button>
      </Group>
    </>
  );
}

/**
 * The user details dialog (spec part 2 §2 "Dialogs", 450 px): general notes about the
 * user, notes for this character, or the character's memory of the user. Saving shows a
 * message for 4 seconds.
 */
export function DetailsDialog({
  opened,
  initialMode,
  onClose,
  friendid,
  friendname,
  onJump,
}: {
  opened: boolean;
  initialMode: DetailsMode;
  onClose: () => void;
  friendid: string;
  friendname: string;
  /** Shows the message a memory fact was learned from (the dialog is closed by the caller). */
  onJump?: (source: FactSource) => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<DetailsMode>(initialMode);
  // The memory opens as its list of facts; the joined text stays editable as before.
  const [memoryAsText, setMemoryAsText] = useState(false);
  const factList = mode === 'memory' && !memoryAsText;
  const label = (value: DetailsMode, text: string) => ({
    value,
    label: <span data-testid={`details-mode-${value}`}>{text}</span>,
  });
  return (
    <Modal opened={opened} onClose={onClose} size={450} title={t('chat.detailsTitle')} centered>
      <SegmentedControl
        fullWidth
        mb="md"
        value={mode}
        onChange={(v) => setMode(v as DetailsMode)}
        data={[
          label('general', t('chat.detailsGeneral')),
          label('friend', t('chat.detailsFriend')),
          label('memory', t('chat.detailsMemory')),
        ]}
      />
      {factList ? (
        <MemoryFacts friendid={friendid} friendname={friendname} onJump={onJump} />
      ) : (
        <DetailsEditor key={mode} mode={mode} friendid={friendid} friendname={friendname} />
      )}
      {mode === 'memory' ? (
        <Button
          variant="subtle"
          size="compact-sm"
          mt="xs"
          onClick={() => setMemoryAsText((v) => !v)}
          data-testid="memory-view-toggle"
        >
          {memoryAsText ? t('book.factsAsList') : t('book.factsAsText')}
        </Button>
      ) : null}
    </Modal>
  );
}
