import './generated-image-editor.css';
import { Alert, Button, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../shared/components/confirm-dialog.tsx';
import { TextEditorDialog } from '../common/text-editor-dialog.tsx';
import { INVALID_IMAGE, useGeneratedImage, useImageTools } from './images-api.ts';

/**
 * The full-screen editor on a generated image (spec part 1 §2): the picture above its prompt,
 * which can be edited, and the image tools: create again (from the edited prompt), a new
 * character from it, download, delete.
 */
export function GeneratedImageEditor({
  num,
  onClose,
  onLeave = onClose,
}: {
  /** The image to open (GetImage), or null when closed. */
  num: number | null;
  onClose: () => void;
  /** "New character from it" leaves for the studio of a new character. */
  onLeave?: () => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState('');
  const imageTools = useImageTools({ onStart: () => setError(''), onFailure: setError });
  // Create again opens the new image in place of the old one.
  const [opened, setOpened] = useState<{ from: number | null; current: number | null }>({
    from: null,
    current: null,
  });
  if (opened.from !== num) setOpened({ from: num, current: num });
  const current = opened.current;
  const image = useGeneratedImage(current);
  const [prompt, setPrompt] = useState<{ num: number | null; text: string }>({
    num: null,
    text: '',
  });
  if (image.data && prompt.num !== current) setPrompt({ num: current, text: image.data.prompt });
  const [confirming, setConfirming] = useState(false);

  const i = image.data;
  const drawn = !!i && !i.loading && !!i.image && i.image !== INVALID_IMAGE;

  const regenerate = () => {
    if (!i || !prompt.text.trim()) return;
    imageTools.regenerate.mutate(
      {
        prompt: prompt.text,
        negative_prompt: i.negative_prompt ?? '',
        ...(i.refimg ? { img: i.refimg } : {}),
      },
      { onSuccess: (a) => setOpened((o) => ({ ...o, current: a.num })) },
    );
  };

  const remove = () => {
    setConfirming(false);
    if (i) imageTools.remove.mutate({ img: i.image }, { onSuccess: onClose });
  };

  const media = (
    <div className="studio-genimage" data-testid="genimage-media">
      {!i ? (
        <Loader />
      ) : i.loading ? (
        <div className="studio-genimage__state" role="status">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('createImage.loadingImage')}
          </Text>
        </div>
      ) : drawn ? (
        <img src={i.image} alt={t('imageEditor.title', { num: current })} />
      ) : (
        <div className="studio-genimage__state">
          <Text size="sm" c="red" fw={600}>
            {t('createImage.errorCreating')}
          </Text>
          {i.error ? (
            <Text size="xs" c="dimmed" dir="auto">
              {i.error}
            </Text>
          ) : null}
        </div>
      )}
      {error ? (
        <Alert color="red" mt="xs" data-testid="genimage-error">
          {error}
        </Alert>
      ) : null}
    </div>
  );

  const tools = (
    <>
      <Button
        variant="default"
        color="red"
        onClick={() => setConfirming(true)}
        disabled={imageTools.busy || !drawn}
        data-testid="genimage-delete"
      >
        {t('studio.picker.delete')}
      </Button>
      {drawn ? (
        <Button
          component="a"
          href={i.image}
          download
          variant="default"
          data-testid="genimage-download"
        >
          {t('createImage.download')}
        </Button>
      ) : null}
      {drawn ? (
        <Button
          component={Link}
          to={`/createdit/fromimage/${current}`}
          variant="default"
          onClick={onLeave}
          data-testid="genimage-new-character"
        >
          {t('createImage.newCharacter')}
        </Button>
      ) : null}
      <Button
        variant="light"
        onClick={regenerate}
        loading={imageTools.busy}
        disabled={!i || !prompt.text.trim()}
        data-testid="genimage-regenerate"
      >
        {t('createImage.recreate')}
      </Button>
    </>
  );

  return (
    <>
      <TextEditorDialog
        opened={num !== null}
        title={t('imageEditor.title', { num: current ?? '' })}
        label={t('imageEditor.promptLabel')}
        value={prompt.text}
        onChange={(text) => setPrompt({ num: current, text })}
        onClose={onClose}
        media={media}
        tools={tools}
      />
      <ConfirmDialog
        opened={confirming}
        title={t('studio.picker.deleteTitle')}
        danger
        loading={imageTools.busy}
        confirmLabel={t('studio.picker.delete')}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      >
        {t('studio.picker.deleteText')}
      </ConfirmDialog>
    </>
  );
}
