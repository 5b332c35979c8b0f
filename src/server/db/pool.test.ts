import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
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
    const name = `t_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`create database ${name}`));
    const url = new URL(loadConfig().DATABASE_URL!);
    url.pathname = `/${name}`;
    try {
      const kept = await openDatabase({ url: url.toString(), poolSize: 3, keepOpen: true });
      // A burst of requests finds its connections open: none is made inside their time.
      expect(await connections(name)).toBe(3);
      const rows = await Promise.all([1, 2, 3, 4].map((i) => kept.sql(`select ${i} as x`)));
      expect(rows.map((r) => (r.rows[0] as { x: number }).x)).toEqual([1, 2, 3, 4]);
      expect(await connections(name)).toBe(3);
      await kept.close();

      const lazy = await openDatabase({ url: url.toString(), poolSize: 3 });
      // Only what its start used (one: the pgvector check).
      expect(await connections(name)).toBe(1);
      await lazy.close();
    } finally {
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    }
  });
});
