import { Alert, Button, Group, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../components/page-loader.tsx';
import { useErrorText } from '../hooks/use-error-text.ts';
import { autoDir } from '../i18n/auto-dir.ts';
import { useKnowledgeEntry, type KnowledgeApi } from './knowledge-api.ts';

/** Edit one knowledge subject, or write a new one (`num` null). */
export function KnowledgeForm({
  api,
  friendid,
  num,
  onSaved,
  onBack,
}: {
  api: KnowledgeApi;
  friendid: string;
  num: number | null;
  onSaved: (num: number) => void;
  onBack: () => void;
}) {
  const existing = useKnowledgeEntry(friendid, num);
  if (num !== null && existing.isPending) return <PageLoader />;
  if (existing.isError) return <KnowledgeLoadError error={existing.error} onBack={onBack} />;
  return (
    <KnowledgeEditor
      api={api}
      num={num}
      initial={existing.data ?? { subject: '', contents: '' }}
      onSaved={onSaved}
      onBack={onBack}
    />
  );
}

export function KnowledgeLoadError({ error, onBack }: { error: unknown; onBack: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <>
      <Alert color="red">{errorText(error)}</Alert>
      <Button variant="default" mt="md" onClick={onBack}>
        {t('knowledge.back')}
      </Button>
    </>
  );
}

function KnowledgeEditor({
  api,
  num,
  initial,
  onSaved,
  onBack,
}: {
  api: KnowledgeApi;
  num: number | null;
  initial: { subject: string; contents: string };
  onSaved: (num: number) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [subject, setSubject] = useState(initial.subject);
  const [contents, setContents] = useState(initial.contents);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const save = async () => {
    if (!subject.trim()) {
      setError(t('knowledge.noSubject'));
      return;
    }
    if (!contents.trim()) {
      setError(t('knowledge.noContents'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const r = await api.save({
        ...(num !== null ? { num } : {}),
        subject: subject.trim(),
        contents,
      });
      if ('error' in r) setError(r.error || t('common.unknownError'));
      else onSaved(r.num);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <TextInput
        ref={autoDir}
        label={t('knowledge.subject')}
        value={subject}
        onChange={(e) => setSubject(e.currentTarget.value)}
        maxLength={300}
        data-autofocus
        data-testid="knowledge-subject"
      />
      <Textarea
        ref={autoDir}
        label={t('knowledge.contents')}
        value={contents}
        onChange={(e) => setContents(e.currentTarget.value)}
        autosize
        minRows={10}
        maxRows={22}
        mt="sm"
        className="knowledge-dialog__contents"
        data-testid="knowledge-contents"
      />
      {error ? (
        <Alert color="red" mt="sm" p="xs" data-testid="knowledge-error">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="md" gap="sm">
        <Button variant="default" onClick={onBack} data-testid="knowledge-back">
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={busy} data-testid="knowledge-save">
          {t('knowledge.save')}
        </Button>
      </Group>
    </form>
  );
}
