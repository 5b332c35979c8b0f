import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { manualClock } from '../infra/clock.ts';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from '../infra/rate-limit.ts';
import { postgresRateLimiter } from '../infra/rate-limit-postgres.ts';
import type { DbKind } from './harness.ts';

/** Where a test's rate limits live. `clocked`: the store follows the test's manual clock. */
export interface LimiterKind {
  name: string;
  db: DbKind;
  clocked: boolean;
  make: (clock: ReturnType<typeof manualClock>, db: Database['db']) => Promise<RateLimiter>;
}

const redisClients: Redis[] = [];

/**
 * Every store the server can use: memory (PGlite), the PostgreSQL table (on PGlite, and on
 * PostgreSQL when DATABASE_URL is set), and Redis when REDIS_URL is set (a fresh key prefix
 * each time, so parallel runs never share counters).
 */
export function testLimiters(): LimiterKind[] {
  const config = loadConfig();
  const kinds: LimiterKind[] = [
    {
      name: 'memory',
      db: 'pglite',
      clocked: true,
      make: async (clock) => memoryRateLimiter(() => clock.now().getTime()),
    },
    {
      name: 'table on pglite',
      db: 'pglite',
      clocked: true,
      make: (clock, db) => postgresRateLimiter(db, () => clock.now().getTime()),
    },
  ];
  if (config.DATABASE_URL) {
    kinds.push({
      name: 'table on postgres',
      db: 'postgres',
      clocked: true,
      make: (clock, db) => postgresRateLimiter(db, () => clock.now().getTime()),
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
        return redisRateLimiter(redis, `rl-test-${randomBytes(6).toString('hex')}:`);
      },
    });
  }
  return kinds;
}

/** Closes the Redis connections the limiters opened. */
export function closeTestLimiters() {
  for (const r of redisClients.splice(0)) r.disconnect();
}
