import type { Redis } from 'ioredis';

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

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt > now()) return w;
    if (w) windows.delete(key);
    return undefined;
  };
  const secondsLeft = (w: { resetAt: number }) => Math.ceil((w.resetAt - now()) / 1000);
  return {
    async hit(key, limit, windowSec) {
      let w = current(key);
      if (!w) {
        w = { count: 0, resetAt: now() + windowSec * 1000 };
        windows.set(key, w);
        if (windows.size > 100_000) sweep();
      }
      w.count += 1;
      return { allowed: w.count <= limit, retryAfter: secondsLeft(w), count: w.count };
    },
    async refund(key) {
      const w = current(key);
      if (w && w.count > 0 && w.count < BLOCKED) w.count -= 1;
    },
    async peek(key, limit) {
      const w = current(key);
      if (!w) return { allowed: true, retryAfter: 0, count: 0 };
      return { allowed: w.count < limit, retryAfter: secondsLeft(w), count: w.count };
    },
    async reset(key) {
      windows.delete(key);
    },
    async block(key, seconds) {
      const w = current(key);
      const resetAt = Math.max(w?.resetAt ?? 0, now() + seconds * 1000);
      windows.set(key, { count: BLOCKED, resetAt });
    },
  };
  function sweep() {
    const t = now();
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
  }
}

// Both scripts touch one key atomically, so a refund never outlives its window and a block
// never shortens a longer one.
const REFUND = `local c = redis.call('get', KEYS[1])
if c and tonumber(c) > 0 and tonumber(c) < ${BLOCKED} then return redis.call('decr', KEYS[1]) end
return 0`;
const BLOCK = `local ttl = redis.call('ttl', KEYS[1])
local s = tonumber(ARGV[1])
if ttl > s then s = ttl end
redis.call('set', KEYS[1], ${BLOCKED}, 'EX', s)
return s`;

/** Shared counters for several app instances. */
export function redisRateLimiter(redis: Redis, prefix = 'rl:'): RateLimiter {
  return {
    async hit(key, limit, windowSec) {
      const k = prefix + key;
      const results = await redis.multi().incr(k).expire(k, windowSec, 'NX').ttl(k).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[2]?.[1] ?? windowSec);
      return { allowed: count <= limit, retryAfter: Math.max(ttl, 0), count };
    },
    async refund(key) {
      await redis.eval(REFUND, 1, prefix + key);
    },
    async peek(key, limit) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.ttl(k)]);
      const n = Number(count ?? 0);
      return { allowed: n < limit, retryAfter: Math.max(ttl, 0), count: n };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async block(key, seconds) {
      await redis.eval(BLOCK, 1, prefix + key, String(Math.max(1, Math.ceil(seconds))));
    },
  };
}
