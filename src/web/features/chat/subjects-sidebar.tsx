import { Button, Group, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useConfirm } from '../../shared/components/confirm-dialog.tsx';
import { IconButton } from '../../shared/components/icon-button.tsx';
import {
  CheckIcon,
  CloseIcon,
  ForkIcon,
  InsightIcon,
  PencilIcon,
  PlusIcon,
  TrashIcon,
} from '../../shared/components/icons.tsx';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { isolate } from '../../shared/i18n/language.ts';
import { SubjectLabel } from './subject-label.tsx';
import { forkName, sameName, useSubjectActions } from './use-subjects.ts';
import { typedDir } from '../../shared/i18n/auto-dir.ts';

// Loaded when first opened (with Mantine's Modal): the chat's first paint does not need it.
const AnalysisDialog = lazy(() =>
  import('./analysis-dialog.tsx').then((m) => ({ default: m.AnalysisDialog })),
);

/** An inline name field with confirm and cancel (Enter confirms, Escape cancels). */
function NameInput({
  initial,
  testid,
  onDone,
  onCancel,
}: {
  initial: string;
  testid: string;
  onDone: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const ok = () => {
    if (value.trim()) onDone(value.trim());
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      ok();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    }
  };
  return (
    <Group gap={4} wrap="nowrap" className="subjects__edit">
      <TextInput
        size="xs"
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        placeholder={t('chat.subjectName')}
        aria-label={t('chat.subjectName')}
        maxLength={120}
        ref={typedDir(value)}
        autoFocus
        className="subjects__input"
        data-testid={testid}
      />
      <IconButton
        size="sm"
        variant="light"
        label={t('chat.confirmName')}
        testid={`${testid}-ok`}
        onClick={ok}
        disabled={!value.trim()}
      >
        <CheckIcon size={14} />
      </IconButton>
      <IconButton
        size="sm"
        color="gray"
        label={t('chat.cancelName')}
        testid={`${testid}-cancel`}
        onClick={onCancel}
      >
        <CloseIcon size={14} />
      </IconButton>
    </Group>
  );
}

/**
 * The subjects of this conversation (spec part 2 §4 "Subject sidebar"): a new subject goes
 * on top and becomes current (an existing name is just selected), rename happens in place,
 * delete asks first and then selects the first subject, fork copies a subject with its
 * conversation. The route's forced subject (detailsfor) is listed first.
 */
export function SubjectsSidebar({
  friendid,
  subjects,
  current,
  forced,
  disabled,
  onSelect,
  onRenamed,
}: {
  friendid: string;
  subjects: string[];
  current: string | null;
  forced: string | null;
  /** While an answer is being written the subject cannot change. */
  disabled: boolean;
  onSelect: (name: string) => void;
  /** A subject got a new name (the current one keeps being current under it). */
  onRenamed: (from: string, to: string) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const actions = useSubjectActions(friendid);
  const [confirmDialog, confirm] = useConfirm();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [analysing, setAnalysing] = useState<string | null>(null);
  const [error, setError] = useState('');

  const list =
    forced && subjects.some((s) => sameName(s, forced))
      ? [
          subjects.find((s) => sameName(s, forced))!,
          ...subjects.filter((s) => !sameName(s, forced)),
        ]
      : subjects;
  const busy =
    disabled ||
    actions.create.isPending ||
    actions.rename.isPending ||
    actions.remove.isPending ||
    actions.fork.isPending;

  const attempt = async (work: () => Promise<void>) => {
    setError('');
    try {
      await work();
    } catch (err) {
      setError(errorText(err) || t('chat.subjectError'));
    }
  };

  const create = (name: string) =>
    attempt(async () => {
      setAdding(false);
      const existing = subjects.find((s) => sameName(s, name));
      onSelect(existing ?? (await actions.create.mutateAsync(name)));
    });

  const rename = (from: string, to: string) =>
    attempt(async () => {
      setRenaming(null);
      if (to === from) return;
      const name = await actions.rename.mutateAsync({ from, to });
      onRenamed(from, name);
    });

  const remove = async (name: string) => {
    if (!(await confirm(t('chat.deleteConfirm', { name: isolate(name) }), { danger: true })))
      return;
    await attempt(async () => {
      const left = await actions.remove.mutateAsync(name);
      onSelect(left[0] ?? '');
    });
  };

  const fork = (from: string) =>
    attempt(async () => {
      await actions.fork.mutateAsync({ from, to: forkName(from, subjects, t('chat.copyWord')) });
    });

  return (
    <section className="subjects" aria-label={t('chat.subjects')}>
      <Group justify="space-between" gap="xs" className="subjects__head">
        <Text fw={700} size="sm">
          {t('chat.subjects')}
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<PlusIcon size={14} />}
          onClick={() => setAdding(true)}
          disabled={busy}
          data-testid="subject-new"
        >
          {t('chat.newSubject')}
        </Button>
      </Group>
      {adding ? (
        <NameInput
          initial=""
          testid="subject-new-input"
          onDone={(name) => void create(name)}
          onCancel={() => setAdding(false)}
        />
      ) : null}
      {error ? (
        <Text size="xs" c="red" role="alert" data-testid="subject-error">
          {error}
        </Text>
      ) : null}
      <ul className="subjects__list">
        {list.map((s) => {
          const isCurrent = current !== null && sameName(s, current);
          return (
            <li
              key={s}
              className={`subjects__item${isCurrent ? ' subjects__item--current' : ''}`}
              data-testid="subject-item"
              data-subject={s}
              data-current={isCurrent ? 'true' : 'false'}
            >
              {renaming === s ? (
                <NameInput
                  initial={s}
                  testid="subject-rename-input"
                  onDone={(name) => void rename(s, name)}
                  onCancel={() => setRenaming(null)}
                />
              ) : (
                <>
                  <button
                    type="button"
                    className="subjects__name"
                    onClick={() => onSelect(s)}
                    disabled={busy && !isCurrent}
                    aria-current={isCurrent ? 'true' : undefined}
                  >
                    <SubjectLabel subject={s} forced={forced} />
                  </button>
                  <Group gap={0} wrap="nowrap" className="subjects__tools">
                    <IconButton
                      // 24 px: the smallest target WCAG 2.2 allows (2.5.8).
                      size={24}
                      color="gray"
                      label={t('chat.rename')}
                      testid="subject-rename"
                      onClick={() => setRenaming(s)}
                      disabled={busy}
                    >
                      <PencilIcon size={14} />
                    </IconButton>
                    <IconButton
                      // 24 px: the smallest target WCAG 2.2 allows (2.5.8).
                      size={24}
                      color="gray"
                      label={t('chat.fork')}
                      testid="subject-fork"
                      onClick={() => void fork(s)}
                      disabled={busy}
                    >
                      <ForkIcon size={14} />
                    </IconButton>
                    <IconButton
                      // 24 px: the smallest target WCAG 2.2 allows (2.5.8).
                      size={24}
                      color="gray"
                      label={t('chat.analyze')}
                      testid="subject-analyze"
                      onClick={() => setAnalysing(s)}
                    >
                      <InsightIcon size={14} />
                    </IconButton>
                    <IconButton
                      // 24 px: the smallest target WCAG 2.2 allows (2.5.8).
                      size={24}
                      label={t('chat.delete')}
                      testid="subject-delete"
                      color="red"
                      onClick={() => void remove(s)}
                      disabled={busy}
                    >
                      <TrashIcon size={14} />
                    </IconButton>
                  </Group>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {confirmDialog}
      {analysing ? (
        <Suspense fallback={null}>
          <AnalysisDialog
            friendid={friendid}
            subject={analysing}
            onClose={() => setAnalysing(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
