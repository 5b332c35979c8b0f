import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseDumper, DatabaseLoader } from '../db/backup-db.ts';
import { postgresDumper } from '../db/backup-pg.ts';
import { buildImage } from '../test/fixtures.ts';
import { testDatabases } from '../test/harness.ts';
import { startLocalS3, type LocalS3 } from '../test/s3-server.ts';
import { readBackup, restoreBackup, writeBackup } from './backup.ts';
import { shippedMigrations } from './backup-manifest.ts';
import { emptyPostgres } from './backup-test-kit.ts';

describe.runIf(testDatabases().includes('postgres'))('pg_dump and a password', () => {
  it('takes a password from the URL through a passfile, and never shows it', async () => {
    const work = mkdtempSync(join(tmpdir(), 'sefer-pgpass-test-'));
    const db = await emptyPostgres();
    try {
      // The server here trusts local connections: the password is accepted, not checked. What
      // this shows is that the passfile the tools are given is one libpq reads.
      const withPassword = new URL(db.url);
      withPassword.password = 's3cr:et\\pw';
      const dumper = postgresDumper(withPassword.toString());
      expect(dumper.describe()).not.toMatch(/s3cr/);
      expect(await dumper.dump(join(work, 'x.dump'))).toEqual({ applied: 0, latestAt: null });
      withPassword.pathname = '/no_such_database_here';
      const err = await postgresDumper(withPassword.toString())
        .dump(join(work, 'y.dump'))
        .catch((e: unknown) => e as Error);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toMatch(/pg_dump failed .*no_such_database_here/s);
      expect((err as Error).message).not.toMatch(/s3cr/);
      // No passfile is left behind.
      expect(
        readdirSync(tmpdir()).filter(
          (f) => f.startsWith('sefer-pgpass-') && f !== work.split('/').at(-1),
        ),
      ).toEqual([]);
    } finally {
      await db.drop();
      rmSync(work, { recursive: true, force: true });
    }
  });
});

/** The files part with an S3 bucket on both sides (a local S3 server); the database is a stand-in. */
describe('backup and restore of an S3 bucket', () => {
  let a: LocalS3;
  let b: LocalS3;
  const work = mkdtempSync(join(tmpdir(), 'sefer-backups-s3-'));
  beforeAll(async () => {
    [a, b] = await Promise.all([startLocalS3('source'), startLocalS3('target')]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    rmSync(work, { recursive: true, force: true });
  });

  const level = () => ({
    applied: shippedMigrations().length,
    latestAt: shippedMigrations().at(-1)!.when,
  });

  it('downloads every object into files/ and uploads each to an empty bucket; a full one is refused', async () => {
    const objects: Record<string, Buffer> = {
      'images/c_one.webp': await buildImage(20, 20, 'webp'),
      'knowledge/3/ab.pdf': Buffer.from('%PDF-1.4 not really'),
      'knowledge/3/ab.pdf.txt': Buffer.from('שלום'),
      'audio/a_x.mp3': randomBytes(70_000),
    };
    for (const [k, v] of Object.entries(objects)) await a.storage().put(k, v);
    const dumper: DatabaseDumper = {
      kind: 'pglite',
      fileName: 'pglite.tar.gz',
      describe: () => 'stand-in',
      async dump(file) {
        writeFileSync(file, 'database image');
        return level();
      },
    };
    const loaded: string[] = [];
    const loader: DatabaseLoader = {
      kind: 'pglite',
      describe: () => 'stand-in',
      notEmpty: async () => null,
      async load(file) {
        loaded.push(readFileSync(file, 'utf8'));
      },
    };
    const dir = join(work, 'b1');
    const m = await writeBackup(dir, {
      database: dumper,
      storage: a.storage(),
      vapidFile: join(work, 'no-vapid.json'),
      version: '1',
      now: new Date(),
    });
    expect(m.storage).toMatch(/^S3 bucket source at /);
    for (const [k, v] of Object.entries(objects))
      expect(readFileSync(join(dir, 'files', k))).toEqual(v);
    const vapidFile = join(work, 'target-data', 'vapid.json');
    await restoreBackup(dir, { database: loader, storage: b.storage(), vapidFile });
    expect(loaded).toEqual(['database image']);
    for (const [k, v] of Object.entries(objects)) expect(await b.storage().get(k), k).toEqual(v);
    // No vapid.json in the backup (keys from the environment): none is made.
    expect(existsSync(vapidFile)).toBe(false);
    await expect(
      restoreBackup(dir, { database: loader, storage: b.storage(), vapidFile }),
    ).rejects.toThrow(/files store \(S3 bucket target .*\) already has objects/);
    expect((await readBackup(dir)).files).toHaveLength(Object.keys(objects).length + 1);
  });

  it('a database load that fails takes the uploaded files out again', async () => {
    const empty = await startLocalS3('empty');
    try {
      const dir = join(work, 'b2');
      await writeBackup(dir, {
        database: {
          kind: 'pglite',
          fileName: 'pglite.tar.gz',
          describe: () => 'stand-in',
          async dump(file) {
            writeFileSync(file, 'x');
            return level();
          },
        },
        storage: a.storage(),
        vapidFile: join(work, 'none.json'),
        version: '1',
        now: new Date(),
      });
      const failing: DatabaseLoader = {
        kind: 'pglite',
        describe: () => 'stand-in',
        notEmpty: async () => null,
        load: async () => {
          throw new Error('disk full');
        },
      };
      await expect(
        restoreBackup(dir, {
          database: failing,
          storage: empty.storage(),
          vapidFile: join(work, 'v.json'),
        }),
      ).rejects.toThrow('disk full');
      const left: string[] = [];
      for await (const k of empty.storage().list()) left.push(k);
      expect(left).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});
