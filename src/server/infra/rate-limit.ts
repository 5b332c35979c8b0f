import type { Redis } from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Fixed-window counters. `hit` counts one event and says whether it is within `limit` per
 * `windowSec`; `peek` only reads (for counting failures after the fact).
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowSec: number): Promise<RateDecision>;
  peek(key: string, limit: number): Promise<RateDecision>;
  reset(key: string): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt > now()) return w;
    if (w) windows.delete(key);
    return undefined;
  };
  return {
    async hit(key, limit, windowSec) {
      let w = current(key);
      if (!w) {
        w = { count: 0, resetAt: now() + windowSec * 1000 };
        windows.set(key, w);
        if (windows.size > 100_000) sweep();
      }
      w.count += 1;
      return { allowed: w.count <= limit, retryAfter: Math.ceil((w.resetAt - now()) / 1000) };
    },
    async peek(key, limit) {
      const w = current(key);
      if (!w) return { allowed: true, retryAfter: 0 };
      return { allowed: w.count < limit, retryAfter: Math.ceil((w.resetAt - now()) / 1000) };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
  function sweep() {
    const t = now();
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
  }
}

/** Shared counters for several app instances. */
export function redisRateLimiter(redis: Redis, prefix = 'rl:'): RateLimiter {
  return {
    async hit(key, limit, windowSec) {
      const k = prefix + key;
      const results = await redis.multi().incr(k).expire(k, windowSec, 'NX').ttl(k).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[2]?.[1] ?? windowSec);
      return { allowed: count <= limit, retryAfter: Math.max(ttl, 0) };
    },
    async peek(key, limit) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.ttl(k)]);
      return { allowed: Number(count ?? 0) < limit, retryAfter: Math.max(ttl, 0) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
