import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { DatabaseDumper, DatabaseLoader } from '../db/backup-db.ts';
import { postgresDumper, postgresLoader } from '../db/backup-pg.ts';
import { pgliteDumper, pgliteLoader } from '../db/backup-pglite.ts';
import { openDatabase, type Database, type RawSql } from '../db/client.ts';
import { images } from '../db/schema.ts';
import { localStorage, type Storage } from '../infra/storage.ts';
import { buildImage, postForm } from '../test/fixtures.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type DbKind,
} from '../test/harness.ts';
import { startLocalS3, type LocalS3 } from '../test/s3-server.ts';
import { knowledgeOn } from '../test/services.ts';
import { usersRepo } from '../users/users.repo.ts';
import { BackupRefused, readBackup, restoreBackup, writeBackup } from './backup.ts';
import { MANIFEST, shippedMigrations, type Manifest } from './backup-manifest.ts';

/** The tables a used instance has rows in: users, characters, knowledge, chats, images, push. */
const TABLES = [
  'users',
  'friends',
  'friend_access',
  'friend_files',
  'knowledge_chunks',
  'subjects',
  'messages',
  'images',
  'push_subscriptions',
];

const sha = (b: Buffer | null) => (b ? createHash('sha256').update(b).digest('hex') : null);

/** Everything a restore must bring back, as comparable values. */
async function snapshot(sql: RawSql, storage: Storage, vapidFile: string) {
  const rows: Record<string, unknown[]> = {};
  for (const t of TABLES) rows[t] = (await sql(`select * from ${t} order by 1`)).rows;
  const files: Record<string, string | null> = {};
  for await (const key of storage.list()) files[key] = sha(await storage.get(key));
  return { rows, files, vapid: readFileSync(vapidFile, 'utf8') };
}

const adminUrl = () => loadConfig().DATABASE_URL!;

/** A new, empty PostgreSQL database (no migrations), dropped by `drop`. */
async function emptyPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
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

interface Instance {
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
async function emptyInstance(kind: DbKind): Promise<Instance> {
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

describe.each(testDatabases())('backup and restore on %s', (kind) => {
  let source: Instance;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let levelBefore: number;
  let backupDir: string;
  let imageKey: string;
  let manifest: Manifest;
  const work = mkdtempSync(join(tmpdir(), 'sefer-backups-'));
  const password = 'correct horse battery';

  /** A used instance: a user, a character with a knowledge file and an image, a chat, push. */
  beforeAll(async () => {
    source = await emptyInstance(kind);
    const database = await source.open();
    const t = await createTestApp(kind, {
      database,
      storage: source.storage,
      env: { DATA_DIR: source.dataDir },
    });
    const token = await userWithSession(t, 'reader@example.com', { grant: 'canadd' });
    const made = await rpc(
      t.app,
      {
        action: 'SetFriendDetails',
        insert: 1,
        friendid: 'keeper',
        friendname: 'The Keeper',
        image: '/friends/librarian.svg',
        personality: 'Keeps the lighthouse log.',
        firstprompt: 'Hello',
        friendtype: 1,
      },
      { bearer: token },
    );
    expect(made.body.Error).toBe(0);
    const up = await postForm(t.app, '/api/upload', {
      bearer: token,
      fields: { friend: 'keeper', friendtype: '1' },
      file: { name: 'log.md', data: Buffer.from('# Log\n\nThe schooner Albatross sails at noon.') },
    });
    expect(up.text).toMatch(/^OK \d+$/);
    const pic = await postForm(t.app, '/api/upload-image', {
      bearer: token,
      fields: {},
      file: { name: 'p.png', data: await buildImage(80, 40) },
    });
    imageKey = pic.text.replace(/^OK \/files\//, '');
    expect(imageKey).toMatch(/^images\/c_[0-9a-f]+\.webp$/);
    const asked = await rpc(
      t.app,
      {
        action: 'AskFriend',
        friendid: 'keeper',
        message: 'When does the schooner sail?',
        lang: 'en',
      },
      { bearer: token },
    );
    expect(asked.body).toMatchObject({ Error: 0, status: 'done' });
    const owner = await usersRepo(t.deps.db).byEmail('reader@example.com');
    await t.deps.db
      .insert(images)
      .values({ owner: owner!.id, image: 'g_kept.png', prompt: 'a lighthouse' });
    await t.storage.put('generated/g_kept.png', await buildImage(32, 32), {
      contentType: 'image/png',
    });
    const sub = await rpc(
      t.app,
      {
        action: 'UpdateFCMToken',
        udid: 'backup-device-1',
        token: JSON.stringify({
          endpoint: 'https://fcm.googleapis.com/fcm/send/backup-test',
          keys: {
            p256dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url'),
            auth: randomBytes(16).toString('base64url'),
          },
        }),
      },
      { bearer: token },
    );
    expect(sub.body).toEqual({ Error: 0 });
    await t.deps.domain.settled();
    await t.deps.jobs.idle();
    await t.close();
    before = await snapshot(database.sql, source.storage, source.vapidFile);
    levelBefore = shippedMigrations().length;
    await database.close();
    for (const table of ['users', 'friend_files', 'messages', 'push_subscriptions', 'images'])
      expect(before.rows[table]!.length, table).toBeGreaterThan(0);

    backupDir = join(work, 'backup');
    manifest = await writeBackup(backupDir, {
      database: source.dumper(),
      storage: source.storage,
      vapidFile: source.vapidFile,
      version: '9.9.9',
      now: new Date('2026-12-03T10:00:00Z'),
    });
  });
  afterAll(async () => {
    await source?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('writes a manifest with the version, the migration level and every file with its sha256', async () => {
    expect(manifest).toMatchObject({
      format: 1,
      app: 'sefer-chat',
      version: '9.9.9',
      createdAt: '2026-12-03T10:00:00.000Z',
      database: {
        kind,
        file: kind === 'pglite' ? 'db/pglite.tar.gz' : 'db/postgres.dump',
        migrations: { applied: levelBefore, latest: shippedMigrations().at(-1)!.tag },
      },
    });
    const paths = manifest.files.map((f) => f.path).sort();
    expect(paths).toEqual(
      [
        manifest.database.file,
        'vapid.json',
        ...Object.keys(before.files).map((k) => `files/${k}`),
      ].sort(),
    );
    for (const f of manifest.files) {
      const bytes = readFileSync(join(backupDir, f.path));
      expect([bytes.length, sha(bytes)], f.path).toEqual([f.size, f.sha256]);
    }
    expect(JSON.parse(readFileSync(join(backupDir, MANIFEST), 'utf8'))).toEqual(manifest);
    // Nothing beside it is left from the writing.
    expect(readdirSync(work)).toEqual(['backup']);
  });

  it('restores into a fresh instance the same users, characters, knowledge, conversations, images and push keys', async () => {
    const target = await emptyInstance(kind);
    try {
      await restoreBackup(backupDir, {
        database: target.loader(),
        storage: target.storage,
        vapidFile: target.vapidFile,
      });
      // The server's start: migrations already applied, nothing run again.
      const database = await target.open();
      expect(await snapshot(database.sql, target.storage, target.vapidFile)).toEqual(before);
      const t = await createTestApp(kind, {
        database,
        storage: target.storage,
        env: { DATA_DIR: target.dataDir },
      });
      try {
        const signedIn = await rpc(t.app, {
          action: 'SendToken',
          email: 'reader@example.com',
          password,
        });
        expect(signedIn.body.Error).toBe(0);
        const token = signedIn.body.token as string;
        const chat = await rpc(
          t.app,
          { action: 'RetrieveConversation', friendid: 'keeper' },
          { bearer: token },
        );
        expect((chat.body.chat as { role: string }[]).map((m) => m.role)).toEqual(
          expect.arrayContaining(['user', 'assistant']),
        );
        const found = await knowledgeOn(t.deps).retrieve('keeper', 'Albatross', 3);
        expect(found[0]?.text).toContain('Albatross');
        const image = await t.app.inject({ method: 'GET', url: `/files/${imageKey}` });
        expect(image.statusCode).toBe(200);
        expect(sha(image.rawPayload)).toBe(before.files[imageKey]);
        // The same VAPID keys: the browsers' subscriptions still work.
        expect(t.deps.push.publicKey).toBe(JSON.parse(before.vapid).publicKey);
        // The sequences came along: new rows do not collide with restored ones.
        await userWithSession(t, 'after@example.com');
      } finally {
        await t.close();
        await database.close();
      }
    } finally {
      await target.close();
    }
  });

  it('refuses a target that is not empty, and changes nothing', async () => {
    // The source instance itself: database, files and vapid.json all there.
    const err = await restoreBackup(backupDir, {
      database: source.loader(),
      storage: source.storage,
      vapidFile: source.vapidFile,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupRefused);
    expect((err as Error).message).toMatch(/only into an empty instance/);
    expect((err as Error).message).toMatch(
      kind === 'pglite' ? /already holds a database/ : /already has \d+ table/,
    );
    expect((err as Error).message).toMatch(/files store .* already has objects/);
    expect((err as Error).message).toMatch(/vapid\.json already exists/);
    // One part alone is enough: a DATA_DIR with only vapid.json in it.
    const target = await emptyInstance(kind);
    try {
      writeFileSync(target.vapidFile, '{}');
      await expect(
        restoreBackup(backupDir, {
          database: target.loader(),
          storage: target.storage,
          vapidFile: target.vapidFile,
        }),
      ).rejects.toThrow(/vapid\.json already exists/);
      expect(readdirSync(target.dataDir)).toEqual(['vapid.json']);
      expect(await target.loader().notEmpty()).toBeNull();
    } finally {
      await target.close();
    }
  });

  it('refuses a damaged or altered backup, and a backup newer than this version, writing nothing', async () => {
    const target = await emptyInstance(kind);
    const restore = (dir: string) =>
      restoreBackup(dir, {
        database: target.loader(),
        storage: target.storage,
        vapidFile: target.vapidFile,
      });
    try {
      const tampered = join(work, 'tampered');
      cpSync(backupDir, tampered, { recursive: true });
      const image = join(tampered, 'files', imageKey);
      const bytes = readFileSync(image);
      bytes.writeUInt8(bytes.readUInt8(0) ^ 0xff, 0);
      writeFileSync(image, bytes);
      await expect(restore(tampered)).rejects.toThrow(
        new RegExp(`damaged or altered:\\n  files/${imageKey} is not what was backed up`),
      );

      const newer = join(work, 'newer');
      cpSync(backupDir, newer, { recursive: true });
      const m = JSON.parse(readFileSync(join(newer, MANIFEST), 'utf8')) as Manifest;
      m.database.migrations = {
        applied: levelBefore + 1,
        latest: null,
        latestAt: Date.now() + 1e9,
      };
      writeFileSync(join(newer, MANIFEST), JSON.stringify(m));
      await expect(restore(newer)).rejects.toThrow(
        /migration\(s\), up to one this version does not know; this version knows \d+.*made it \(9\.9\.9\)/,
      );

      // A manifest naming a path outside the backup's parts is refused before anything is read.
      m.database.migrations = manifest.database.migrations;
      m.files.push({ path: 'files/../../etc/passwd', size: 1, sha256: '0'.repeat(64) });
      writeFileSync(join(newer, MANIFEST), JSON.stringify(m));
      await expect(restore(newer)).rejects.toThrow(/names files a backup does not hold/);
      m.files.pop();
      m.database.file = 'db/../../../etc/passwd';
      writeFileSync(join(newer, MANIFEST), JSON.stringify(m));
      await expect(restore(newer)).rejects.toThrow(/is not a backup manifest: .*a file in db\//s);
      await expect(restore(join(work, 'nowhere'))).rejects.toThrow(/has no manifest\.json/);

      expect(existsSync(join(target.dataDir, 'db'))).toBe(false);
      expect(readdirSync(target.dataDir)).toEqual([]);
      expect(await target.loader().notEmpty()).toBeNull();
    } finally {
      await target.close();
    }
  });

  it('refuses to write into a folder that is not empty, and a backup of the other database kind', async () => {
    const full = join(work, 'full');
    mkdirSync(full);
    writeFileSync(join(full, 'keep.txt'), 'mine');
    await expect(
      writeBackup(full, {
        database: source.dumper(),
        storage: source.storage,
        vapidFile: source.vapidFile,
        version: '1',
        now: new Date(),
      }),
    ).rejects.toThrow(/is not empty/);
    expect(readdirSync(full)).toEqual(['keep.txt']);
    const other: DatabaseLoader = {
      kind: kind === 'pglite' ? 'postgres' : 'pglite',
      describe: () => 'other',
      notEmpty: async () => null,
      load: async () => {
        throw new Error('must not be called');
      },
    };
    const target = await emptyInstance(kind);
    try {
      await expect(
        restoreBackup(backupDir, {
          database: other,
          storage: target.storage,
          vapidFile: target.vapidFile,
        }),
      ).rejects.toThrow(
        kind === 'pglite' ? /restore it with DATABASE_URL unset/ : /DATABASE_URL set/,
      );
    } finally {
      await target.close();
    }
  });
});

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
