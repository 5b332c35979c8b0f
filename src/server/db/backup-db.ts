import type { RawSql } from './client.ts';

/** How far a database's schema has come: what a backup records and a restore checks. */
export interface AppliedMigrations {
  /** Migrations applied. */
  applied: number;
  /**
   * The newest one's `when` (drizzle's journal, milliseconds), which drizzle's migrator keeps
   * as `created_at` and compares to decide what is still to run; null when none is applied.
   */
  latestAt: number | null;
}

/** What a backup needs of the database it copies (ops/backup.ts drives it). */
export interface DatabaseDumper {
  kind: 'pglite' | 'postgres';
  /** The dump's name inside the backup's `db/` folder. */
  fileName: string;
  describe(): string;
  /** Writes the whole database into `file`; answers what it had applied. */
  dump(file: string): Promise<AppliedMigrations>;
}

/** What a restore needs of the database it fills. */
export interface DatabaseLoader {
  kind: 'pglite' | 'postgres';
  describe(): string;
  /** Why the target is not empty (a restore goes only into an empty one), or null. */
  notEmpty(): Promise<string | null>;
  /** Loads a dump into the empty target, all or nothing: a failed load leaves it empty. */
  load(file: string): Promise<void>;
}

/**
 * Read from drizzle's own record of what it applied (`drizzle.__drizzle_migrations`, the
 * table the readiness check counts too); a database never migrated has none.
 */
export async function appliedMigrations(sql: RawSql): Promise<AppliedMigrations> {
  const { rows } = await sql(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!rows[0]?.present) return { applied: 0, latestAt: null };
  const level = await sql(
    `select count(*)::int as n, max(created_at)::text as at from drizzle.__drizzle_migrations`,
  );
  const at = level.rows[0]?.at;
  return { applied: Number(level.rows[0]?.n ?? 0), latestAt: at == null ? null : Number(at) };
}
