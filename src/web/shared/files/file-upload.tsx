import { Button, Group, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { createNotificationsStore, showNotification } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { UploadIcon } from '../components/icons.tsx';
import { useErrorText } from '../hooks/use-error-text.ts';
import { useLanguage } from '../i18n/use-language.ts';
import { autoDir } from '../i18n/auto-dir.ts';
import { FILE_UPLOAD_ACCEPT } from '../../../protocol/public-config.ts';
import { toMb, useUploadLimits } from '../api/config.ts';
import { uploadFile } from '../api/endpoints.ts';

/** The files dialog's own toasts: its host never shows another screen's. */
export const filesToasts = createNotificationsStore();

/**
 * Upload a book or document for the character, under an optional subject. Success is the
 * toast "File uploaded successfully" (spec part 2 §7); a problem goes to the dialog, which
 * shows one error at a time and clears it when anything is tried again.
 */
export function FileUpload({
  user,
  friendid,
  friendtype,
  onStart,
  onProblem,
  onUploaded,
}: {
  user: string;
  friendid: string;
  friendtype: number;
  onStart: () => void;
  onProblem: (text: string) => void;
  onUploaded: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { lang } = useLanguage();
  const input = useRef<HTMLInputElement>(null);
  const [subject, setSubject] = useState('');
  const limits = useUploadLimits();
  const upload = useMutation({
    mutationFn: (file: File) =>
      uploadFile({ file, user, friend: friendid, friendtype, subject: subject.trim(), lang }),
    onSuccess: (r) => {
      if (r.ok) {
        showNotification(
          { color: 'teal', message: t('files.uploaded'), 'data-testid': 'files-toast' },
          filesToasts,
        );
        setSubject('');
        onUploaded();
      } else {
        console.warn('file upload refused', r.text);
        onProblem(r.text || t('common.unknownError'));
      }
    },
    onError: (err) => {
      console.warn('file upload failed', err);
      onProblem(errorText(err));
    },
    // The same file chosen again is a change too.
    onSettled: () => {
      if (input.current) input.current.value = '';
    },
  });

  const send = (file: File | undefined) => {
    if (!file) return;
    onStart();
    if (limits && file.size > limits.fileMaxBytes) {
      onProblem(t('files.tooBig', { mb: toMb(limits.fileMaxBytes) }));
      return;
    }
    upload.mutate(file);
  };

  return (
    <div className="files-dialog__section">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          ref={autoDir}
          label={t('files.uploadSubject')}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          maxLength={300}
          className="files-dialog__subject"
          data-testid="files-upload-subject"
        />
        <Button
          leftSection={<UploadIcon size={16} />}
          loading={upload.isPending}
          onClick={() => input.current?.click()}
          data-testid="files-upload"
        >
          {t('files.upload')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={FILE_UPLOAD_ACCEPT}
          hidden
          aria-label={t('files.upload')}
          onChange={(e) => send(e.currentTarget.files?.[0])}
          data-testid="files-upload-input"
        />
      </Group>
      <Text size="xs" c="dimmed" mt={4} data-testid="files-upload-types">
        {t('files.uploadTypes')}
      </Text>
    </div>
  );
}
