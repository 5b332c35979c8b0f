import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';

// The dialog (Mantine's Modal, its scroll area and focus trap) loads when first opened: the
// screens that ask for confirmation rarely do at first paint.
const ConfirmDialogModal = lazy(() => import('./confirm-dialog-modal.tsx'));

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

/**
 * Title, contents, cancel and confirm (spec part 1 §2 'Dialogs'). Nothing is rendered before
 * it first opens; after that it stays mounted, so it closes with its transition.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogModal {...props} />
    </Suspense>
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
