import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { freshDatabase } from '../test/harness.ts';
import { closeTestLimiters, testLimiters } from '../test/limiters.ts';
import { manualClock } from './clock.ts';
import type { RateLimiter } from './rate-limit.ts';
import { postgresRateLimiter } from './rate-limit-postgres.ts';

afterAll(() => closeTestLimiters());

describe.each(testLimiters())('rate limiter in $name', (kind) => {
  let database: Database;
  let limiter: RateLimiter;
  const clock = manualClock();
  let n = 0;
  const key = () => `k${++n}`;
  beforeAll(async () => {
    database = await freshDatabase(kind.db);
    limiter = await kind.make(clock, database.db);
  });
  afterAll(() => database.close());

  it('counts concurrent hits exactly: only `limit` of 100 at once are allowed', async () => {
    const k = key();
    const ds = await Promise.all(Array.from({ length: 100 }, () => limiter.hit(k, 8, 900)));
    expect(ds.filter((d) => d.allowed).length).toBe(8);
    expect(Math.max(...ds.map((d) => d.count))).toBe(100);
    expect(ds.every((d) => d.retryAfter > 0 && d.retryAfter <= 900)).toBe(true);
  });

  it('a refund gives one hit back, never below zero', async () => {
    const k = key();
    await limiter.hit(k, 2, 900);
    await limiter.hit(k, 2, 900);
    expect((await limiter.peek(k, 2)).allowed).toBe(false);
    await limiter.refund(k);
    expect(await limiter.peek(k, 2)).toMatchObject({ allowed: true, count: 1 });
    await limiter.refund(k);
    await limiter.refund(k);
    expect((await limiter.peek(k, 2)).count).toBe(0);
    await limiter.refund('never-hit');
    expect((await limiter.peek('never-hit', 1)).count).toBe(0);
  });

  it('a block refuses the key, survives a refund, and never shortens a longer block', async () => {
    const k = key();
    await limiter.block(k, 600);
    await limiter.refund(k);
    expect((await limiter.peek(k, 1000)).allowed).toBe(false);
    await limiter.block(k, 30);
    expect((await limiter.peek(k, 1)).retryAfter).toBeGreaterThan(30);
    await limiter.reset(k);
    expect((await limiter.peek(k, 1)).allowed).toBe(true);
  });

  it.runIf(kind.clocked)('a window ends with time', async () => {
    const k = key();
    expect((await limiter.hit(k, 1, 60)).allowed).toBe(true);
    expect((await limiter.hit(k, 1, 60)).allowed).toBe(false);
    clock.advance(61_000);
    expect(await limiter.hit(k, 1, 60)).toMatchObject({ allowed: true, count: 1 });
  });
});

describe('rate limits in a PostgreSQL table', () => {
  it('a second instance (or a restart) sees the same counts', async () => {
    const database = await freshDatabase('pglite');
    try {
      const a = await postgresRateLimiter(database.db);
      await a.hit('shared', 2, 900);
      await a.hit('shared', 2, 900);
      const b = await postgresRateLimiter(database.db);
      expect(await b.hit('shared', 2, 900)).toMatchObject({ allowed: false, count: 3 });
    } finally {
      await database.close();
    }
  });
});
