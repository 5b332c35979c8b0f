import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Button, Group, Modal, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { autoDir } from '../../../shared/i18n/auto-dir.ts';

/** Spec part 1 §9: the full-screen text editor is 900 by 700. */
const EDITOR = { width: 900, height: 700 };

/**
 * A long field in a large editor; edits go straight to the field (and its autosave). For a
 * generated image the editor shows the picture above its prompt, with the image's tools.
 */
export function TextEditorDialog({
  opened,
  title,
  value,
  onChange,
  onClose,
  label,
  media,
  tools,
}: {
  opened: boolean;
  title: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onClose: () => void;
  /** The text area's name (the title, unless the title is not plain text). */
  label?: string;
  /** Shown above the text (a generated image). */
  media?: ReactNode;
  /** Buttons beside Done (a generated image's tools). */
  tools?: ReactNode;
}) {
  const { t } = useTranslation();
  const small = useMediaQuery(`(max-width: ${EDITOR.width}px)`);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={EDITOR.width}
      fullScreen={small}
      radius={small ? 0 : 'lg'}
      // On the dialog itself: a closed modal leaves an empty root in the page.
      attributes={{ content: { 'data-testid': 'text-editor' } }}
      classNames={{ content: 'studio-editor__content', body: 'studio-editor__body' }}
      styles={{ content: small ? undefined : { height: EDITOR.height } }}
    >
      {media}
      <Textarea
        aria-label={label ?? (typeof title === 'string' ? title : undefined)}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        ref={autoDir}
        className="studio-editor__input"
        classNames={{ wrapper: 'studio-editor__wrapper', input: 'studio-editor__textarea' }}
        data-autofocus
        data-testid="text-editor-input"
      />
      <Group justify="flex-end" mt="sm" gap="xs">
        {tools}
        <Button onClick={onClose} data-testid="text-editor-close">
          {t('studio.editor.done')}
        </Button>
      </Group>
    </Modal>
  );
}
