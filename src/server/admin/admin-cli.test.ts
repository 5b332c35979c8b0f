import { spawn, execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../..');
const cli = join(root, 'src/server/admin/cli.ts');
const main = join(root, 'src/server/main.ts');

const baseEnv = (dataDir: string) => {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  return env;
};

async function admin(dataDir: string, ...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, [cli, ...args], {
      env: baseEnv(dataDir),
      cwd: root,
    });
    return { code: 0, out: stdout.trim() };
  } catch (err) {
    const e = err as { code: number; stderr: string };
    return { code: e.code, out: e.stderr.trim() };
  }
}

// A bound, not a wait: each call is a new process that opens (and on a new directory creates
// and migrates) the embedded database, about 5 s of CPU, which a machine with both cores busy
// many times over stretches past the default minute.
describe('admin CLI', { timeout: 240_000 }, () => {
  it('lists background jobs that failed for good (none on a new database)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'admin-'));
    expect(await admin(dir, 'jobs')).toEqual({ code: 0, out: 'no failed jobs' });
  });

  it('creates users and grants and revokes flags on the embedded database', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'admin-'));
    expect(
      await admin(
        dir,
        'create-user',
        'Ops@Example.com',
        '--name',
        'Ops Person',
        '--password',
        'secret123',
        '--grant',
        'canadd',
      ),
    ).toEqual({
      code: 0,
      out: 'created ops@example.com',
    });
    expect((await admin(dir, 'grant', 'ops@example.com', 'imgedit,globalpriv')).out).toBe(
      'ops@example.com: canadd,imgedit,globalpriv',
    );
    expect((await admin(dir, 'revoke', 'ops@example.com', 'canadd')).out).toBe(
      'ops@example.com: imgedit,globalpriv',
    );
  });

  it('billing check without Stripe says the sandbox is in use', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'admin-'));
    const r = await admin(dir, 'billing', 'check');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Payments: the built-in sandbox \(STRIPE_SECRET_KEY is not set\)/);
  });

  it('explains bad arguments', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'admin-'));
    const r = await admin(dir, 'grant', 'ops@example.com', 'superpowers');
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/Usage:/);
    const r2 = await admin(
      dir,
      'create-user',
      'x@example.com',
      '--name',
      'X',
      '--password',
      'short',
    );
    expect(r2.out).toMatch(/at least 8/);
    const r3 = await admin(dir, 'grant', 'nobody@example.com', 'canadd');
    expect(r3.out).toMatch(/no user nobody@example.com/);
  });

  it('works while the server is running, through its loopback endpoint', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'admin-live-'));
    const server = spawn(process.execPath, [main], {
      env: { ...baseEnv(dir), PORT: '0', HOST: '127.0.0.1' },
      cwd: root,
      stdio: 'pipe',
    });
    try {
      const file = join(dir, 'admin.json');
      // Waits for the state (the server wrote its admin file); the bound is for a busy machine,
      // where a start took over 30 s.
      for (let i = 0; i < 1500 && !existsSync(file); i++)
        await new Promise((r) => setTimeout(r, 100));
      const { port } = JSON.parse(readFileSync(file, 'utf8')) as { port: number };
      const r = await admin(
        dir,
        'create-user',
        'live@example.com',
        '--name',
        'Live',
        '--password',
        'secret123',
        '--grant',
        'canadd',
      );
      expect(r).toEqual({ code: 0, out: 'created live@example.com' });
      const res = await fetch(`http://127.0.0.1:${port}/api`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          action: 'SendToken',
          email: 'live@example.com',
          password: 'secret123',
        }),
      });
      const body = (await res.json()) as { Error: number; token: string };
      expect(body.Error).toBe(0);
      const allow = await fetch(`http://127.0.0.1:${port}/api`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${body.token}` },
        body: JSON.stringify({ action: 'AllowAdd' }),
      });
      expect(await allow.json()).toEqual({ Error: 0, canadd: 1, imgedit: 0 });
      // The endpoint refuses a caller without the key.
      const forged = await fetch(`http://127.0.0.1:${port}/api/admin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-key': 'guess' },
        body: JSON.stringify({ command: 'grant', email: 'live@example.com', flags: 'globalpriv' }),
      });
      expect(forged.status).toBe(403);
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  }, 300_000);
});
