import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.tsx';
import { CONFIRM_WIDTH, type ConfirmDialogProps } from './confirm-dialog.tsx';

/** Title, contents, cancel and confirm (spec part 1 §2 'Dialogs'). */
export default function ConfirmDialogModal({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger,
  loading,
  size = CONFIRM_WIDTH,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      withCloseButton={!!title}
      aria-label={title ?? t('common.confirmTitle')}
      size={size}
      centered
      radius="lg"
      // On the dialog itself: a closed modal leaves an empty root in the page.
      attributes={{ content: { 'data-testid': 'confirm-dialog' } }}
    >
      {typeof children === 'string' || !title ? (
        <Text dir="auto" data-testid="confirm-message">
          {children}
        </Text>
      ) : (
        children
      )}
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} data-testid="confirm-cancel">
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button
          color={danger ? 'red' : undefined}
          onClick={onConfirm}
          loading={loading}
          data-autofocus
          data-testid="confirm-ok"
        >
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
