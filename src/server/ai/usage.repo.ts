import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { usageEvents } from '../db/schema.ts';

export type UsageKind = 'chat' | 'image' | 'speech' | 'transcription' | 'embedding';

export type UsageRow = typeof usageEvents.$inferSelect;
export type NewUsageRow = typeof usageEvents.$inferInsert;

/** Sums of one kind of call for one user over a time range. */
export interface UsageTotals {
  kind: UsageKind;
  calls: number;
  tokensIn: number;
  tokensCached: number;
  tokensOut: number;
  images: number;
  audioSeconds: number;
  chars: number;
}

export function usageRepo(db: Db) {
  return {
    async insert(row: NewUsageRow): Promise<void> {
      await db.insert(usageEvents).values(row);
    },

    /**
     * Totals per kind for one user (null: calls made for nobody) in `[from, to)`.
     * Unreported counts add as 0 here; the rows keep the null.
     */
    async totals(userId: number | null, from: Date, to: Date): Promise<UsageTotals[]> {
      const rows = await db
        .select({
          kind: usageEvents.kind,
          calls: sql<number>`count(*)::int`,
          tokensIn: sql<number>`coalesce(sum(${usageEvents.tokensIn}), 0)::int`,
          tokensCached: sql<number>`coalesce(sum(${usageEvents.tokensCached}), 0)::int`,
          tokensOut: sql<number>`coalesce(sum(${usageEvents.tokensOut}), 0)::int`,
          images: sql<number>`coalesce(sum(${usageEvents.images}), 0)::int`,
          audioSeconds: sql<number>`coalesce(sum(${usageEvents.audioSeconds}), 0)::float8`,
          chars: sql<number>`coalesce(sum(${usageEvents.chars}), 0)::int`,
        })
        .from(usageEvents)
        .where(
          and(
            userId === null ? isNull(usageEvents.userId) : eq(usageEvents.userId, userId),
            gte(usageEvents.at, from),
            lt(usageEvents.at, to),
          ),
        )
        .groupBy(usageEvents.kind)
        .orderBy(usageEvents.kind);
      return rows.map((r) => ({ ...r, kind: r.kind as UsageKind }));
    },

    /** Every row in `[from, to)`, oldest first (analytics roll-ups read these). */
    async between(from: Date, to: Date): Promise<UsageRow[]> {
      return db
        .select()
        .from(usageEvents)
        .where(and(gte(usageEvents.at, from), lt(usageEvents.at, to)))
        .orderBy(usageEvents.at, usageEvents.id);
    },
  };
}
