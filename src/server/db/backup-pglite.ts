import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rename, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { openDatabase, type Database } from './client.ts';
import {
  appliedMigrations,
  type AppliedMigrations,
  type DatabaseDumper,
  type DatabaseLoader,
} from './backup-db.ts';

/** The embedded database's image inside a backup (PGlite's own gzipped tar of its data dir). */
export const PGLITE_DUMP = 'pglite.tar.gz';

export interface PgliteImage {
  image: Blob;
  migrations: AppliedMigrations;
}

/**
 * The image of an open embedded database: the running server's, for the admin endpoint.
 * PGlite takes it between two queries; a transaction still open then is not in it (the copy
 * starts as after a crash: at the last commit).
 */
export async function pgliteImageOf(database: Database): Promise<PgliteImage> {
  if (!database.dump) throw new Error('not the embedded database');
  const migrations = await appliedMigrations(database.sql);
  return { image: await database.dump('gzip'), migrations };
}

function entries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/**
 * The embedded database in `pgliteDir`, opened by this process (no server has it open): as it
 * is, not migrated, so the copy is of what was there.
 */
export function pgliteDumper(pgliteDir: string): DatabaseDumper {
  return {
    kind: 'pglite',
    fileName: PGLITE_DUMP,
    describe: () => `embedded PGlite (${pgliteDir})`,
    async dump(file) {
      if (!entries(pgliteDir).length) throw new Error(`no embedded database in ${pgliteDir}`);
      const database = await openDatabase({ pgliteDir, migrate: false });
      try {
        const { image, migrations } = await pgliteImageOf(database);
        await writeFile(file, Buffer.from(await image.arrayBuffer()), { mode: 0o600 });
        return migrations;
      } finally {
        await database.close();
      }
    },
  };
}

/**
 * A new embedded database in `pgliteDir` from a backup's image. PGlite unpacks it into a
 * folder beside the target, which is renamed into place once PGlite has opened and closed it:
 * a load that fails leaves no half database behind.
 */
export function pgliteLoader(pgliteDir: string): DatabaseLoader {
  return {
    kind: 'pglite',
    describe: () => `embedded PGlite (${pgliteDir})`,
    async notEmpty() {
      return entries(pgliteDir).length ? `${pgliteDir} already holds a database` : null;
    },
    async load(file) {
      const part = join(dirname(pgliteDir), `.db-restoring-${randomBytes(4).toString('hex')}`);
      try {
        const database = await openDatabase({
          pgliteDir: part,
          pgliteImage: new Blob([await readFile(file)]),
          migrate: false,
        });
        // Opening is the check that the image is a database PGlite can start.
        await appliedMigrations(database.sql);
        await database.close();
        // An empty folder in the way (made by hand) is replaced.
        if (existsSync(pgliteDir)) await rmdir(pgliteDir);
        await rename(part, pgliteDir);
      } finally {
        rmSync(part, { recursive: true, force: true });
      }
    },
  };
}
