import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import pino from 'pino';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.ts';
import { createRuntime } from '../runtime.ts';
import { seedStarterContent } from '../seed/seed.ts';
import { testDatabases } from '../test/harness.ts';
import { openDatabase } from './client.ts';

const tmpDir = mkdtempSync(join(tmpdir(), 'sefer-start-'));

const onPostgres = testDatabases().includes('postgres');

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: loadConfig().DATABASE_URL! });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A new empty database for `fn` (its URL and name), dropped after it. */
async function withNewDatabase(fn: (url: string, name: string) => Promise<void>) {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(loadConfig().DATABASE_URL!);
  url.pathname = `/${name}`;
  try {
    await fn(url.toString(), name);
  } finally {
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  }
}

describe.skipIf(!onPostgres)('two instances starting on one empty PostgreSQL database', () => {
  it('both migrate, seed and come up; the seed is written once', async () => {
    await withNewDatabase(async (url) => {
      const start = async () => {
        const database = await openDatabase({ url, poolSize: 2 });
        await seedStarterContent(database.db);
        return database;
      };
      const results = await Promise.allSettled([start(), start(), start()]);
      for (const r of results) if (r.status === 'fulfilled') await r.value.close();
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

      const d = new pg.Client({ connectionString: url });
      await d.connect();
      // Each seed (the starter content, the subscription types) is written once.
      const meta = await d.query<{ key: string }>(`select key from meta order by key`);
      const applied = await d.query<{ n: number }>(
        `select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      await d.end();
      expect(meta.rows.map((r) => r.key)).toEqual(['starter-content', 'subscription-types']);
      expect(applied.rows[0]!.n).toBeGreaterThan(0);
    });
  });
});

/**
 * An instance's whole start, as main.ts makes it (without listening): migrations (the rate
 * limits' table among them now), the first seed, then on ready the job queue's schema, its
 * queues (one table each) and schedules. Unlocked, pg-boss's `create_queue` deadlocked when
 * two or three did it at once (an instance exited in 6 of 6 tries), and so did the limits' old
 * `create table`.
 */
async function startInstance(url: string) {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: '3',
    REDIS_URL: '',
    DATA_DIR: tmpDir,
  });
  const runtime = await createRuntime(config, pino({ level: 'silent' }));
  try {
    const app = await buildApp(runtime.deps);
    await app.ready();
    return {
      limiter: runtime.deps.limiter,
      async close() {
        await app.close();
        await runtime.close();
      },
    };
  } catch (err) {
    await runtime.close();
    throw err;
  }
}

describe.skipIf(!onPostgres)('instances starting together on one empty PostgreSQL', () => {
  it('three at once come up with their job queues, 10 tries of 10', async () => {
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      await withNewDatabase(async (url) => {
        const results = await Promise.allSettled([1, 2, 3].map(() => startInstance(url)));
        for (const r of results) if (r.status === 'fulfilled') await r.value.close();
        outcomes.push(
          results.map((r) => (r.status === 'fulfilled' ? 'ready' : String(r.reason))).join(', '),
        );
      });
    }
    expect(outcomes).toEqual(Array(10).fill('ready, ready, ready'));
  }, 180_000);

  it('their rate limits share one table at once: a burst over three instances loses no hit', async () => {
    await withNewDatabase(async (url) => {
      const results = await Promise.allSettled([1, 2, 3].map(() => startInstance(url)));
      try {
        const up = results.map((r) => (r.status === 'fulfilled' ? r.value : null));
        expect(up.every(Boolean)).toBe(true);
        const ds = await Promise.all(
          Array.from({ length: 30 }, (_, i) => up[i % 3]!.limiter.hit('burst', 10, 900)),
        );
        expect(ds.filter((d) => d.allowed)).toHaveLength(10);
        expect(ds.map((d) => d.count).sort((a, b) => a - b)).toEqual(
          Array.from({ length: 30 }, (_, i) => i + 1),
        );
      } finally {
        for (const r of results) if (r.status === 'fulfilled') await r.value.close();
      }
    });
  }, 60_000);
});

/** The connections open to database `name`, from anyone but the admin client asking. */
const connections = (name: string) =>
  admin(async (c) => {
    const r = await c.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    return r.rows[0]!.n;
  });

describe.skipIf(!onPostgres)("the server's PostgreSQL pool", () => {
  it('keepOpen opens every connection at start; without it they open as needed', async () => {
    await withNewDatabase(async (url, name) => {
      const kept = await openDatabase({ url, poolSize: 3, keepOpen: true });
      // A burst of requests finds its connections open: none is made inside their time.
      expect(await connections(name)).toBe(3);
      const rows = await Promise.all([1, 2, 3, 4].map((i) => kept.sql(`select ${i} as x`)));
      expect(rows.map((r) => (r.rows[0] as { x: number }).x)).toEqual([1, 2, 3, 4]);
      expect(await connections(name)).toBe(3);
      await kept.close();

      const lazy = await openDatabase({ url, poolSize: 3 });
      // None: the start's own queries (migrations, the pgvector check) ran on a connection of
      // their own, closed since.
      expect(await connections(name)).toBe(0);
      await lazy.close();
    });
  });

  it('keepOpen opens what a connection limit allows, says so, and the server works', async () => {
    const role = `r_${randomBytes(4).toString('hex')}`;
    await admin((c) => c.query(`create role ${role} login connection limit 2`));
    try {
      await withNewDatabase(async (url, name) => {
        await admin((c) => c.query(`alter database ${name} owner to ${role}`));
        const limited = new URL(url);
        limited.username = role;
        const short: [number, string][] = [];
        const db = await openDatabase({
          url: limited.toString(),
          poolSize: 3,
          keepOpen: true,
          onOpenShort: (opened, err) => short.push([opened, String(err)]),
        });
        try {
          // Two at most (the migration's own connection may not have ended yet on the server).
          expect(short).toHaveLength(1);
          const [[opened, err]] = short as [[number, string]];
          expect(opened).toBeGreaterThanOrEqual(1);
          expect(opened).toBeLessThanOrEqual(2);
          expect(err).toContain('too many connections');
          // The server works on what it opened.
          const { rows } = await db.sql('select 41 + 1 as x');
          expect(rows).toEqual([{ x: 42 }]);
        } finally {
          await db.close();
        }
      });
    } finally {
      await admin((c) => c.query(`drop role if exists ${role}`));
    }
  });
});
