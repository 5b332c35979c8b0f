import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import type { DatabaseDumper, DatabaseLoader } from '../db/backup-db.ts';
import { postgresDumper, postgresLoader } from '../db/backup-pg.ts';
import { pgliteDumper, pgliteLoader } from '../db/backup-pglite.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { localStorage, type Storage } from '../infra/storage.ts';
import type { DbKind } from '../test/harness.ts';

/** The backup tests' instances: a DATA_DIR, and on PostgreSQL a database of their own. */

export const sha = (b: Buffer | null) => (b ? createHash('sha256').update(b).digest('hex') : null);

const adminUrl = () => loadConfig().DATABASE_URL!;

/** A new, empty PostgreSQL database (no migrations), dropped by `drop`. */
export async function emptyPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bk_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: adminUrl() });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export interface Instance {
  dataDir: string;
  storage: Storage;
  vapidFile: string;
  /** PostgreSQL: the database's address. */
  url?: string;
  /** Opens its database (PGlite: only while nobody else has it open). */
  open(): Promise<Database>;
  dumper(): DatabaseDumper;
  loader(): DatabaseLoader;
  close(): Promise<void>;
}

/** A fresh, empty instance: a new DATA_DIR, and on PostgreSQL a new empty database. */
export async function emptyInstance(kind: DbKind): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sefer-backup-'));
  const base = {
    dataDir,
    storage: localStorage(join(dataDir, 'files')),
    vapidFile: join(dataDir, 'vapid.json'),
  };
  if (kind === 'pglite') {
    const pgliteDir = join(dataDir, 'db');
    return {
      ...base,
      open: () => openDatabase({ pgliteDir }),
      dumper: () => pgliteDumper(pgliteDir),
      loader: () => pgliteLoader(pgliteDir),
      close: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const db = await emptyPostgres();
  return {
    ...base,
    url: db.url,
    open: () => openDatabase({ url: db.url, poolSize: 2 }),
    dumper: () => postgresDumper(db.url),
    loader: () => postgresLoader(db.url),
    async close() {
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
