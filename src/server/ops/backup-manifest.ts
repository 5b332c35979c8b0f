import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { AppliedMigrations } from '../db/backup-db.ts';
import { isSafeKey } from '../infra/storage.ts';

/** A backup's table of contents, written last: a folder without one is no (whole) backup. */
export const MANIFEST = 'manifest.json';
/** This layout's number; a restore refuses any other. */
export const BACKUP_FORMAT = 1;
/** Where the parts go inside a backup folder. */
export const DB_DIR = 'db';
export const FILES_DIR = 'files';
export const VAPID_NAME = 'vapid.json';

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const BackupEntry = z.object({
  /** Relative to the backup folder, slash-separated. */
  path: z.string().min(1),
  size: z.number().int().min(0),
  sha256: Sha256,
});
export type BackupEntry = z.infer<typeof BackupEntry>;

export const Manifest = z.object({
  format: z.number().int(),
  app: z.string(),
  /** package.json's version (or APP_VERSION) of the server that wrote it. */
  version: z.string(),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** The dump, relative to the backup folder: one file in db/. */
    file: z.string().regex(/^db\/[a-z0-9][a-z0-9_.-]*$/, 'a file in db/'),
    migrations: z.object({
      applied: z.number().int().min(0),
      /** The newest applied migration's name (drizzle/), null if this version does not know it. */
      latest: z.string().nullable(),
      latestAt: z.number().nullable(),
    }),
  }),
  /** Where the files came from (a folder or a bucket): a restore may put them in either. */
  storage: z.string(),
  /** Every file the backup holds but this one: the dump, each stored object, vapid.json. */
  files: z.array(BackupEntry),
});
export type Manifest = z.infer<typeof Manifest>;

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const journalFile = fileURLToPath(new URL('../../../drizzle/meta/_journal.json', import.meta.url));

/** The migrations this version ships, oldest first. */
export function shippedMigrations(): JournalEntry[] {
  return (JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: JournalEntry[] }).entries;
}

/** A database's level as the manifest writes it: with the newest migration's name. */
export function describeLevel(m: AppliedMigrations): Manifest['database']['migrations'] {
  const known = shippedMigrations().find((e) => e.when === m.latestAt);
  return { applied: m.applied, latest: known?.tag ?? null, latestAt: m.latestAt };
}

/**
 * Why this version cannot take a database at `level`, or null: it has migrations this
 * version does not ship (migrations only go forward; an older version would run against
 * tables it does not know).
 */
export function tooNew(level: Manifest['database']['migrations'], made: string): string | null {
  const shipped = shippedMigrations();
  const last = shipped.at(-1);
  const unknown =
    level.applied > shipped.length ||
    (level.latestAt !== null && (last === undefined || level.latestAt > last.when));
  if (!unknown) return null;
  return (
    `the backup's database has ${level.applied} migration(s), up to ${level.latest ?? 'one this version does not know'}; ` +
    `this version knows ${shipped.length}, up to ${last?.tag ?? 'none'}. ` +
    `Restore it with the version that made it (${made}) or a newer one`
  );
}

/** Which paths a manifest may name: the dump, vapid.json, and stored objects under files/. */
export function isBackupPath(path: string, dumpFile: string): boolean {
  if (path === dumpFile || path === VAPID_NAME) return true;
  return path.startsWith(`${FILES_DIR}/`) && isSafeKey(path.slice(FILES_DIR.length + 1));
}

/** Passes bytes on, counting and hashing them. */
function measuring() {
  const hash = createHash('sha256');
  let size = 0;
  const through = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { through, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/** Writes `source` to `file`; answers its size and sha256. */
export async function writeMeasured(
  source: Readable,
  file: string,
): Promise<{ size: number; sha256: string }> {
  const m = measuring();
  await pipeline(source, m.through, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  return m.result();
}

/** A file's size and sha256, read as a stream. */
export async function measureFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}
