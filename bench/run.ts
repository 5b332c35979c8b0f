/**
 * Benchmarks: requests per second and p99 latency of GetFriends and CheckToken on PGlite and
 * on PostgreSQL, cold start to listening, idle RSS, and the gzip size of what the home page
 * loads. Prints figures; asserts nothing. Loopback only.
 *
 *   npm run bench                      # PGlite, and PostgreSQL when reachable
 *   BENCH_SECONDS=10 npm run bench     # longer runs
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { measureHomeLoad, type BundleFigure } from './bundle-size.ts';
import { GLIBC_TUNABLES } from '../src/server/infra/malloc-env.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const pgUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

interface Server {
  proc: ChildProcess;
  port: number;
  coldStartMs: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
}

async function startServer(databaseUrl: string | undefined, port: number): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl ?? '',
    // The load comes from one client: the global /api limit would measure itself.
    API_RATE_LIMIT: '1000000000',
    API_RATE_LIMIT_PER_IP: '1000000000',
  };
  const t0 = performance.now();
  const proc = spawn(process.execPath, ['src/server/main.ts'], {
    env: { GLIBC_TUNABLES, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) break;
    } catch {
      /* not yet */
    }
    if (proc.exitCode !== null) throw new Error('server exited');
    await new Promise((r) => setTimeout(r, 20));
  }
  return { proc, port, coldStartMs: performance.now() - t0, dataDir, env };
}

async function stop(s: Server) {
  s.proc.kill('SIGTERM');
  await new Promise((r) => s.proc.once('exit', r));
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

async function bearerFor(s: Server): Promise<string> {
  const email = `bench-${s.port}@example.com`;
  await new Promise<void>((resolve, reject) => {
    const p = spawn(
      process.execPath,
      [
        'src/server/admin/cli.ts',
        'create-user',
        email,
        '--name',
        'Bench',
        '--password',
        'bench pass 1',
        '--grant',
        'canadd',
      ],
      {
        env: s.env,
        stdio: 'ignore',
      },
    );
    p.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`admin exited ${code}`))));
  });
  const r = await fetch(`http://127.0.0.1:${s.port}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'SendToken', email, password: 'bench pass 1' }),
  });
  return ((await r.json()) as { token: string }).token;
}

async function load(port: number, token: string, body: object) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api`,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function benchDb(name: string, url: string | undefined, port: number) {
  let db = url;
  let dropDb: (() => Promise<void>) | null = null;
  if (url) {
    const dbName = `bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${dbName}`;
    db = u.toString();
    dropDb = async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${dbName} with (force)`);
      await a.end();
    };
  }
  const s = await startServer(db, port);
  try {
    await new Promise((r) => setTimeout(r, 1500));
    const idle = rssMiB(s.proc.pid!);
    const token = await bearerFor(s);
    await load(port, token, { action: 'GetFriends', lang: 'he' }); // warm-up
    const friends = await load(port, token, { action: 'GetFriends', lang: 'he' });
    const check = await load(port, token, { action: 'CheckToken', token });
    const bundle = name === 'PGlite' ? await measureHomeLoad(`http://127.0.0.1:${port}`) : null;
    return { name, coldStartMs: s.coldStartMs, idleRssMiB: idle, friends, check, bundle };
  } finally {
    await stop(s);
    await dropDb?.();
  }
}

const rows = [await benchDb('PGlite', undefined, 3301)];
if (await pgReachable()) rows.push(await benchDb('PostgreSQL', pgUrl, 3302));
else console.log(`(PostgreSQL at ${pgUrl} not reachable: skipped)`);

console.log(`\n${connections} connections, ${seconds} s per run, loopback, ${process.version}`);
console.log('database    action        req/s    p50 ms  p99 ms  errors');
for (const r of rows) {
  for (const [action, m] of [
    ['GetFriends', r.friends],
    ['CheckToken', r.check],
  ] as const) {
    console.log(
      `${r.name.padEnd(11)} ${action.padEnd(12)} ${m.rps.toFixed(0).padStart(6)}  ${String(m.p50).padStart(6)}  ${String(m.p99).padStart(6)}  ${m.errors}`,
    );
  }
}
console.log('\ndatabase    cold start to listening   idle RSS');
for (const r of rows)
  console.log(
    `${r.name.padEnd(11)} ${r.coldStartMs.toFixed(0).padStart(8)} ms               ${r.idleRssMiB.toFixed(0)} MiB`,
  );

const bundle: BundleFigure | null | undefined = rows[0]?.bundle;
if (bundle) {
  console.log(
    `\n/home loads (gzip -9, lazy chunks included): JS ${(bundle.js / 1024).toFixed(1)} KB + CSS ${(bundle.css / 1024).toFixed(1)} KB = ${((bundle.js + bundle.css) / 1024).toFixed(1)} KB (aim: at most 150 KB)`,
  );
  for (const f of bundle.files) console.log(`  ${f.file}  ${(f.gzip / 1024).toFixed(1)} KB`);
} else {
  console.log('\n(no dist/web: run `npm run build` for the bundle figure)');
}
