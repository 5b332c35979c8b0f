import type { MouseEvent, ReactNode } from 'react';

/** Ids of the places skip links lead to (issue 38). */
export const SKIP_TARGETS = {
  /** The chat's message box (features/chat/input-bar.tsx). */
  chatInput: 'chat-input',
  /** The characters grid of the main screen; the link lands on its first card. */
  characters: 'characters',
} as const;

/**
 * Brings the keyboard to the element with this id, or to its first link or field when the
 * element itself is a container (a grid of cards). Answers whether anything took focus.
 */
export function focusById(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  const inner = el.matches('a, button, input, textarea, select, [tabindex]')
    ? el
    : el.querySelector<HTMLElement>('a[href], button, input, textarea, select');
  const target = inner ?? el;
  if (target === el && !inner) el.setAttribute('tabindex', '-1');
  target.focus();
  return document.activeElement === target;
}

/**
 * A link that shows only when it has the keyboard's focus and moves focus to `target`
 * (an id), without touching the address; `onSkip` replaces the move when given.
 */
export function SkipLink({
  target,
  onSkip,
  children,
  testId,
}: {
  target: string;
  onSkip?: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const go = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (onSkip) onSkip();
    else focusById(target);
  };
  return (
    <a href={`#${target}`} className="skip-link" onClick={go} data-testid={testId}>
      {children}
    </a>
  );
}
