import { Alert, Button, Group, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../components/page-loader.tsx';
import { useErrorText } from '../hooks/use-error-text.ts';
import { autoDir } from '../i18n/auto-dir.ts';
import type { KnowledgeApi } from './knowledge-api.ts';

/** View and edit one knowledge subject, or write a new one (`num` absent). */
export function KnowledgeForm({
  api,
  friendid,
  num,
  onDone,
}: {
  api: KnowledgeApi;
  friendid: string;
  num: number | null;
  onDone: () => void;
}) {
  const existing = useQuery({
    queryKey: ['knowledgeEntry', friendid, num],
    enabled: num !== null,
    staleTime: 0,
    gcTime: 0,
    queryFn: () => api.load(num ?? 0),
  });
  if (num !== null && existing.isPending) return <PageLoader />;
  if (existing.isError) return <KnowledgeLoadError error={existing.error} onBack={onDone} />;
  return (
    <KnowledgeEditor
      api={api}
      num={num}
      initial={existing.data ?? { subject: '', contents: '' }}
      onDone={onDone}
    />
  );
}

function KnowledgeLoadError({ error, onBack }: { error: unknown; onBack: () => void }) {
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
  onDone,
}: {
  api: KnowledgeApi;
  num: number | null;
  initial: { subject: string; contents: string };
  onDone: () => void;
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
      else onDone();
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
        <Button variant="default" onClick={onDone} data-testid="knowledge-back">
          {t('knowledge.back')}
        </Button>
        <Button type="submit" loading={busy} data-testid="knowledge-save">
          {t('knowledge.save')}
        </Button>
      </Group>
    </form>
  );
}
