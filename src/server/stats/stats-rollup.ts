import type { Deps } from '../deps.ts';
import { STAT_SOURCES, type RollupRepo } from './rollup.repo.ts';

const DAY_MS = 86_400_000;

/** The start (UTC) of the day `now` falls in. */
export const dayStart = (now: Date) => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);

/**
 * The daily roll-up of the analytics, a durable job: every hour (and when a stats page finds
 * it behind) the finished messages of past days, single and group chat, are added to
 * friend_stat_days, so a stats page reads a few rows per user and day instead of every
 * message. Idempotent: each source's mark moves in the same transaction as its rows. Days
 * whose rolled-up messages were deleted or recounted since (stat_dirty_days) are rewritten
 * first, in the same transaction.
 */
export function statsRollup(deps: Pick<Deps, 'clock' | 'jobs' | 'log'>, repo: RollupRepo) {
  async function rollUp() {
    const before = dayStart(deps.clock.now());
    for (const source of STAT_SOURCES) {
      const { moved, repaired } = await repo.rollUp(source, before);
      if (moved || repaired) deps.log.info({ source, ids: moved, repaired }, 'stats rolled up');
    }
  }

  deps.jobs.define('stats-rollup', rollUp, { retryLimit: 2, retryDelaySeconds: 60 });
  deps.jobs.schedule('stats-rollup', '17 * * * *');

  return {
    rollUp,
    repo,
    /**
     * Queues a roll-up when one was last made before today, or a rolled-up day no longer
     * holds: the page then counts more rows from the messages this once, and is quick again
     * after the job.
     */
    async catchUp() {
      const marks = await repo.marks();
      const today = dayStart(deps.clock.now()).getTime();
      if (
        STAT_SOURCES.some((s) => (marks[s].updatedAt?.getTime() ?? 0) < today) ||
        (await repo.hasDirty())
      )
        await deps.jobs.send('stats-rollup', {}, { singletonKey: 'all' });
    },
  };
}
