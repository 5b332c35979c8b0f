import type { Redis } from 'ioredis';
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Db } from '../db/client.ts';
import { rateLimiterFlexible } from '../db/schema.ts';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfter: number;
  /** Events counted in the window, this one included (0 for a peek at an empty window). */
  count: number;
}

/**
 * Fixed-window counters. `hit` counts one event first and then says whether it is within
 * `limit` per `windowSec`: concurrent callers can never all see room that only one has.
 * An attempt reserved this way and then found harmless is given back with `refund`.
 * `peek` only reads; `block` refuses a key for a while (peek answers not allowed).
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowSec: number): Promise<RateDecision>;
  refund(key: string): Promise<void>;
  peek(key: string, limit: number): Promise<RateDecision>;
  reset(key: string): Promise<void>;
  block(key: string, seconds: number): Promise<void>;
}

/** What `block` stores as the count: over any limit. */
export const BLOCKED = 1_000_000_000;

/**
 * The port on one rate-limiter-flexible store. Limits and windows vary per call, so the store
 * counts without a limit of its own (`points` just under BLOCKED, so its `block` writes
 * BLOCKED) and each call names its window (`customDuration`); the decision is ours, from the
 * count the store answers after counting. The store reads the time with Date.now, so tests
 * that move time move Date (vitest's fake Date), not only the app's clock.
 */
export function rateLimiterOn(store: RateLimiterAbstract): RateLimiter {
  const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));
  /** The key's live window, or null (a memory record past its end may not be swept yet). */
  const live = async (key: string) => {
    const res = await store.get(key);
    return res && res.msBeforeNext > 0 ? res : null;
  };
  return {
    async hit(key, limit, windowSec) {
      let res: RateLimiterRes;
      try {
        res = await store.consume(key, 1, { customDuration: windowSec });
      } catch (err) {
        // Over the store's own points (a blocked key): counted all the same.
        if (!(err instanceof RateLimiterRes)) throw err;
        res = err;
      }
      const count = res.consumedPoints;
      return { allowed: count <= limit, retryAfter: seconds(res.msBeforeNext), count };
    },
    async refund(key) {
      // Only a live, unblocked count above zero is given back, within what is left of its
      // window (so a window that ended meanwhile leaves at most a short empty record).
      const cur = await live(key);
      if (!cur || cur.consumedPoints <= 0 || cur.consumedPoints >= BLOCKED) return;
      const rest = { customDuration: seconds(cur.msBeforeNext) };
      const after = await store.reward(key, 1, rest);
      // Concurrent refunds took it below zero: this one's share goes back.
      if (after.consumedPoints < 0) await store.penalty(key, 1, rest);
    },
    async peek(key, limit) {
      const cur = await live(key);
      if (!cur) return { allowed: true, retryAfter: 0, count: 0 };
      const count = Math.max(0, cur.consumedPoints);
      return { allowed: count < limit, retryAfter: seconds(cur.msBeforeNext), count };
    },
    async reset(key) {
      await store.delete(key);
    },
    async block(key, secs) {
      // A block never shortens the key's window (a longer block) already running.
      const cur = await live(key);
      const longer = cur ? seconds(cur.msBeforeNext) : 0;
      await store.block(key, Math.max(longer, Math.ceil(secs), 1));
    },
  };
}

/** Options every store shares: see rateLimiterOn. */
const counting = (keyPrefix: string) => ({ keyPrefix, points: BLOCKED - 1, duration: 60 });

/** In process: PGlite is one process. */
export function memoryRateLimiter(): RateLimiter {
  return rateLimiterOn(new RateLimiterMemory(counting('rl')));
}

/** Shared counters for several app instances (keys `rl:<key>`, as before). */
export function redisRateLimiter(redis: Redis, prefix = 'rl'): RateLimiter {
  return rateLimiterOn(new RateLimiterRedis({ ...counting(prefix), storeClient: redis }));
}

/**
 * Counters in the database (table `rate_limiter_flexible`, made by a migration), for instances
 * that share PostgreSQL but no Redis: a restart or a second instance sees the same counts.
 * Each count is one upsert, so concurrent hits on one key are counted exactly.
 */
export function postgresRateLimiter(db: Db): RateLimiter {
  return rateLimiterOn(
    new RateLimiterDrizzle({ ...counting('rl'), storeClient: db, schema: rateLimiterFlexible }),
  );
}
