/**
 * Operations figures: what the home page costs over the wire (with the server's compression,
 * and what the same responses weigh decoded), how many requests it makes until the network
 * is idle, cold start to /api/ready, idle RSS of one instance on PGlite and on PostgreSQL,
 * and how long SIGTERM takes with nothing running. Prints; asserts nothing. Loopback only.
 *
 *   npm run build && npm run bench:ops
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import pg from 'pg';
import { GLIBC_TUNABLES } from '../src/server/infra/malloc-env.ts';

const pgUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Instance {
  proc: ChildProcess;
  url: string;
  readyMs: number;
  cleanup(): Promise<void>;
}

async function start(kind: 'pglite' | 'postgres', port: number): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-ops-'));
  let databaseUrl = '';
  let dbName = '';
  if (kind === 'postgres') {
    dbName = `bench_ops_${process.pid}`;
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
    const u = new URL(pgUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const t0 = performance.now();
  const proc = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      GLIBC_TUNABLES,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    const ok = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (proc.exitCode !== null) throw new Error('server exited');
    await sleep(20);
  }
  return {
    proc,
    url,
    readyMs: performance.now() - t0,
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
      if (!dbName) return;
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    },
  };
}

/** SIGTERM with nothing running: time until the process is gone. */
async function stop(i: Instance): Promise<number> {
  const t0 = performance.now();
  i.proc.kill('SIGTERM');
  await new Promise((r) => i.proc.once('exit', r));
  return performance.now() - t0;
}

const rssMiB = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;

/** Opens /home in a fresh Chromium and adds up every response until the network is idle. */
async function homePage(url: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ locale: 'he-IL' });
    const responses: Promise<{ wire: number; decoded: number; encoding: string }>[] = [];
    page.on('requestfinished', (req) => {
      responses.push(
        (async () => {
          const sizes = await req.sizes();
          const res = await req.response();
          const body = res ? await res.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
          return {
            wire: sizes.responseHeadersSize + sizes.responseBodySize,
            decoded: sizes.responseHeadersSize + body.length,
            encoding: (await res?.headerValue('content-encoding')) ?? 'none',
          };
        })(),
      );
    });
    await page.goto(`${url}/home`, { waitUntil: 'networkidle' });
    const all = await Promise.all(responses);
    const sum = (k: 'wire' | 'decoded') => all.reduce((a, r) => a + r[k], 0);
    return {
      requests: all.length,
      wireKiB: sum('wire') / 1024,
      decodedKiB: sum('decoded') / 1024,
      compressed: all.filter((r) => r.encoding !== 'none').length,
    };
  } finally {
    await browser.close();
  }
}

if (!existsSync('dist/web/index.html')) {
  console.error('Build the web client first: npm run build');
  process.exit(1);
}
const pgReachable = await new pg.Client({ connectionString: pgUrl })
  .connect()
  .then((c) => c.end().then(() => true))
  .catch(() => false);

const base = 3400 + (process.pid % 500);
for (const kind of ['pglite', 'postgres'] as const) {
  if (kind === 'postgres' && !pgReachable) {
    console.log('postgres: not reachable, skipped');
    continue;
  }
  const i = await start(kind, kind === 'pglite' ? base : base + 1);
  try {
    if (kind === 'pglite') {
      const home = await homePage(i.url);
      console.log(
        `home page: ${home.requests} requests until idle, ${home.wireKiB.toFixed(1)} KiB over the wire ` +
          `(${home.compressed} compressed), ${home.decodedKiB.toFixed(1)} KiB decoded`,
      );
    }
    // Let start-up garbage settle before reading the idle figure.
    await sleep(3000);
    const rss = rssMiB(i.proc.pid!);
    const stopMs = await stop(i);
    console.log(
      `${kind.padEnd(8)} cold start to ready ${i.readyMs.toFixed(0)} ms, idle RSS ${rss.toFixed(0)} MiB, SIGTERM to exit ${stopMs.toFixed(0)} ms`,
    );
  } finally {
    if (i.proc.exitCode === null) await stop(i);
    await i.cleanup();
  }
}
