/**
 * Rate-limit hits a second on each store: the RateLimiter port on rate-limiter-flexible
 * ("flexible") against the hand-written stores it replaced ("before", taken from git at
 * BENCH_BEFORE, default the commit before issue 37). Bursts of 50 concurrent hits on 20 keys.
 * Prints figures; asserts nothing.
 *   npm run bench:rate-limit   (DATABASE_URL and REDIS_URL add those stores; BENCH_HITS)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import {
  memoryRateLimiter,
  postgresRateLimiter,
  redisRateLimiter,
  type RateLimiter,
} from '../src/server/infra/rate-limit.ts';

const config = loadConfig();
const HITS = Number(process.env.BENCH_HITS ?? 5000);
const BEFORE = process.env.BENCH_BEFORE ?? 'd67ef77';

// The old stores beside the new ones (same folder depth, so their imports resolve).
const dir = join(import.meta.dirname, '../src/server/infra/.before');
mkdirSync(dir, { recursive: true });
for (const f of ['rate-limit.ts', 'rate-limit-postgres.ts']) {
  const text = execFileSync('git', ['show', `${BEFORE}:src/server/infra/${f}`], {
    encoding: 'utf8',
  });
  writeFileSync(join(dir, f), text.replaceAll("'../db/", "'../../db/"));
}
type Old = {
  memoryRateLimiter: () => RateLimiter;
  redisRateLimiter: (r: Redis, prefix: string) => RateLimiter;
};
const old = (await import(join(dir, 'rate-limit.ts'))) as Old;
const oldPg = (await import(join(dir, 'rate-limit-postgres.ts'))) as {
  postgresRateLimiter: (db: Database['db']) => Promise<RateLimiter>;
};
rmSync(dir, { recursive: true });

async function rate(limiter: RateLimiter, tag: string) {
  const start = performance.now();
  for (let done = 0; done < HITS; done += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => limiter.hit(`${tag}:${i % 20}`, 10, 900)),
    );
  }
  return Math.round(HITS / ((performance.now() - start) / 1000));
}

async function row(store: string, before: RateLimiter, flexible: RateLimiter) {
  const tag = `bench-${Date.now()}`;
  // One warm-up round each (prepared statements, connections).
  await rate(before, `${tag}-warm-b`);
  await rate(flexible, `${tag}-warm-f`);
  const b = await rate(before, `${tag}-b`);
  const f = await rate(flexible, `${tag}-f`);
  console.log(
    `${store.padEnd(20)} before ${String(b).padStart(7)} hits/s   flexible ${String(f).padStart(7)} hits/s`,
  );
}

console.log(`${HITS} hits in bursts of 50, limit 10 per 900 s, 20 keys`);
await row('memory', old.memoryRateLimiter(), memoryRateLimiter());
const pglite = await openDatabase({});
await row(
  'table on PGlite',
  await oldPg.postgresRateLimiter(pglite.db),
  postgresRateLimiter(pglite.db),
);
await pglite.close();
if (config.DATABASE_URL) {
  // A database of its own, dropped after.
  const name = `bench_rl_${Date.now()}`;
  const admin = new pg.Client({ connectionString: config.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(config.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    const db = await openDatabase({ url: url.toString(), poolSize: 10 });
    await row(
      'table on PostgreSQL',
      await oldPg.postgresRateLimiter(db.db),
      postgresRateLimiter(db.db),
    );
    await db.close();
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
if (config.REDIS_URL) {
  const redis = new Redis(config.REDIS_URL);
  await row('Redis', old.redisRateLimiter(redis, 'bench-b:'), redisRateLimiter(redis, 'bench-f'));
  redis.disconnect();
}
