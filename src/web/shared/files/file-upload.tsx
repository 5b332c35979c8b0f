import { Button, Group, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadIcon } from '../components/icons.tsx';
import { useErrorText } from '../hooks/use-error-text.ts';
import { isolate } from '../i18n/language.ts';
import { useLanguage } from '../i18n/use-language.ts';
import { autoDir } from '../i18n/auto-dir.ts';
import { FILE_ACCEPT, FILE_MAX_BYTES, uploadFile } from '../api/endpoints.ts';

/** Upload a book or document for the character, under an optional subject. */
export function FileUpload({
  user,
  friendid,
  friendtype,
  onUploaded,
}: {
  user: string;
  friendid: string;
  friendtype: number;
  onUploaded: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { lang } = useLanguage();
  const input = useRef<HTMLInputElement>(null);
  const [subject, setSubject] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const send = async (file: File | undefined) => {
    if (!file) return;
    setMessage(null);
    if (file.size > FILE_MAX_BYTES) {
      setMessage({
        ok: false,
        text: t('files.tooBig', { mb: FILE_MAX_BYTES / 1024 / 1024 }),
      });
      return;
    }
    setBusy(true);
    try {
      const r = await uploadFile({
        file,
        user,
        friend: friendid,
        friendtype,
        subject: subject.trim(),
        lang,
      });
      if (r.ok) {
        setMessage({ ok: true, text: t('files.uploaded', { name: isolate(file.name) }) });
        setSubject('');
        onUploaded();
      } else {
        console.warn('file upload refused', r.text);
        setMessage({ ok: false, text: r.text || t('common.unknownError') });
      }
    } catch (err) {
      console.warn('file upload failed', err);
      setMessage({ ok: false, text: errorText(err) });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
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
          loading={busy}
          onClick={() => input.current?.click()}
          data-testid="files-upload"
        >
          {t('files.upload')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={FILE_ACCEPT}
          hidden
          aria-label={t('files.upload')}
          onChange={(e) => void send(e.currentTarget.files?.[0])}
          data-testid="files-upload-input"
        />
      </Group>
      {message ? (
        <Text
          size="sm"
          mt={6}
          c={message.ok ? 'teal.8' : 'red.8'}
          role={message.ok ? 'status' : 'alert'}
          dir="auto"
          data-testid="files-message"
        >
          {message.text}
        </Text>
      ) : null}
    </div>
  );
}
