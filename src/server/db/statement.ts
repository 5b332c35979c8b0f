import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** A statement's values by name: `v('userId')` is the bound value of `params.userId`. */
export type Values = (name: string) => SQL;

/**
 * A hand-written statement of a hot path (a turn's: its writes as one data-modifying CTE),
 * run through Drizzle's public `db.execute`. `build` names its values with `v(name)`, filled
 * from `params` on each call (a name missing from `params` is a programming error, thrown);
 * it answers the rows as the driver gives them (column names as keys, timestamps as text).
 *
 * Until issue 37 these were named prepared statements made through Drizzle's private
 * session; a plain statement costs PostgreSQL a parse and a plan per call (docs/decisions.md).
 */
export function statement<Row extends Record<string, unknown>>(build: (v: Values) => SQL) {
  return async (db: Db, params: Record<string, unknown>): Promise<Row[]> => {
    const v: Values = (name) => {
      if (!(name in params)) throw new Error(`the statement has no value for "${name}"`);
      return sql`${params[name]}`;
    };
    const result = (await db.execute(build(v))) as unknown as { rows: Row[] };
    return result.rows;
  };
}
