import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { TIMINGS } from '../../../protocol/constants.ts';
import { useTimedMessage } from '../hooks/use-timed-message.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { UploadIcon } from '../components/icons.tsx';
import { useErrorText } from '../hooks/use-error-text.ts';
import { useLanguage } from '../i18n/use-language.ts';
import { autoDir } from '../i18n/auto-dir.ts';
import { FILE_UPLOAD_ACCEPT } from '../../../protocol/public-config.ts';
import { toMb, useUploadLimits } from '../api/config.ts';
import { uploadFile } from '../api/endpoints.ts';

/**
 * Upload a book or document for the character, under an optional subject. Success is the
 * notice "File uploaded successfully" (spec part 2 §7), in the dialog's flow under the
 * button, so it never covers the dialog's controls or rows; uploads while it shows are
 * counted in the one notice ("3 files uploaded"). A problem goes to the dialog, which shows
 * one error at a time and clears it when anything is tried again.
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
  const [notice, showNotice] = useTimedMessage(TIMINGS.toastMs);
  const uploaded = useRef(0);
  const upload = useMutation({
    mutationFn: (file: File) =>
      uploadFile({ file, user, friend: friendid, friendtype, subject: subject.trim(), lang }),
    onSuccess: (r) => {
      if (r.ok) {
        uploaded.current = notice ? uploaded.current + 1 : 1;
        showNotice(
          uploaded.current === 1
            ? t('files.uploaded')
            : t('files.uploadedMany', { n: uploaded.current }),
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
      <div aria-live="polite">
        {notice ? (
          <Alert color="teal" variant="light" radius="md" p="xs" mt="xs" data-testid="files-toast">
            {notice}
          </Alert>
        ) : null}
      </div>
    </div>
  );
}
