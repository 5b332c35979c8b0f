import { Button, Group, Paper, Progress, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { majorityDir } from '../../../shared/i18n/auto-dir.ts';
import { isolate } from '../../../shared/i18n/language.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import type { FriendForm } from '../form.ts';
import { withoutMarks, type CharacterDraft, type DraftField } from './book-draft-api.ts';

type Accept = <K extends 'friendname' | 'personality' | 'background' | 'firstprompt'>(
  field: K,
  value: FriendForm[K],
) => void;

/** A passage as a source shows it: its paragraphs without the blank lines between, cut. */
const quoteOf = (text: string) => {
  const t = text.replace(/\n\s*\n+/g, '\n').trim();
  return t.length > 600 ? `${t.slice(0, 600)}…` : t;
};

/** One drafted field: its text (editable), its sources, and the button that puts it in the form. */
function FieldCard({
  id,
  label,
  field,
  pending,
  onAccept,
  acceptLabel,
}: {
  id: string;
  label: string;
  field: DraftField;
  pending: boolean;
  /** Null: the field has no place in the form (it is copied instead). */
  onAccept: ((text: string) => void) | null;
  acceptLabel?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const value = text ?? field.text;
  const empty = !value.trim();
  return (
    <Paper withBorder radius="md" p="sm" className="book-draft__field" data-testid={`draft-${id}`}>
      <Text fw={600} size="sm" mb={4}>
        {label}
      </Text>
      {editing ? (
        <Textarea
          autosize
          minRows={3}
          maxRows={12}
          value={value}
          onChange={(e) => setText(e.currentTarget.value)}
          aria-label={label}
          dir="auto"
        />
      ) : (
        <Text
          size="sm"
          className="book-draft__text"
          dir={majorityDir(value)}
          c={empty ? 'dimmed' : undefined}
        >
          {empty ? (pending ? t('bookDraft.pending') : t('bookDraft.empty')) : value}
        </Text>
      )}
      {empty ? null : (
        <Group gap="xs" mt="xs">
          {onAccept ? (
            <Button
              size="compact-sm"
              variant={done ? 'light' : 'filled'}
              color={done ? 'teal' : undefined}
              onClick={() => {
                onAccept(withoutMarks(value));
                setDone(true);
              }}
              data-testid={`accept-${id}`}
            >
              {done ? t('bookDraft.accepted') : (acceptLabel ?? t('bookDraft.accept'))}
            </Button>
          ) : (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => {
                void navigator.clipboard?.writeText(withoutMarks(value)).then(() => setDone(true));
              }}
            >
              {done ? t('bookDraft.copied') : t('bookDraft.copyPrompt')}
            </Button>
          )}
          <Button size="compact-sm" variant="default" onClick={() => setEditing((e) => !e)}>
            {editing ? t('bookDraft.done') : t('bookDraft.edit')}
          </Button>
          {field.citations.length ? (
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => setOpen((o) => !o)}
              aria-expanded={open}
              data-testid={`sources-${id}`}
            >
              {open
                ? t('bookDraft.hideSources')
                : t('bookDraft.sources', { n: field.citations.length })}
            </Button>
          ) : null}
        </Group>
      )}
      {open ? (
        <ol className="book-draft__sources" data-testid={`sources-list-${id}`}>
          {field.citations.map((c) => (
            <li key={c.n} value={c.n}>
              {/* The page's direction, the book's title isolated in it; the passage in the book's. */}
              <Text size="xs" fw={600} dir={c.chapter ? undefined : 'auto'}>
                {c.chapter
                  ? t('bookDraft.sourceChapter', { title: isolate(c.title), n: c.chapter })
                  : c.title}
              </Text>
              <Text size="xs" c="dimmed" dir={majorityDir(c.text)} className="book-draft__quote">
                {quoteOf(c.text)}
              </Text>
            </li>
          ))}
        </ol>
      ) : null}
    </Paper>
  );
}

/** The draft beside the form: each field accepted, edited or traced to the book. */
/** The drafted fields a creator may take into the form, and the form field each goes to. */
const ACCEPTED = [
  ['personality', 'personality'],
  ['background', 'background'],
  ['firstMessage', 'firstprompt'],
] as const;

export function DraftFields({
  draft,
  progress,
  live,
  onAccept,
  onStop,
}: {
  draft: CharacterDraft;
  progress: number;
  live: boolean;
  onAccept: Accept;
  /** Stops the draft while it is written (CancelBookJob). */
  onStop: () => void;
}) {
  const { t } = useTranslation();
  const examples: DraftField = {
    text: draft.examples.map((e) => `• ${e.text}`).join('\n'),
    citations: draft.examples.flatMap((e) => e.citations),
  };
  const byN = new Map(examples.citations.map((c) => [`${c.n}:${c.text.slice(0, 40)}`, c]));
  examples.citations = [...byN.values()];
  return (
    <div className="book-draft__fields" data-testid="draft-fields">
      <Text fw={700}>{t('bookDraft.draftTitle', { name: isolate(draft.name) })}</Text>
      {live ? (
        <>
          <Group justify="space-between">
            <Text size="sm">{t('bookDraft.drafting', { progress })}</Text>
            <Button
              size="compact-sm"
              color="red"
              variant="light"
              onClick={onStop}
              data-testid="book-draft-stop"
            >
              {t('bookDraft.cancel')}
            </Button>
          </Group>
          <Progress value={progress} animated aria-label={t('bookDraft.drafting', { progress })} />
        </>
      ) : null}
      <Text size="xs" c="dimmed">
        {t('bookDraft.notSaved')}
      </Text>
      <FieldCard
        id="name"
        label={t('bookDraft.field.name')}
        field={{ text: draft.name, citations: [] }}
        pending={false}
        onAccept={(v) => onAccept('friendname', v)}
      />
      {ACCEPTED.map(([id, into]) => (
        <FieldCard
          key={id}
          id={id}
          label={t(`bookDraft.field.${id}`)}
          field={draft[id]}
          pending={live}
          onAccept={(v) => onAccept(into, v)}
        />
      ))}
      <FieldCard
        id="examples"
        label={t('bookDraft.field.examples')}
        field={examples}
        pending={live}
        onAccept={null}
      />
      <FieldCard
        id="imagePrompt"
        label={t('bookDraft.field.imagePrompt')}
        field={draft.imagePrompt}
        pending={live}
        onAccept={null}
      />
      <Text size="xs" c="dimmed" data-testid="draft-first-chapter">
        {t('bookDraft.firstChapter', { n: draft.firstChapter })}
      </Text>
    </div>
  );
}
