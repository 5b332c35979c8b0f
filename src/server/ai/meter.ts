import type { Log } from '../rpc/context.ts';
import type { Clock } from '../infra/clock.ts';
import type { Db } from '../db/client.ts';
import { usageRepo, type UsageKind, type UsageTotals } from './usage.repo.ts';

export type { UsageKind, UsageTotals };

/** What one model call used. Counts the provider did not report are left out. */
export interface UsageEvent {
  userId?: number | null;
  kind: UsageKind;
  model: string;
  provider: string;
  tokensIn?: number;
  tokensCached?: number;
  tokensOut?: number;
  images?: number;
  audioSeconds?: number;
  chars?: number;
}

/** The one place every model call reports its usage; billing and analytics read it back. */
export interface Meter {
  record(event: UsageEvent): Promise<void>;
  /** Totals per kind for one user (null: calls made for nobody) in `[from, to)`. */
  totals(userId: number | null, range: { from: Date; to: Date }): Promise<UsageTotals[]>;
}

const count = (n: number | undefined) =>
  n === undefined || !Number.isFinite(n) ? null : Math.max(0, Math.round(n));

export function createMeter(db: Db, clock: Clock, log: Log): Meter {
  const repo = usageRepo(db);
  return {
    async record(e) {
      try {
        await repo.insert({
          userId: e.userId ?? null,
          kind: e.kind,
          provider: e.provider,
          model: e.model,
          tokensIn: count(e.tokensIn),
          tokensCached: count(e.tokensCached),
          tokensOut: count(e.tokensOut),
          images: count(e.images),
          audioSeconds:
            e.audioSeconds === undefined || !Number.isFinite(e.audioSeconds)
              ? null
              : Math.max(0, e.audioSeconds),
          chars: count(e.chars),
          at: clock.now(),
        });
      } catch (err) {
        // The user already has what the call made; losing it over a bookkeeping failure would
        // be worse than a row missing. The log line carries the event so it can be re-entered.
        log.error({ err, usage: e }, 'usage could not be recorded');
      }
    },
    totals: (userId, { from, to }) => repo.totals(userId, from, to),
  };
}
