import { Alert, Button, FileButton, Group, Paper, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FRIEND_ID_PATTERN } from '../../../../protocol/friend-rules.ts';
import { FILE_UPLOAD_ACCEPT } from '../../../../protocol/public-config.ts';
import { callOrThrow } from '../../../shared/api/call-or-throw.ts';
import { uploadFile } from '../../../shared/api/endpoints.ts';
import { UploadIcon } from '../../../shared/components/icons.tsx';
import { useErrorText } from '../../../shared/hooks/use-error-text.ts';
import { useLanguage } from '../../../shared/i18n/use-language.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { useStored } from '../../../shared/storage/use-stored.ts';

/** The picture a character made from a book has until one is chosen (as a card import's). */
const PLACEHOLDER_IMAGE = '/logo.svg';

/** What the studio opens with after "New character from a book": the uploaded book. */
export const bookOf = (state: unknown): number | undefined => {
  const n = (state as { bookDraft?: { num?: unknown } } | null)?.bookDraft?.num;
  return typeof n === 'number' ? n : undefined;
};

/**
 * "New character from a book" on /createdit: the character is made under the id chosen here
 * (a private draft: the book's title as its name, no texts yet), the book is uploaded as its
 * knowledge, and the studio opens with the draft panel on that book.
 */
export function NewFromBook() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const email = useStored('email') ?? '';
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [id, setId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const onFile = async (file: File | null) => {
    if (!file) return;
    const friendid = id.trim();
    if (!friendid || !FRIEND_ID_PATTERN.test(friendid)) {
      setError(t('bookDraft.newIdMissing'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await callOrThrow('SetFriendDetails', {
        insert: 1,
        autosave: 1,
        friendid,
        friendname: file.name.replace(/\.[^.]+$/, '').slice(0, 200) || friendid,
        image: PLACEHOLDER_IMAGE,
        lang,
      });
      const up = await uploadFile({
        file,
        user: email,
        friend: friendid,
        friendtype: 0,
        subject: '',
        lang,
      });
      if (!up.ok) {
        setError(up.text || t('bookDraft.newFailed'));
        void navigate(`/createdit/${encodeURIComponent(friendid)}`);
        return;
      }
      const files = await callOrThrow('GetFiles', { friend: friendid });
      const num = files.files[0]?.num;
      void navigate(`/createdit/${encodeURIComponent(friendid)}`, {
        state: num ? { bookDraft: { num } } : null,
      });
    } catch (err) {
      setError(errorText(err) || t('bookDraft.newFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p="sm" mb="md" data-testid="new-from-book">
      <Text fw={600} size="sm">
        {t('bookDraft.newTitle')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('bookDraft.newHint')}
      </Text>
      <Group gap="sm" align="end" wrap="wrap">
        <TextInput
          label={t('bookDraft.newId')}
          value={id}
          onChange={(e) => setId(e.currentTarget.value)}
          dir="ltr"
          size="sm"
          data-testid="new-from-book-id"
        />
        <FileButton onChange={(f) => void onFile(f)} accept={FILE_UPLOAD_ACCEPT}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<UploadIcon size={17} />}
              loading={busy}
              data-testid="new-from-book-upload"
            >
              {t('bookDraft.newButton')}
            </Button>
          )}
        </FileButton>
      </Group>
      {error ? (
        <Alert color="red" mt="sm" p="xs" role="alert" dir="auto" data-testid="new-from-book-error">
          {error}
        </Alert>
      ) : null}
    </Paper>
  );
}
