import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { Link } from 'react-router';
import { PageLoader } from '../../../shared/components/page-loader.tsx';
import { useErrorText } from '../../../shared/hooks/use-error-text.ts';
import { useStored } from '../../../shared/storage/use-stored.ts';
import { HelpButton } from '../../../shared/help/help-dialog.tsx';
import { GeneratedImageEditor } from './generated-image-editor.tsx';
import {
  INVALID_IMAGE,
  useGeneratedImage,
  useCopyImage,
  useGeneratedImages,
} from './images-api.ts';

/**
 * A grid of the user's generated images: use one for the character, or open it in the large
 * editor with the image tools.
 */
export function ImagePickerDialog({
  opened,
  onClose,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (image: string) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const email = useStored('email');
  const images = useGeneratedImages(opened && !!email);
  const copy = useCopyImage();
  const [selected, setSelected] = useState<number | null>(null);
  const detail = useGeneratedImage(selected);
  // The large editor on one image, with its tools (regenerate, new character, download, delete).
  const [editing, setEditing] = useState<number | null>(null);

  // Spec part 1 §8: the picker closes when there is no e-mail.
  useEffect(() => {
    if (opened && !email) onClose();
  }, [opened, email, onClose]);

  // Only drawn pictures can be used: one still loading or failed has nothing to show.
  const ready = images.data?.filter((i) => !i.loading && i.image && i.image !== INVALID_IMAGE);
  const chosen = ready?.find((i) => i.num === selected) ?? null;

  const use = () => {
    if (!chosen) return;
    copy.mutate(
      { img: chosen.image },
      {
        onSuccess: (a) => {
          onPick(a.image);
          onClose();
        },
      },
    );
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={onClose}
        title={
          <Group gap={4} component="span">
            {t('studio.picker.title')}
            <HelpButton topic="imagepicker" />
          </Group>
        }
        size="xl"
        radius="lg"
        // On the dialog itself: a closed modal leaves an empty root in the page.
        attributes={{ content: { 'data-testid': 'image-picker' } }}
      >
        {images.isPending && !!email ? <PageLoader /> : null}
        {images.isError ? <Alert color="red">{errorText(images.error)}</Alert> : null}
        {ready && ready.length === 0 ? (
          <div className="studio-empty" data-testid="picker-empty">
            <Text fw={600}>{t('studio.picker.emptyTitle')}</Text>
            <Text c="dimmed" size="sm" mt={4}>
              {t('studio.picker.emptyText')}{' '}
              <Anchor component={Link} to="/createimg" size="sm">
                {t('studio.picker.createLink')}
              </Anchor>
            </Text>
          </div>
        ) : null}
        {ready?.length ? (
          <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
            {ready.map((img) => (
              <UnstyledButton
                key={img.num}
                className="studio-picker__item"
                data-selected={img.num === selected || undefined}
                aria-pressed={img.num === selected}
                aria-label={img.prompt || t('studio.picker.imageLabel', { num: img.num })}
                onClick={() => setSelected(img.num)}
                data-testid="picker-image"
                data-num={img.num}
              >
                <img src={img.image} alt="" loading="lazy" />
              </UnstyledButton>
            ))}
          </SimpleGrid>
        ) : null}
        {chosen ? (
          <div className="studio-picker__detail">
            <Text size="sm" c="dimmed" dir="auto" lineClamp={4} data-testid="picker-prompt">
              {detail.data?.prompt ?? chosen.prompt}
            </Text>
            <Group gap="sm" mt="sm" justify="flex-end">
              <Button
                variant="default"
                onClick={() => setEditing(chosen.num)}
                data-testid="picker-edit"
              >
                {t('imageEditor.open')}
              </Button>
              <Button onClick={use} loading={copy.isPending} data-testid="picker-use">
                {t('studio.picker.use')}
              </Button>
            </Group>
          </div>
        ) : null}
        {copy.errorText ? (
          <Alert color="red" mt="sm" data-testid="picker-error">
            {copy.errorText}
          </Alert>
        ) : null}
      </Modal>
      <GeneratedImageEditor
        num={editing}
        onClose={() => setEditing(null)}
        onLeave={() => {
          setEditing(null);
          onClose();
        }}
      />
    </>
  );
}
