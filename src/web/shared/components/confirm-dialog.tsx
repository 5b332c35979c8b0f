import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec part 2 §9: confirmation dialogs are 250 px (short questions) or 450 px wide. */
export type ConfirmSize = 250 | 450;

export function ConfirmDialog({
  opened,
  message,
  confirmLabel,
  danger,
  size = 450,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  message: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  size?: ConfirmSize;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      size={size}
      centered
      withCloseButton={false}
      aria-label={t('common.confirmTitle')}
    >
      <Text mb="lg" dir="auto" data-testid="confirm-message">
        {message}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} data-testid="confirm-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          color={danger ? 'red' : undefined}
          onClick={onConfirm}
          data-testid="confirm-ok"
          data-autofocus
        >
          {confirmLabel ?? t('common.ok')}
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
      message={pending?.message}
      confirmLabel={pending?.confirmLabel}
      danger={pending?.danger}
      size={pending?.size}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  );
  return [dialog, ask];
}
