import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { Alert, Modal, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { useCanvas, useSaveCanvas, type CanvasTexts } from './use-canvas.ts';

/**
 * The canvas (spec part 2 §4 "Canvas dialog"), 80% × 90%: a shared document per subject.
 * The toggle swaps in the backup (the text before the last save) and the title says so;
 * closing saves the text shown — the backup, if that is what is shown. Mount it while open.
 */
export function CanvasDialog({
  onClose,
  friendid,
  subject,
}: {
  onClose: () => void;
  friendid: string;
  subject: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const query = useCanvas(friendid, subject, true);
  const save = useSaveCanvas(friendid, subject);
  const [showBackup, setShowBackup] = useState(false);
  const [draft, setDraft] = useState<CanvasTexts | null>(null);
  const texts = draft ?? query.data;
  const shown = texts ? (showBackup ? texts.backup : texts.canvas) : '';
  const title = showBackup ? t('chat.canvasBackup', { title: t('chat.canvas') }) : t('chat.canvas');

  const close = () => {
    if (!query.data || shown === query.data.canvas) return onClose();
    save.mutate(shown, { onSuccess: onClose });
  };

  const edit = (value: string) => {
    if (!texts) return;
    setDraft(showBackup ? { ...texts, backup: value } : { ...texts, canvas: value });
  };

  return (
    <Modal
      opened
      onClose={close}
      // 80 % of the window (spec part 2 §9); "80%" would be of the space inside the margins.
      size="80vw"
      title={title}
      classNames={{ content: 'canvas-dialog', body: 'canvas-dialog__body' }}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {query.isPending ? <PageLoader /> : null}
      {query.isError ? (
        <Alert color="red" role="alert">
          {errorText(query.error)}
        </Alert>
      ) : null}
      {texts ? (
        <>
          <div className="canvas-dialog__bar">
            <Text size="sm" c="dimmed">
              {t('chat.canvasHint')}
            </Text>
            <Switch
              checked={showBackup}
              onChange={(e) => setShowBackup(e.currentTarget.checked)}
              label={t('chat.canvasShowBackup')}
              data-testid="canvas-backup-toggle"
            />
          </div>
          <textarea
            className="canvas-dialog__text"
            value={shown}
            dir="auto"
            aria-label={title}
            onChange={(e) => edit(e.currentTarget.value)}
            data-testid="canvas-text"
          />
        </>
      ) : null}
      {save.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorText(save.error) || t('chat.canvasError')}
        </Text>
      ) : null}
    </Modal>
  );
}
