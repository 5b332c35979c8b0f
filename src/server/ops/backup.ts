import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { DatabaseDumper, DatabaseLoader } from '../db/backup-db.ts';
import type { Storage } from '../infra/storage.ts';
import {
  BACKUP_FORMAT,
  DB_DIR,
  FILES_DIR,
  MANIFEST,
  Manifest,
  VAPID_NAME,
  describeLevel,
  isBackupPath,
  measureFile,
  tooNew,
  writeMeasured,
  type BackupEntry,
} from './backup-manifest.ts';

/** A backup or restore that was refused before anything was written (the CLI exits 1). */
export class BackupRefused extends Error {}

const APP = 'sefer-chat';

const entriesOf = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

/** The VAPID private key: readable by the owner only, and never over a file already there. */
async function copyPrivate(from: string, to: string) {
  await writeFile(to, await readFile(from), { mode: 0o600, flag: 'wx' });
}

export interface BackupSources {
  database: DatabaseDumper;
  storage: Storage;
  /** DATA_DIR/vapid.json: copied when there (keys given by environment are not in a backup). */
  vapidFile: string;
  version: string;
  now: Date;
}

/**
 * Writes a backup of the database, the files and vapid.json into `dir` (new or empty). The
 * parts go into a folder beside it, renamed to `dir` once the manifest is written: a backup
 * that fails half-way leaves nothing that looks like one. The database goes first, so every
 * file its rows name was stored before the copy of the files began.
 */
export async function writeBackup(dir: string, from: BackupSources): Promise<Manifest> {
  const target = resolve(dir);
  if (entriesOf(target).length)
    throw new BackupRefused(`${target} is not empty: a backup goes into a new or empty folder`);
  const part = join(
    dirname(target),
    `.${basename(target)}.partial-${randomBytes(4).toString('hex')}`,
  );
  try {
    // The owner's alone: it holds the password hashes, sessions and the VAPID private key.
    await mkdir(part, { mode: 0o700 });
    await mkdir(join(part, DB_DIR));
    const files: BackupEntry[] = [];
    const dumpPath = `${DB_DIR}/${from.database.fileName}`;
    const migrations = await from.database.dump(join(part, dumpPath));
    files.push({ path: dumpPath, ...(await measureFile(join(part, dumpPath))) });

    for await (const key of from.storage.list()) {
      const stored = await from.storage.stream(key);
      // Deleted since it was listed (a character removed meanwhile): nothing to keep.
      if (!stored) continue;
      const path = `${FILES_DIR}/${key}`;
      await mkdir(dirname(join(part, path)), { recursive: true });
      files.push({ path, ...(await writeMeasured(stored.body, join(part, path))) });
    }

    if (existsSync(from.vapidFile)) {
      await copyPrivate(from.vapidFile, join(part, VAPID_NAME));
      files.push({ path: VAPID_NAME, ...(await measureFile(join(part, VAPID_NAME))) });
    }

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      app: APP,
      version: from.version,
      createdAt: from.now.toISOString(),
      database: { kind: from.database.kind, file: dumpPath, migrations: describeLevel(migrations) },
      storage: from.storage.describe(),
      files,
    };
    await writeFile(join(part, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    if (existsSync(target)) await rmdir(target);
    await rename(part, target);
    return manifest;
  } finally {
    await rm(part, { recursive: true, force: true });
  }
}

/** The manifest of the backup in `dir`, checked against the files beside it. */
export async function readBackup(dir: string): Promise<Manifest> {
  const file = join(dir, MANIFEST);
  if (!existsSync(file))
    throw new BackupRefused(`${dir} has no ${MANIFEST}: not a backup, or one that did not finish`);
  let manifest: Manifest;
  try {
    manifest = Manifest.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (err) {
    throw new BackupRefused(`${file} is not a backup manifest: ${(err as Error).message}`);
  }
  if (manifest.app !== APP)
    throw new BackupRefused(`${file} is a backup of ${manifest.app}, not of ${APP}`);
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupRefused(
      `${file} is of backup format ${manifest.format}; this version reads format ${BACKUP_FORMAT}`,
    );
  const wrong = manifest.files.filter((f) => !isBackupPath(f.path, manifest.database.file));
  if (wrong.length || !manifest.files.some((f) => f.path === manifest.database.file))
    throw new BackupRefused(
      `${file} names files a backup does not hold: ${wrong.map((f) => f.path).join(', ') || manifest.database.file}`,
    );
  const bad: string[] = [];
  for (const f of manifest.files) {
    const path = join(dir, ...f.path.split('/'));
    if (!existsSync(path)) {
      bad.push(`${f.path} is missing`);
      continue;
    }
    const found = await measureFile(path);
    if (found.size !== f.size || found.sha256 !== f.sha256)
      bad.push(`${f.path} is not what was backed up (size or sha256 differ)`);
  }
  if (bad.length)
    throw new BackupRefused(`the backup in ${dir} is damaged or altered:\n  ${bad.join('\n  ')}`);
  return manifest;
}

export interface RestoreTargets {
  database: DatabaseLoader;
  storage: Storage;
  vapidFile: string;
}

/**
 * Loads the backup in `dir` into an empty database, an empty files store and a DATA_DIR
 * without vapid.json. Everything is checked first (manifest, every file's sha256, the
 * migration level, the targets being empty); a refusal writes nothing. The files and
 * vapid.json go first and the database last, in one step: if it fails, they are removed.
 */
export async function restoreBackup(dir: string, to: RestoreTargets): Promise<Manifest> {
  const source = resolve(dir);
  const manifest = await readBackup(source);
  if (manifest.database.kind !== to.database.kind)
    throw new BackupRefused(
      manifest.database.kind === 'pglite'
        ? 'this backup is of the embedded database (PGlite): restore it with DATABASE_URL unset'
        : 'this backup is of a PostgreSQL database: restore it with DATABASE_URL set to an empty database',
    );
  const newer = tooNew(manifest.database.migrations, manifest.version);
  if (newer) throw new BackupRefused(newer);

  const full: string[] = [];
  const db = await to.database.notEmpty();
  if (db) full.push(db);
  for await (const key of to.storage.list()) {
    full.push(`the files store (${to.storage.describe()}) already has objects, e.g. ${key}`);
    break;
  }
  if (existsSync(to.vapidFile)) full.push(`${to.vapidFile} already exists`);
  if (full.length)
    throw new BackupRefused(
      `restore goes only into an empty instance:\n  ${full.join('\n  ')}\nNothing was changed.`,
    );

  const written: string[] = [];
  let vapid = false;
  try {
    for (const f of manifest.files) {
      if (!f.path.startsWith(`${FILES_DIR}/`)) continue;
      const key = f.path.slice(FILES_DIR.length + 1);
      written.push(key);
      await to.storage.put(key, createReadStream(join(source, ...f.path.split('/'))));
    }
    if (manifest.files.some((f) => f.path === VAPID_NAME)) {
      await mkdir(dirname(to.vapidFile), { recursive: true });
      vapid = true;
      await copyPrivate(join(source, VAPID_NAME), to.vapidFile);
    }
    await to.database.load(join(source, ...manifest.database.file.split('/')));
    return manifest;
  } catch (err) {
    // Back to empty, so that the restore can simply be run again once its cause is fixed.
    const undo = await Promise.allSettled([
      ...written.map((key) => to.storage.delete(key)),
      ...(vapid ? [rm(to.vapidFile, { force: true })] : []),
    ]);
    const left = undo.filter((u) => u.status === 'rejected').length;
    if (left)
      throw new Error(
        `restore failed: ${(err as Error).message}\n(and ${left} restored file(s) could not be removed again: empty the target before the next try)`,
        { cause: err },
      );
    throw err;
  }
}

/** One line per part, for the operator. */
export function describeBackup(m: Manifest, dir: string): string {
  const objects = m.files.filter((f) => f.path.startsWith(`${FILES_DIR}/`));
  const bytes = objects.reduce((n, f) => n + f.size, 0);
  const db = m.files.find((f) => f.path === m.database.file);
  const level = m.database.migrations;
  return [
    `${dir} (format ${m.format}, version ${m.version}, ${m.createdAt}):`,
    `  database: ${m.database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}, ${level.applied} migration(s) up to ${level.latest ?? level.latestAt ?? 'none'}, ${megabytes(db?.size ?? 0)}`,
    `  files: ${objects.length} (${megabytes(bytes)}) from ${m.storage}`,
    `  push keys: ${m.files.some((f) => f.path === VAPID_NAME) ? VAPID_NAME : 'none in DATA_DIR (VAPID keys from the environment, or none yet)'}`,
  ].join('\n');
}

const megabytes = (n: number) =>
  n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
