import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec: confirmation dialogs are 450 px wide (part 1 §9), or 250 px for short questions (part 2 §9). */
export const CONFIRM_WIDTH = 450;
export type ConfirmSize = 250 | 450;

export interface ConfirmDialogProps {
  opened: boolean;
  title?: string;
  children: ReactNode;
  confirmLabel?: string | undefined;
  cancelLabel?: string;
  /** Red confirm button for what cannot be undone (delete). */
  danger?: boolean | undefined;
  loading?: boolean;
  size?: ConfirmSize | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Title, contents, cancel and confirm (spec part 1 §2 'Dialogs'). */
export function ConfirmDialog({
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

interface Pending {
  message: ReactNode;
  confirmLabel?: string | undefined;
  danger?: boolean | undefined;
  size?: ConfirmSize | undefined;
  resolve: (ok: boolean) => void;
}

/**
 * `const [dialog, confirm] = useConfirm()`: render `dialog` once, then
 * `if (await confirm(t('…'))) …` anywhere in the component.
 */
export function useConfirm(): [
  ReactNode,
  (
    message: ReactNode,
    options?: { confirmLabel?: string; danger?: boolean; size?: ConfirmSize },
  ) => Promise<boolean>,
] {
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);

  const ask = useCallback(
    (
      message: ReactNode,
      options: { confirmLabel?: string; danger?: boolean; size?: ConfirmSize } = {},
    ) =>
      new Promise<boolean>((resolve) => {
        current.current?.resolve(false);
        const next = { message, ...options, resolve };
        current.current = next;
        setPending(next);
      }),
    [],
  );

  const settle = (ok: boolean) => {
    current.current?.resolve(ok);
    current.current = null;
    setPending(null);
  };

  const dialog = (
    <ConfirmDialog
      opened={pending !== null}
      confirmLabel={pending?.confirmLabel}
      danger={pending?.danger}
      size={pending?.size}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    >
      {pending?.message}
    </ConfirmDialog>
  );
  return [dialog, ask];
}
