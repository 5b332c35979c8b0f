import { ErrorCode } from '../protocol/errors.ts';

/** A refusal a service means to show the user: code plus, optionally, a specific text. */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** Extra answer fields (e.g. retry-after) the client may use. */
  readonly extra: Record<string, unknown> | undefined;
  constructor(code: ErrorCode, message?: string, extra?: Record<string, unknown>) {
    super(message ?? '');
    this.code = code;
    this.extra = extra;
  }
}

export const forbidden = (msg?: string) => new AppError(ErrorCode.FORBIDDEN, msg);
export const notFound = (msg?: string) => new AppError(ErrorCode.NOT_FOUND, msg);
export const unauthenticated = () => new AppError(ErrorCode.UNAUTHENTICATED);
