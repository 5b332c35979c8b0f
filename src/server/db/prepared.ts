import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/**
 * A hand-written statement of a hot path (a turn's), prepared once per database under `name`:
 * Drizzle turns it into text once instead of on every call, and PostgreSQL parses and plans
 * it once per connection (a named statement; PGlite runs it as it runs Drizzle's own prepared
 * queries). Its values are `sql.placeholder`s, filled from `params` on each call; it answers
 * the rows as the driver gives them (column names as keys, timestamps as text).
 */
export function preparedSql<Row extends Record<string, unknown>>(name: string, build: () => SQL) {
  const byDb = new WeakMap<Db, PgPreparedQuery<PreparedQueryConfig>>();
  return async (db: Db, params: Record<string, unknown>): Promise<Row[]> => {
    let q = byDb.get(db);
    if (!q) {
      q = db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
      byDb.set(db, q);
    }
    const result = (await q.execute(params)) as { rows: Row[] };
    return result.rows;
  };
}
