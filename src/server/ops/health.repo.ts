import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export function healthRepo(db: Db) {
  return {
    /** How many migrations the database has applied. */
    async appliedMigrations() {
      // Both drivers answer { rows }.
      const result = (await db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] };
      return Number(result.rows[0]?.n ?? 0);
    },
  };
}
