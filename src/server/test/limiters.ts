import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { vi } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import {
  memoryRateLimiter,
  postgresRateLimiter,
  redisRateLimiter,
  type RateLimiter,
} from '../infra/rate-limit.ts';
import type { DbKind } from './harness.ts';

/** Where a test's rate limits live. `clocked`: the store's windows follow a moved Date. */
export interface LimiterKind {
  name: string;
  db: DbKind;
  clocked: boolean;
  make: (db: Database['db']) => Promise<RateLimiter>;
}

const redisClients: Redis[] = [];

/**
 * Every store the server can use: memory (PGlite), the PostgreSQL table (on PGlite, and on
 * PostgreSQL when DATABASE_URL is set), and Redis when REDIS_URL is set (a fresh key prefix
 * each time, so parallel runs never share counters). Redis keeps its own time.
 */
export function testLimiters(): LimiterKind[] {
  const config = loadConfig();
  const kinds: LimiterKind[] = [
    { name: 'memory', db: 'pglite', clocked: true, make: async () => memoryRateLimiter() },
    {
      name: 'table on pglite',
      db: 'pglite',
      clocked: true,
      make: async (db) => postgresRateLimiter(db),
    },
  ];
  if (config.DATABASE_URL) {
    kinds.push({
      name: 'table on postgres',
      db: 'postgres',
      clocked: true,
      make: async (db) => postgresRateLimiter(db),
    });
  }
  if (config.REDIS_URL) {
    const url = config.REDIS_URL;
    kinds.push({
      name: 'redis',
      db: 'pglite',
      clocked: false,
      make: async () => {
        const redis = new Redis(url, { maxRetriesPerRequest: 2 });
        redisClients.push(redis);
        return redisRateLimiter(redis, `rl-test-${randomBytes(6).toString('hex')}`);
      },
    });
  }
  return kinds;
}

/** Closes the Redis connections the limiters opened. */
export function closeTestLimiters() {
  for (const r of redisClients.splice(0)) r.disconnect();
}

/**
 * rate-limiter-flexible reads the time with Date.now (it takes no clock), so a test that
 * moves the app's clock past a limit's window moves Date with it: vitest's fake Date, which
 * keeps running with real time (timers stay real) and jumps on `advance`.
 */
export function movableDate() {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  return {
    advance(ms: number) {
      vi.setSystemTime(Date.now() + ms);
    },
    restore() {
      vi.useRealTimers();
    },
  };
}
