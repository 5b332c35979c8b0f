import { ErrorCode } from '../../protocol/errors.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';

/** Uploads per user (files and images together) in a 10-minute window: extraction costs CPU. */
export const UPLOAD_LIMIT = { limit: 60, window: 600 } as const;

export const uploadLimitKey = (userId: number) => `upload:${userId}`;

export async function uploadAllowed(deps: Pick<Deps, 'limiter'>, userId: number): Promise<void> {
  const d = await deps.limiter.hit(uploadLimitKey(userId), UPLOAD_LIMIT.limit, UPLOAD_LIMIT.window);
  if (!d.allowed) {
    throw new AppError(ErrorCode.RATE_LIMITED, undefined, { retryAfter: d.retryAfter });
  }
}
