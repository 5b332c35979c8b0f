import { Alert, Button, Group, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { useErrorText } from '../hooks/use-error-text.ts';
import { autoDir } from '../i18n/auto-dir.ts';
import { useKnowledgeEntry, useSaveKnowledge } from './knowledge-api.ts';

/** Edit one knowledge subject, or write a new one (`num` null). */
export function KnowledgeForm({
  friendid,
  num,
  onSaved,
  onBack,
}: {
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
      friendid={friendid}
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
  friendid,
  num,
  initial,
  onSaved,
  onBack,
}: {
  friendid: string;
  num: number | null;
  initial: { subject: string; contents: string };
  onSaved: (num: number) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [subject, setSubject] = useState(initial.subject);
  const [contents, setContents] = useState(initial.contents);
  const save = useSaveKnowledge(friendid);
  // What the form itself refuses; a refusal of the server is the save's.
  const [missing, setMissing] = useState('');
  const error = missing || save.errorText;

  const submit = () => {
    if (!subject.trim()) {
      setMissing(t('knowledge.noSubject'));
      return;
    }
    if (!contents.trim()) {
      setMissing(t('knowledge.noContents'));
      return;
    }
    setMissing('');
    save.mutate(
      { friendid, ...(num !== null ? { num } : {}), subject: subject.trim(), contents },
      { onSuccess: (a) => onSaved(a.num) },
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
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
        <Button type="submit" loading={save.isPending} data-testid="knowledge-save">
          {t('knowledge.save')}
        </Button>
      </Group>
    </form>
  );
}
