import type { ErrorCode } from '../protocol/errors.ts';
import { type Lang } from '../protocol/errors.ts';
import { msg, type MessageKey, type MessageVars } from './wording.ts';

/** A text of wording.ts by its key, worded later in the caller's language. */
export interface MessageRef {
  key: MessageKey;
  vars?: MessageVars;
}

/** An extra answer field with this value repeats the refusal's text (the spec's ErrorMessage). */
export const REFUSAL_TEXT = Symbol('the refusal text');

/**
 * A refusal a service means to show the user: a code and, optionally, a specific text. The
 * text is a message key with its variables (`refusal()`), worded by whoever answers the caller
 * (the dispatcher, a direct endpoint) in the caller's language; a service never words one.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** The keyed text, when the refusal names one. */
  readonly ref: MessageRef | undefined;
  /** Extra answer fields (e.g. retry-after) the client may use. */
  readonly extra: Record<string, unknown> | undefined;
  constructor(code: ErrorCode, ref?: MessageRef, extra?: Record<string, unknown>) {
    // A keyed refusal's message is its key: what logs and test failures show.
    super(ref?.key ?? '');
    this.code = code;
    this.ref = ref;
    this.extra = extra;
  }

  /** The specific text in `lang`, or undefined for the code's generic one. */
  text(lang: Lang): string | undefined {
    return this.ref && msg(this.ref.key, lang, this.ref.vars);
  }

  /** The extra answer fields, a field set to REFUSAL_TEXT given the text in `lang`. */
  extraIn(lang: Lang): Record<string, unknown> | undefined {
    if (!this.extra) return undefined;
    const text = this.text(lang) ?? '';
    return Object.fromEntries(
      Object.entries(this.extra).map(([k, v]) => [k, v === REFUSAL_TEXT ? text : v]),
    );
  }
}

/** A refusal with its text named by key: `throw refusal(ErrorCode.FORBIDDEN, 'accessOwnerOnly')`. */
export function refusal(
  code: ErrorCode,
  key: MessageKey,
  vars?: MessageVars,
  extra?: Record<string, unknown>,
): AppError {
  return new AppError(code, vars ? { key, vars } : { key }, extra);
}
