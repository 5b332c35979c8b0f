import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { analyticsActive, analyticsDaily, analyticsOptOuts, meta } from '../db/schema.ts';

export interface DayCounts {
  day: string;
  active: number;
  events: Record<string, number>;
}

export function analyticsRepo(db: Db) {
  return {
    async count(day: string, event: string, detail: string) {
      await db
        .insert(analyticsDaily)
        .values({ day, event, detail, count: 1 })
        .onConflictDoUpdate({
          target: [analyticsDaily.day, analyticsDaily.event, analyticsDaily.detail],
          set: { count: sql`${analyticsDaily.count} + 1` },
        });
    },
    async active(day: string, subject: string) {
      await db.insert(analyticsActive).values({ day, subject }).onConflictDoNothing();
    },
    /** Adds many counts in one statement (each day, event and detail once in `rows`). */
    async countMany(rows: { day: string; event: string; detail: string; count: number }[]) {
      if (!rows.length) return;
      await db
        .insert(analyticsDaily)
        .values(rows)
        .onConflictDoUpdate({
          target: [analyticsDaily.day, analyticsDaily.event, analyticsDaily.detail],
          set: { count: sql`${analyticsDaily.count} + excluded.count` },
        });
    },
    async activeMany(rows: { day: string; subject: string }[]) {
      if (!rows.length) return;
      await db.insert(analyticsActive).values(rows).onConflictDoNothing();
    },
    /** Which of `userIds` opted out, in one statement. */
    async optedOutAmong(userIds: number[]): Promise<Set<number>> {
      if (!userIds.length) return new Set();
      const rows = await db
        .select({ id: analyticsOptOuts.userId })
        .from(analyticsOptOuts)
        .where(inArray(analyticsOptOuts.userId, userIds));
      return new Set(rows.map((r) => r.id));
    },
    async optedOut(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: analyticsOptOuts.userId })
        .from(analyticsOptOuts)
        .where(eq(analyticsOptOuts.userId, userId));
      return !!row;
    },
    async setOptOut(userId: number, on: boolean) {
      if (on) await db.insert(analyticsOptOuts).values({ userId }).onConflictDoNothing();
      else await db.delete(analyticsOptOuts).where(eq(analyticsOptOuts.userId, userId));
    },
    /** The secret that makes the daily active hashes unlinkable; made once per database. */
    async secret(fresh: string): Promise<string> {
      await db.insert(meta).values({ key: 'analytics-secret', value: fresh }).onConflictDoNothing();
      const [row] = await db.select().from(meta).where(eq(meta.key, 'analytics-secret'));
      return row!.value;
    },
    /** Per day since `from` (YYYY-MM-DD): distinct active subjects and each event's total. */
    async since(from: string): Promise<DayCounts[]> {
      const events = await db
        .select({
          day: analyticsDaily.day,
          event: analyticsDaily.event,
          n: sql<number>`sum(${analyticsDaily.count})::int`,
        })
        .from(analyticsDaily)
        .where(gte(analyticsDaily.day, from))
        .groupBy(analyticsDaily.day, analyticsDaily.event);
      const active = await db
        .select({ day: analyticsActive.day, n: sql<number>`count(*)::int` })
        .from(analyticsActive)
        .where(and(gte(analyticsActive.day, from)))
        .groupBy(analyticsActive.day);
      const days = new Map<string, DayCounts>();
      const of = (day: string) => {
        let d = days.get(day);
        if (!d) days.set(day, (d = { day, active: 0, events: {} }));
        return d;
      };
      for (const r of events) of(r.day).events[r.event] = Number(r.n);
      for (const r of active) of(r.day).active = Number(r.n);
      return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
    },
    async topPages(from: string, limit = 10) {
      return db
        .select({ path: analyticsDaily.detail, n: sql<number>`sum(${analyticsDaily.count})::int` })
        .from(analyticsDaily)
        .where(and(gte(analyticsDaily.day, from), eq(analyticsDaily.event, 'page_view')))
        .groupBy(analyticsDaily.detail)
        .orderBy(sql`2 desc`)
        .limit(limit);
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof analyticsRepo>;
