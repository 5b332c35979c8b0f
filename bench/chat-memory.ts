/**
 * Memory of the product around bursts of streams (issue 17): RSS, V8 heap in use and memory
 * outside the heap of bench/chat-server.ts on PostgreSQL, at idle, then every 10 s after
 * each of BENCH_BATCHES bursts of BENCH_STREAMS concurrent ten-second streams. A figure that
 * climbs from batch to batch is something kept per stream; one back near idle is memory given
 * back (infra/memory-trim.ts). Asserts nothing.
 *
 *   DATABASE_URL=postgresql://… node bench/chat-memory.ts
 *   BENCH_STREAMS (500)  BENCH_BATCHES (2)  BENCH_SETTLE_SECONDS (70)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { load, script, start, turn } from './chat-client.ts';

const base = process.env.DATABASE_URL;
if (!base) {
  console.error('set DATABASE_URL');
  process.exit(2);
}
const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 2);
const SETTLE_S = Number(process.env.BENCH_SETTLE_SECONDS ?? 70);
const MiB = 2 ** 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(sql);
  await c.end();
}

const provider = await start('./provider.ts', process.env);
const name = `bench_${randomBytes(5).toString('hex')}`;
await admin(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), 'sefer-bench-'));
const env = { ...process.env };
delete env.REDIS_URL;
const product = await start('./chat-server.ts', {
  ...env,
  DATABASE_URL: url.toString(),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'error',
  OPENAI_COMPATIBLE_BASE_URL: provider.ready.url as string,
  OPENAI_COMPATIBLE_MODELS: 'fake-model',
  API_RATE_LIMIT: '100000000',
  API_RATE_LIMIT_PER_IP: '100000000',
  FREE_CREDITS: '1000000000',
});
try {
  const { tokens } = await product.ask<{ tokens: string[] }>(
    { type: 'users', n: Math.max(20, Math.ceil(STREAMS / 10)) },
    'users',
  );
  const t = { name: 'product' as const, base: `http://127.0.0.1:${product.ready.port}`, tokens };
  const say = async (label: string) => {
    const s = await product.stats();
    const f = (b: number) => (b / MiB).toFixed(0).padStart(4);
    console.log(
      `${label.padEnd(22)} rss ${f(s.rss)}  heap ${f(s.heapUsed)}  external ${f(s.external)} MiB   load ${loadavg()[0]!.toFixed(1)}`,
    );
  };
  await load(10, 1, (i) => turn(t, 0, `warm ${i} ${script(20, 0, 0)}`, true));
  await say('idle, after 10 turns');
  await sleep(15_000);
  await say('idle, 15 s later');
  for (let b = 1; b <= BATCHES; b++) {
    await product.reset();
    const many = await load(STREAMS, STREAMS, (i) =>
      turn(t, 100 + i, `many ${b} ${i} ${script(200, 50, 200)}`, true),
    );
    const errors = many.results.filter((r) => !r.ok).length;
    const peak = (await product.stats()).peakRss / MiB;
    console.log(
      `batch ${b}: ${STREAMS} streams in ${(many.ms / 1000).toFixed(1)} s, ${errors} errors, peak RSS ${peak.toFixed(0)} MiB`,
    );
    for (let s = 10; s <= SETTLE_S; s += 10) {
      await sleep(10_000);
      await say(`batch ${b} +${s} s`);
    }
  }
} finally {
  await product.stop();
  await provider.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await admin(`drop database if exists ${name} with (force)`);
}
process.exit(0);
