import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { freshDatabase, testDatabases } from '../test/harness.ts';
import { closeTestLimiters, movableDate, testLimiters } from '../test/limiters.ts';
import { postgresRateLimiter, type RateLimiter } from './rate-limit.ts';

afterAll(() => closeTestLimiters());

describe.each(testLimiters())('rate limiter in $name', (kind) => {
  let database: Database;
  let limiter: RateLimiter;
  let n = 0;
  const key = () => `k${++n}`;
  beforeAll(async () => {
    database = await freshDatabase(kind.db);
    limiter = await kind.make(database.db);
  });
  afterAll(() => database.close());

  it('counts concurrent hits exactly: only `limit` of 100 at once are allowed', async () => {
    const k = key();
    const ds = await Promise.all(Array.from({ length: 100 }, () => limiter.hit(k, 8, 900)));
    expect(ds.filter((d) => d.allowed).length).toBe(8);
    expect(Math.max(...ds.map((d) => d.count))).toBe(100);
    expect(ds.every((d) => d.retryAfter > 0 && d.retryAfter <= 900)).toBe(true);
  });

  it('a burst of 50 concurrent hits with limit 10 lets exactly 10 through, none lost', async () => {
    const k = key();
    const ds = await Promise.all(Array.from({ length: 50 }, () => limiter.hit(k, 10, 900)));
    expect(ds.filter((d) => d.allowed).length).toBe(10);
    // Every hit was counted once: the counts are 1..50, each seen by exactly one caller.
    expect(ds.map((d) => d.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect((await limiter.peek(k, 10)).count).toBe(50);
  });

  it('concurrent refunds give back what was taken and never go below zero', async () => {
    const k = key();
    await Promise.all(Array.from({ length: 5 }, () => limiter.hit(k, 10, 900)));
    await Promise.all(Array.from({ length: 20 }, () => limiter.refund(k)));
    expect((await limiter.peek(k, 10)).count).toBe(0);
    expect(await limiter.hit(k, 1, 900)).toMatchObject({ allowed: true, count: 1 });
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
    const date = movableDate();
    try {
      date.advance(61_000);
      expect(await limiter.peek(k, 1)).toMatchObject({ allowed: true, count: 0 });
      expect(await limiter.hit(k, 1, 60)).toMatchObject({ allowed: true, count: 1 });
    } finally {
      date.restore();
    }
  });
});

describe.each(testDatabases())('rate limits in a PostgreSQL table on %s', (db) => {
  it('a second instance (or a restart) sees the same counts', async () => {
    const database = await freshDatabase(db);
    try {
      const a = postgresRateLimiter(database.db);
      await a.hit('shared', 2, 900);
      await a.hit('shared', 2, 900);
      const b = postgresRateLimiter(database.db);
      expect(await b.hit('shared', 2, 900)).toMatchObject({ allowed: false, count: 3 });
    } finally {
      await database.close();
    }
  });

  it('three instances made together: a burst of 30 spread over them loses no hit', async () => {
    const database = await freshDatabase(db);
    try {
      const limiters = [1, 2, 3].map(() => postgresRateLimiter(database.db));
      const ds = await Promise.all(
        Array.from({ length: 30 }, (_, i) => limiters[i % 3]!.hit('burst', 10, 900)),
      );
      expect(ds.filter((d) => d.allowed)).toHaveLength(10);
      expect(ds.map((d) => d.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 30 }, (_, i) => i + 1),
      );
    } finally {
      await database.close();
    }
  });
});
