import { ActionIcon, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { autoDir } from '../../../shared/i18n/auto-dir.ts';
import { ExpandIcon } from '../../../shared/components/icons.tsx';
import { FieldHead } from './field-head.tsx';
import type { HelpTopic } from '../../../shared/help/help.ts';
import { TextEditorDialog } from './text-editor-dialog.tsx';
import { LengthCounter, overLimit } from '../../../shared/components/length-counter.tsx';

/**
 * A long text (personality, background, first message, description) with the large editor,
 * and a counter near its limit (`max`, the server's), which turns into the reason past it.
 */
export function LongTextField({
  label,
  topic,
  value,
  onChange,
  disabled,
  description,
  testId,
  max,
  minRows = 5,
  maxRows = 14,
}: {
  label: string;
  topic: HelpTopic;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  description?: string;
  testId: string;
  /** The server's limit for this field (TEXT_LIMITS). */
  max: number;
  minRows?: number;
  maxRows?: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const counterId = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="studio-field">
      <FieldHead label={label} topic={topic} htmlFor={id}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          disabled={disabled}
          aria-label={t('studio.editor.open', { field: label })}
          title={t('studio.editor.open', { field: label })}
          onClick={() => setOpen(true)}
          data-testid={`${testId}-expand`}
        >
          <ExpandIcon size={16} />
        </ActionIcon>
      </FieldHead>
      <Textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        disabled={disabled}
        description={description}
        autosize
        minRows={minRows}
        maxRows={maxRows}
        ref={autoDir}
        error={overLimit(value, max) || undefined}
        aria-describedby={counterId}
        data-testid={testId}
      />
      <LengthCounter
        text={value}
        max={max}
        id={counterId}
        action="save"
        testId={`${testId}-counter`}
      />
      <TextEditorDialog
        opened={open && !disabled}
        title={label}
        value={value}
        onChange={onChange}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
