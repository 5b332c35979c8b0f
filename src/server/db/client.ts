import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Plain SQL on the same connections, for libraries that bring their own (the job queue). */
export type RawSql = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  sql: RawSql;
  close(): Promise<void>;
  /**
   * Whether pgvector computes embedding similarity (the extension is installed in this
   * database); without it retrieval compares the `real[]` vectors in plain SQL.
   */
  pgvector: boolean;
  /**
   * PostgreSQL only: the pool's connections (open, idle) and the queries waiting for one (the
   * metrics). PGlite has one in-process connection and no such queue.
   */
  poolCounts?: () => { total: number; idle: number; waiting: number };
  /**
   * PGlite only: the whole database as a tar image (`pgliteImage` starts another from it),
   * gzipped when asked (backups).
   */
  dump?: (compression?: 'none' | 'gzip') => Promise<Blob>;
  /**
   * Runs `fn` while this instance holds the advisory lock `key` (PostgreSQL; a session lock on
   * a connection opened for it), so instances starting together do one thing at a time. On
   * PGlite, one process has the database: `fn` just runs.
   */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
}

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/**
 * PGlite's buffer cache, inside its WASM memory (which never shrinks). Its data directory's
 * postgresql.conf says 128 MB: that was ~140 MiB of the embedded server's idle RSS (411 → 268
 * MiB on a restart). Its pages are files the OS caches anyway; a miss here is a read through
 * Emscripten's file system, not a disk seek. 32 MB gave 295 MiB.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/** Any fixed number names the lock; this one spells "sefer" in ASCII. */
export const MIGRATION_LOCK_KEY = 0x7365666572;
/** The job queue's set-up (its schema, queues and schedules): "jobs" in ASCII. */
export const JOBS_LOCK_KEY = 0x6a6f6273;

/**
 * Applies the migrations while holding a PostgreSQL advisory lock, on a connection of its own.
 * Several instances starting together on an empty database would otherwise all try to create
 * the same tables, and all but one would fail; with the lock the others wait, then find
 * nothing left to do.
 */
async function migrateLocked(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
    // `create extension` run by two instances at once: one fails on the catalog's unique key.
    return await enablePgvector((text) => client.query(text));
  } finally {
    // Ending the session releases the lock too, even if the unlock itself failed.
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

/**
 * Turns pgvector on where the server offers it: an extension a migration cannot require
 * (PostgreSQL servers without it must work too), so it is created here when available and
 * the right to create it is there. Answers whether it is on.
 */
async function enablePgvector(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<boolean> {
  const { rows } = await query(
    `select (select count(*) from pg_available_extensions where name = 'vector')::int as available,
            (select count(*) from pg_extension where extname = 'vector')::int as installed`,
  );
  if (Number(rows[0]?.installed) > 0) return true;
  if (Number(rows[0]?.available) === 0) return false;
  try {
    await query('create extension if not exists vector');
    return true;
  } catch {
    // No right to create extensions (a managed database's plain role): the SQL fallback.
    return false;
  }
}

/**
 * Opens the database and applies the committed migrations.
 * `pgliteDir` undefined with no URL gives an in-memory PGlite (tests).
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  pgliteDir?: string | undefined;
  poolSize?: number;
  /**
   * PostgreSQL: the pool's connections are all opened at start and none is closed for being
   * idle (the server's; tests and the admin CLI open them as needed). A burst after a quiet
   * spell would otherwise open them then, each a new backend, inside its requests' time.
   */
  keepOpen?: boolean;
  /**
   * keepOpen could open only `opened` of its connections at start (the server's or the
   * role's connection limit): the rest open when needed, as without keepOpen.
   */
  onOpenShort?: (opened: number, err: unknown) => void;
  /** Told when an idle PostgreSQL connection breaks (the pool replaces it). */
  onIdleError?: (err: Error) => void;
  /**
   * PGlite starts from this image (a `dump()`): in memory (tests), or written into a new
   * `pgliteDir` (a restore).
   */
  pgliteImage?: Blob;
  /**
   * Apply the migrations (and turn pgvector on): yes by default. A backup opens the database
   * as it is, so that the copy is of what was there, not of what this version made of it.
   */
  migrate?: boolean;
}): Promise<Database> {
  const migrating = opts.migrate ?? true;
  if (opts.url) {
    const max = opts.poolSize ?? 10;
    const pool = new pg.Pool({ connectionString: opts.url, max, min: opts.keepOpen ? max : 0 });
    // An idle connection the server closed (restart, failover, a dropped database) is an
    // 'error' event: without a listener it would end the process. The pool discards the
    // connection and opens another when needed; queries in flight get their own errors.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const pgvector = migrating ? await migrateLocked(opts.url) : false;
    if (opts.keepOpen) {
      const open = await Promise.allSettled(Array.from({ length: max }, () => pool.connect()));
      for (const c of open) if (c.status === 'fulfilled') c.value.release();
      const failed = open.find((c) => c.status === 'rejected');
      const opened = open.filter((c) => c.status === 'fulfilled').length;
      if (failed) opts.onOpenShort?.(opened, failed.reason);
    }
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      pgvector,
      sql: async (text, values) => pool.query(text, values as unknown[]),
      close: () => pool.end(),
      async withLock(key, fn) {
        // A connection of its own, outside the pool: `fn`'s queries may need every pooled one.
        const c = new pg.Client({ connectionString: opts.url });
        await c.connect();
        try {
          await c.query('select pg_advisory_lock($1)', [key]);
          return await fn();
        } finally {
          // Ending the session releases the lock, even if the unlock itself failed.
          await c.end();
        }
      },
      poolCounts: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  // Loaded here, not at the top: a server on PostgreSQL never needs them.
  const [{ PGlite }, { vector }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite-pgvector'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
  // pgvector compiled for PGlite (a 50 kB package) is loaded into every embedded database.
  const extensions = { vector };
  const startParams = [
    ...PGlite.defaultStartParams,
    '-c',
    `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
  ];
  const image = opts.pgliteImage ? { loadDataDir: opts.pgliteImage } : {};
  const client = opts.pgliteDir
    ? new PGlite(opts.pgliteDir, { ...image, extensions, startParams })
    : new PGlite({ ...image, extensions, startParams });
  const db = drizzlePglite({ client, schema });
  if (migrating) await migratePglite(db, { migrationsFolder });
  const pgvector = migrating ? await enablePgvector((text) => client.query(text)) : false;
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    pgvector,
    // Statements without parameters may be several (a library's schema script): PGlite runs
    // those through `exec`, which answers each one's rows; the last is what a caller wants.
    sql: async (text, values) =>
      values?.length
        ? client.query(text, values)
        : { rows: (await client.exec(text)).at(-1)?.rows ?? [] },
    close: () => client.close(),
    dump: (compression = 'none') => client.dumpDataDir(compression),
    withLock: (_key, fn) => fn(),
  };
}
