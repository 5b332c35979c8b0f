import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { Link } from 'react-router';
import type { ImageEntry } from '../../../protocol/actions/images.ts';
import { ConfirmDialog } from '../../shared/components/confirm-dialog.tsx';
import { imageState } from './image-grid.tsx';

/** Spec part 2 §9: the create-image viewer is 840 px wide and 90vh high. */
export const VIEWER_WIDTH = 840;

/** A picture with its prompt: recreate, delete, download, or a new character from it. */
export function ImageViewer({
  image,
  busy,
  onClose,
  onRecreate,
  onDelete,
}: {
  image: ImageEntry | null;
  busy: boolean;
  onClose: () => void;
  onRecreate: (i: ImageEntry) => void;
  onDelete: (i: ImageEntry) => void;
}) {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState(false);
  const state = image ? imageState(image) : 'empty';
  return (
    <Modal
      opened={!!image}
      onClose={onClose}
      size={VIEWER_WIDTH}
      title={image ? t('createImage.viewerTitle', { num: image.num }) : ''}
      classNames={{ content: 'createimg-viewer' }}
      attributes={{ content: { 'data-testid': 'image-viewer' } }}
    >
      {image ? (
        <Stack gap="sm">
          {state === 'ready' ? (
            <img
              className="createimg-viewer__img"
              src={image.image}
              alt={t('createImage.imageAlt', { num: image.num, prompt: image.prompt })}
            />
          ) : (
            <Text c={state === 'error' ? 'red' : 'dimmed'}>
              {state === 'error'
                ? `${t('createImage.errorCreating')}${image.error ? `: ${image.error}` : ''}`
                : state === 'loading'
                  ? t('createImage.loadingImage')
                  : t('createImage.noImage')}
            </Text>
          )}
          {image.request && image.request !== image.prompt ? (
            <Text size="sm" dir="auto">
              <b>{t('createImage.requestLabel')}:</b> {image.request}
            </Text>
          ) : null}
          <Text size="sm" data-testid="viewer-prompt">
            <b>{t('createImage.promptLabel')}:</b> <bdi dir="ltr">{image.prompt}</bdi>
          </Text>
          <Group gap="xs">
            <Button onClick={() => onRecreate(image)} loading={busy} data-testid="viewer-recreate">
              {t('createImage.recreate')}
            </Button>
            {state === 'ready' ? (
              <>
                <Button component="a" href={image.image} download variant="light">
                  {t('createImage.download')}
                </Button>
                <Button
                  component={Link}
                  to={`/createdit/fromimage/${image.num}`}
                  variant="light"
                  data-testid="viewer-new-character"
                >
                  {t('createImage.newCharacter')}
                </Button>
              </>
            ) : null}
            <Button
              color="red"
              variant="light"
              onClick={() => setConfirm(true)}
              data-testid="viewer-delete"
            >
              {t('createImage.delete')}
            </Button>
          </Group>
        </Stack>
      ) : null}
      <ConfirmDialog
        opened={confirm}
        title={t('createImage.deleteTitle')}
        size={250}
        danger
        confirmLabel={t('createImage.delete')}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          if (image) onDelete(image);
        }}
      >
        {t('createImage.deleteText')}
      </ConfirmDialog>
    </Modal>
  );
}
