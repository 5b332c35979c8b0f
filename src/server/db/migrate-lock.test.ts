import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { seedStarterContent } from '../seed/seed.ts';
import { testDatabases } from '../test/harness.ts';
import { openDatabase } from './client.ts';

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

describe.skipIf(!onPostgres)('two instances starting on one empty PostgreSQL database', () => {
  it('both migrate, seed and come up; the seed is written once', async () => {
    const name = `t_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`create database ${name}`));
    const url = new URL(loadConfig().DATABASE_URL!);
    url.pathname = `/${name}`;
    try {
      const start = async () => {
        const database = await openDatabase({ url: url.toString(), poolSize: 2 });
        await seedStarterContent(database.db);
        return database;
      };
      const results = await Promise.allSettled([start(), start(), start()]);
      for (const r of results) if (r.status === 'fulfilled') await r.value.close();
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

      const d = new pg.Client({ connectionString: url.toString() });
      await d.connect();
      // Each seed (the starter content, the subscription types) is written once.
      const meta = await d.query<{ key: string }>(`select key from meta order by key`);
      const applied = await d.query<{ n: number }>(
        `select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      await d.end();
      expect(meta.rows.map((r) => r.key)).toEqual(['starter-content', 'subscription-types']);
      expect(applied.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    }
  });
});
