import { Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { ImageIcon, UploadIcon } from '../../../shared/components/icons.tsx';
import { CharacterImage } from '../../../shared/components/character-image.tsx';
import { useErrorText } from '../../../shared/hooks/use-error-text.ts';
import { useLanguage } from '../../../shared/i18n/use-language.ts';
import { FieldHead } from '../common/field-head.tsx';
import { IMAGE_UPLOAD_TYPES } from '../../../../protocol/public-config.ts';
import { toMb, useUploadLimits } from '../../../shared/api/config.ts';
import { uploadImage } from '../../../shared/api/endpoints.ts';
import { ImagePickerDialog } from '../images/image-picker-dialog.tsx';

/** The character's picture: upload one, or pick one of the user's generated images. */
export function ImageField({
  value,
  name,
  friendid,
  onChange,
}: {
  value: string;
  name: string;
  /** The saved character's id; '' before the first save (the upload then needs canadd). */
  friendid: string;
  onChange: (image: string) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { lang } = useLanguage();
  const input = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const [message, setMessage] = useState('');
  const limits = useUploadLimits();
  const upload = useMutation({
    mutationFn: (file: File) => uploadImage(file, friendid, lang),
    onSuccess: (r) => {
      if (r.ok) onChange(r.image);
      else setMessage(r.message || t('studio.image.failed'));
    },
    onError: (err) => setMessage(errorText(err)),
    // The same file chosen again is a change too.
    onSettled: () => {
      if (input.current) input.current.value = '';
    },
  });

  const send = (file: File | undefined) => {
    if (!file) return;
    setMessage('');
    if (!IMAGE_UPLOAD_TYPES.includes(file.type)) {
      setMessage(t('studio.image.badType'));
      return;
    }
    if (limits && file.size > limits.imageMaxBytes) {
      setMessage(t('studio.image.tooBig', { mb: toMb(limits.imageMaxBytes) }));
      return;
    }
    upload.mutate(file);
  };

  return (
    <div className="studio-field">
      <FieldHead label={t('studio.fields.image')} topic="image" />
      <div className="studio-image">
        <div className="studio-image__preview" data-testid="studio-image">
          {value ? (
            <CharacterImage key={value} src={value} name={name || '?'} />
          ) : (
            <div className="studio-image__none">
              <ImageIcon size={32} />
            </div>
          )}
        </div>
        {/* Without preventGrowOverflow each button may take at most half the row: a button
            that does not fit moves to the next line whole instead. */}
        <Group gap="xs" className="studio-image__actions" preventGrowOverflow={false}>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<UploadIcon size={16} />}
            loading={upload.isPending}
            onClick={() => input.current?.click()}
          >
            {t('studio.image.upload')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<ImageIcon size={16} />}
            onClick={() => setPicking(true)}
            data-testid="studio-image-pick"
          >
            {t('studio.image.pick')}
          </Button>
          <input
            ref={input}
            type="file"
            accept={IMAGE_UPLOAD_TYPES.join(',')}
            hidden
            aria-label={t('studio.image.upload')}
            onChange={(e) => send(e.currentTarget.files?.[0])}
            data-testid="studio-image-upload"
          />
        </Group>
      </div>
      {message ? (
        <Text size="xs" c="red.8" mt={4} role="alert" data-testid="studio-image-message">
          {message}
        </Text>
      ) : null}
      <ImagePickerDialog
        opened={picking}
        onClose={() => setPicking(false)}
        onPick={(image) => onChange(image)}
      />
    </div>
  );
}
