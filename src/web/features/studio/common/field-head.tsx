import type { ReactNode } from 'react';
import type { HelpTopic } from '../../../shared/help/help.ts';
import { HelpButton } from '../../../shared/help/help-dialog.tsx';

/**
 * A field's label with its '?' help button (and optional tools) beside it. Kept outside the
 * <label> so the input's accessible name is the label alone.
 */
export function FieldHead({
  label,
  topic,
  htmlFor,
  children,
}: {
  label: string;
  topic: HelpTopic;
  htmlFor?: string;
  children?: ReactNode;
}) {
  return (
    <div className="studio-field__head">
      <label htmlFor={htmlFor} className="studio-field__label">
        {label}
      </label>
      <HelpButton topic={topic} />
      {children ? <div className="studio-field__tools">{children}</div> : null}
    </div>
  );
}
