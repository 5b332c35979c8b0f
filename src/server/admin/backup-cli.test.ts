import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { AdminDumpPath } from '../../protocol/paths.ts';
import { emptyPostgres } from '../ops/backup-test-kit.ts';
import { testDatabases } from '../test/harness.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../..');
const cli = join(root, 'src/server/admin/cli.ts');
const main = join(root, 'src/server/main.ts');

const baseEnv = (dataDir: string, databaseUrl?: string) => {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.S3_BUCKET;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
};

/** The CLI on DATA_DIR `dataDir`, or `[dataDir, DATABASE_URL]`. */
async function admin(target: string | [string, string], ...args: string[]) {
  const [dataDir, url] = typeof target === 'string' ? [target] : target;
  try {
    const { stdout } = await run(process.execPath, [cli, ...args], {
      env: baseEnv(dataDir, url),
      cwd: root,
    });
    return { code: 0, out: stdout.trim() };
  } catch (err) {
    const e = err as { code: number; stderr: string };
    return { code: e.code, out: e.stderr.trim() };
  }
}

// Bounds, not waits: each call is a process that may open the embedded database (seconds of
// CPU, many more on a busy machine), as in admin-cli.test.ts.
describe('admin backup and restore (the embedded database)', { timeout: 300_000 }, () => {
  it('backs up through the running server, restores into a fresh DATA_DIR, refuses a full one', async () => {
    const work = await mkdtemp(join(tmpdir(), 'backup-cli-'));
    onTestFinished(() => rmSync(work, { recursive: true, force: true }));
    const live = join(work, 'live');
    const server = spawn(process.execPath, [main], {
      env: { ...baseEnv(live), PORT: '0', HOST: '127.0.0.1' },
      cwd: root,
      stdio: 'pipe',
    });
    const image = join(live, 'files', 'images', 'c_0123456789abcdef0123456789abcdef.webp');
    try {
      const file = join(live, 'admin.json');
      for (let i = 0; i < 1500 && !existsSync(file); i++)
        await new Promise((r) => setTimeout(r, 100));
      const { port } = JSON.parse(readFileSync(file, 'utf8')) as { port: number };
      expect(
        await admin(live, 'create-user', 'kept@example.com', '--name', 'Kept', '--grant', 'canadd'),
      ).toEqual({ code: 0, out: 'created kept@example.com' });
      mkdirSync(join(live, 'files', 'images'), { recursive: true });
      writeFileSync(image, 'picture bytes');

      // Without the key the server hands out no image of its database.
      const forged = await fetch(`http://127.0.0.1:${port}${AdminDumpPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-key': 'guess' },
        body: '{}',
      });
      expect(forged.status).toBe(403);

      const b = await admin(live, 'backup', join(work, 'b1'));
      expect(b.code, b.out).toBe(0);
      expect(b.out).toMatch(/^backup of embedded PGlite, through the running server \(pid \d+\)/);
      expect(b.out).toMatch(/files: 1 \(/);
      expect(b.out).toMatch(/push keys: vapid\.json/);
      // While the server runs, a restore into its DATA_DIR is refused outright.
      const busy = await admin(live, 'restore', join(work, 'b1'));
      expect(busy).toMatchObject({ code: 1 });
      expect(busy.out).toMatch(/a server is running on .*: stop it/);
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }

    const fresh = join(work, 'fresh');
    const r = await admin(fresh, 'restore', join(work, 'b1'));
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/^restored .*b1/);
    expect(readFileSync(join(fresh, 'vapid.json'), 'utf8')).toBe(
      readFileSync(join(live, 'vapid.json'), 'utf8'),
    );
    expect(readFileSync(join(fresh, image.slice(live.length + 1)), 'utf8')).toBe('picture bytes');
    // The restored database is the server's: the user made through it is there.
    expect(await admin(fresh, 'grant', 'kept@example.com', 'imgedit')).toEqual({
      code: 0,
      out: 'kept@example.com: canadd,imgedit',
    });
    const again = await admin(fresh, 'restore', join(work, 'b1'));
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/only into an empty instance[\s\S]*already holds a database/);
    expect(again.out).not.toMatch(/Usage:/);

    // With no server running, the CLI opens the database itself.
    const offline = await admin(live, 'backup', join(work, 'b2'));
    expect(offline.code, offline.out).toBe(0);
    expect(offline.out).toMatch(/^backup of embedded PGlite \(.*live\/db\) written to/);
    expect(readdirSync(join(work, 'b2')).sort()).toEqual([
      'db',
      'files',
      'manifest.json',
      'vapid.json',
    ]);
  });

  it('explains a missing folder and refuses what is not a backup', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'backup-cli-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const r = await admin(dir, 'backup');
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/backup takes one folder[\s\S]*Usage:[\s\S]*backup <dir>/);
    const n = await admin(dir, 'restore', join(dir, 'nothing-here'));
    expect(n).toMatchObject({ code: 1 });
    expect(n.out).toMatch(/has no manifest\.json: not a backup/);
  });
});

/** A new empty PostgreSQL database, dropped when the test ends. */
async function emptyPostgresUrl(): Promise<string> {
  const db = await emptyPostgres();
  onTestFinished(() => db.drop());
  return db.url;
}

describe.runIf(testDatabases().includes('postgres'))(
  'admin backup and restore (PostgreSQL)',
  { timeout: 300_000 },
  () => {
    it('pg_dump into a backup, pg_restore into an empty database, refused on a full one', async () => {
      const work = await mkdtemp(join(tmpdir(), 'backup-cli-pg-'));
      onTestFinished(() => rmSync(work, { recursive: true, force: true }));
      const a: [string, string] = [join(work, 'a'), await emptyPostgresUrl()];
      const b: [string, string] = [join(work, 'b'), await emptyPostgresUrl()];
      expect(await admin(a, 'create-user', 'pg@example.com', '--name', 'PG')).toEqual({
        code: 0,
        out: 'created pg@example.com',
      });
      const backup = await admin(a, 'backup', join(work, 'backup'));
      expect(backup.code, backup.out).toBe(0);
      expect(backup.out).toMatch(
        /^backup of PostgreSQL \(postgres(ql)?:\/\/.*\/bk_\w+\) written to/,
      );
      expect(backup.out).toMatch(/database: PostgreSQL, \d+ migration\(s\) up to \d{4}_\w+/);
      const restored = await admin(b, 'restore', join(work, 'backup'));
      expect(restored.code, restored.out).toBe(0);
      expect(await admin(b, 'grant', 'pg@example.com', 'canadd')).toEqual({
        code: 0,
        out: 'pg@example.com: canadd',
      });
      const again = await admin([join(work, 'c'), b[1]], 'restore', join(work, 'backup'));
      expect(again.code).toBe(1);
      expect(again.out).toMatch(/already has \d+ table\(s\) or sequence\(s\)/);
      // Nothing was written to the refused instance's DATA_DIR.
      expect(existsSync(join(work, 'c'))).toBe(false);
    });
  },
);
