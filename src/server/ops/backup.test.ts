import { randomBytes } from 'node:crypto';
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseLoader } from '../db/backup-db.ts';
import type { RawSql } from '../db/client.ts';
import { images } from '../db/schema.ts';
import type { Storage } from '../infra/storage.ts';
import { buildImage, postForm } from '../test/fixtures.ts';
import { createTestApp, rpc, testDatabases, userWithSession } from '../test/harness.ts';
import { knowledgeOn } from '../test/services.ts';
import { usersRepo } from '../users/users.repo.ts';
import { BackupRefused, restoreBackup, writeBackup } from './backup.ts';
import { MANIFEST, shippedMigrations, type Manifest } from './backup-manifest.ts';
import { emptyInstance, sha, type Instance } from './backup-test-kit.ts';

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

/** Everything a restore must bring back, as comparable values. */
async function snapshot(sql: RawSql, storage: Storage, vapidFile: string) {
  const rows: Record<string, unknown[]> = {};
  for (const t of TABLES) rows[t] = (await sql(`select * from ${t} order by 1`)).rows;
  const files: Record<string, string | null> = {};
  for await (const key of storage.list()) files[key] = sha(await storage.get(key));
  return { rows, files, vapid: readFileSync(vapidFile, 'utf8') };
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
