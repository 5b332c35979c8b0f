import type { Deps } from '../deps.ts';

/** The queue that deletes again what could not be deleted at once. */
export const DISCARD_QUEUE = 'storage-discard';

interface DiscardJob {
  keys: string[];
}

/**
 * Declares the queue that retries stored files' deletes (before the job queue starts): a
 * delete that failed (the store was down, a timeout) is tried again with backoff, and one that
 * fails for good is logged as such and listed by `npm run admin -- jobs`.
 */
export function defineDiscardJob(deps: Pick<Deps, 'jobs' | 'storage'>) {
  deps.jobs.define<DiscardJob>(
    DISCARD_QUEUE,
    async ({ keys }) => {
      for (const key of keys) await deps.storage.delete(key);
    },
    { retryLimit: 8, retryDelaySeconds: 60, backoff: true },
  );
}

/**
 * Deletes stored files whose rows are gone. Each one that fails is logged and handed to the
 * retry queue, so it is never left behind in silence; the caller's work is not failed by it.
 */
export async function discardFiles(
  deps: Pick<Deps, 'jobs' | 'storage' | 'log'>,
  keys: string[],
  why: string,
): Promise<void> {
  const failed: string[] = [];
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (err) {
      failed.push(key);
      deps.log.warn({ err, key, why }, 'a stored file could not be deleted; it will be retried');
    }
  }
  if (!failed.length) return;
  try {
    await deps.jobs.send(DISCARD_QUEUE, { keys: failed } satisfies DiscardJob);
  } catch (err) {
    deps.log.error(
      { err, keys: failed, why },
      'stored files could not be deleted, nor their delete queued: they are left behind',
    );
  }
}
