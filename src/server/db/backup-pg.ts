import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  appliedMigrations,
  type AppliedMigrations,
  type DatabaseDumper,
  type DatabaseLoader,
} from './backup-db.ts';

/** PostgreSQL's dump inside a backup: pg_dump's custom format (compressed, pg_restore reads it). */
export const POSTGRES_DUMP = 'postgres.dump';

/** The address to show: without its password. */
export function safeUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs pg_dump or pg_restore on the database at `url`. The password never goes on the command
 * line (anyone on the machine may read that): it goes into a passfile readable by us alone,
 * named in the connection string (libpq's `passfile`), and removed afterwards.
 */
async function runPgTool(tool: string, args: string[], url: string): Promise<void> {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  let dir: string | undefined;
  if (password) {
    dir = mkdtempSync(join(tmpdir(), 'sefer-pgpass-'));
    const passfile = join(dir, 'pgpass');
    // Any host, port, database and user: this file serves this one call.
    writeFileSync(passfile, `*:*:*:*:${password.replace(/[\\:]/g, (c) => `\\${c}`)}\n`, {
      mode: 0o600,
    });
    u.password = '';
    u.searchParams.set('passfile', passfile);
  }
  try {
    await new Promise<void>((resolve, reject) => {
      // --no-password: a password it lacks is an error, never a prompt that waits forever.
      const child = spawn(tool, [...args, '--no-password', `--dbname=${u.toString()}`], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (d: string) => {
        if (stderr.length < 20_000) stderr += d;
      });
      child.on('error', (err: NodeJS.ErrnoException) =>
        reject(
          err.code === 'ENOENT'
            ? new Error(
                `${tool} was not found: install the PostgreSQL client tools (Debian: postgresql-client) of the server's major version or newer`,
              )
            : err,
        ),
      );
      child.on('close', (code) =>
        code === 0
          ? resolve()
          : reject(new Error(`${tool} failed (exit code ${code}): ${stderr.trim()}`)),
      );
    });
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/** The PostgreSQL database at `url`, dumped by pg_dump while the servers keep running. */
export function postgresDumper(url: string): DatabaseDumper {
  return {
    kind: 'postgres',
    fileName: POSTGRES_DUMP,
    describe: () => `PostgreSQL (${safeUrl(url)})`,
    async dump(file): Promise<AppliedMigrations> {
      await runPgTool('pg_dump', ['--format=custom', `--file=${file}`], url);
      // pg_dump reads one snapshot; the level read after it is that snapshot's or newer
      // (migrations only go forward), so the manifest never claims less than the dump holds
      // and a restore's "newer than this version" check cannot be fooled.
      return withClient(url, (c) => appliedMigrations((text, values) => c.query(text, values)));
    },
  };
}

/** An empty PostgreSQL database at `url`, filled by pg_restore in one transaction. */
export function postgresLoader(url: string): DatabaseLoader {
  return {
    kind: 'postgres',
    describe: () => `PostgreSQL (${safeUrl(url)})`,
    async notEmpty() {
      const { rows } = await withClient(url, (c) =>
        c.query<{ n: number; example: string | null }>(
          `select count(*)::int as n, min(n.nspname || '.' || c.relname) as example
             from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where c.relkind in ('r', 'p', 'v', 'm', 'S')
              and n.nspname not in ('pg_catalog', 'information_schema')
              and n.nspname not like 'pg\\_%'`,
        ),
      );
      const n = rows[0]?.n ?? 0;
      return n
        ? `the database ${safeUrl(url)} already has ${n} table(s) or sequence(s) (e.g. ${rows[0]?.example}): create an empty one and point DATABASE_URL at it`
        : null;
    },
    async load(file) {
      // Owners and grants are the old server's roles; here everything belongs to whoever
      // restores (the role DATABASE_URL names). One transaction: a failure leaves it empty.
      await runPgTool(
        'pg_restore',
        ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', file],
        url,
      );
    },
  };
}
