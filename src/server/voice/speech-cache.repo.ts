import { asc, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { speechCache } from '../db/schema.ts';

/** The speech cache's index of stored clips (schema/voice.ts). */
export function speechCacheRepo(db: Db) {
  return {
    /** A clip stored or played at `now` (an object stored before the index is taken in). */
    async touch(key: string, bytes: number, now: Date) {
      await db
        .insert(speechCache)
        .values({ key, bytes, createdAt: now, usedAt: now })
        .onConflictDoUpdate({ target: speechCache.key, set: { bytes, usedAt: now } });
    },
    /** Clips last played before `cutoff`, oldest first. */
    async unusedSince(cutoff: Date, limit: number) {
      return db
        .select({ key: speechCache.key, bytes: speechCache.bytes })
        .from(speechCache)
        .where(lt(speechCache.usedAt, cutoff))
        .orderBy(asc(speechCache.usedAt))
        .limit(limit);
    },
    /** The least recently played clips. */
    async oldest(limit: number) {
      return db
        .select({ key: speechCache.key, bytes: speechCache.bytes })
        .from(speechCache)
        .orderBy(asc(speechCache.usedAt), asc(speechCache.key))
        .limit(limit);
    },
    async totalBytes(): Promise<number> {
      const [row] = await db
        .select({ total: sql<string | null>`sum(${speechCache.bytes})` })
        .from(speechCache);
      return Number(row?.total ?? 0);
    },
    async remove(keys: string[]) {
      if (keys.length) await db.delete(speechCache).where(inArray(speechCache.key, keys));
    },
  };
}

export type SpeechCacheRepo = ReturnType<typeof speechCacheRepo>;
