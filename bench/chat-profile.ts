/**
 * A CPU profile of the product's chat turns (issue 17), to see where the figures of
 * bench/chat.ts go: the real server on a fresh PostgreSQL database (or PGlite without
 * DATABASE_URL), the fake provider in its own process, warm turns first, then a V8 profile of
 * the measured turns only. Writes a .cpuprofile (open it in Chrome's DevTools) and prints the
 * heaviest functions and packages by self time.
 *
 *   DATABASE_URL=postgresql://… node bench/chat-profile.ts [turn|tokens|flat] [out.cpuprofile]
 *   turn    40 streamed turns of 2 tokens (BENCH_TURNS), one at a time (the cost before the call)
 *   tokens  40 streamed turns of 201 tokens, 20 at a time (the cost per streamed token)
 *   flat    200 non-streamed turns (BENCH_TURNS), 10 at a time
 *   sql     6 non-streamed turns one at a time, each followed by a second of quiet: lists the
 *           statements each sends after the model call (its answer, billing, analytics,
 *           push, jobs); the job queue's own polling is counted apart
 *   BENCH_NO_PROFILE=1  the same figures without the profiler (its sampling costs CPU too)
 *   BENCH_PAUSE_MS (300) 'turn': the pause after each turn (0: back to back, as before)
 *   BENCH_SQL_LIST=1    prints the SQL statements of the last measured turn before its call
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { load, script, start, turn } from './chat-client.ts';

const kind = process.argv[2] ?? 'turn';
const out = process.argv[3] ?? join(tmpdir(), `chat-${kind}.cpuprofile`);
const base = process.env.DATABASE_URL;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(sql);
  await c.end();
}

const provider = await start('./provider.ts', process.env);
const env: Record<string, string | undefined> = { ...process.env };
delete env.REDIS_URL;
let dbName: string | null = null;
if (base) {
  dbName = `bench_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${dbName}`);
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  env.DATABASE_URL = url.toString();
}
const dataDir = mkdtempSync(join(tmpdir(), 'sefer-profile-'));
const product = await start('./chat-server.ts', {
  ...env,
  BENCH_SQL: kind === 'sql' ? '1' : '',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  OPENAI_COMPATIBLE_BASE_URL: provider.ready.url as string,
  OPENAI_COMPATIBLE_MODELS: 'fake-model',
  API_RATE_LIMIT: '100000000',
  API_RATE_LIMIT_PER_IP: '100000000',
  FREE_CREDITS: '1000000000',
});
try {
  const { tokens } = await product.ask<{ tokens: string[] }>({ type: 'users', n: 20 }, 'users');
  const t = { name: 'product' as const, base: `http://127.0.0.1:${product.ready.port}`, tokens };
  const play = (i: number, w: number) =>
    kind === 'turn'
      ? turn(t, 0, `p ${i} ${script(2, 0, 0)}`, true)
      : kind === 'tokens'
        ? turn(
            t,
            w,
            `p ${i} ${script(Number(process.env.BENCH_TOKENS ?? 201), Number(process.env.BENCH_GAP ?? 0), 0)}`,
            true,
          )
        : turn(t, w, `p ${i} ${script(20, 0, 0)}`, false);
  const [count, conc] =
    kind === 'turn'
      ? [Number(process.env.BENCH_TURNS ?? 40), 1]
      : kind === 'tokens'
        ? [40, 20]
        : [Number(process.env.BENCH_TURNS ?? 200), 10];
  await load(60, conc, play); // warm: JIT, pools, caches
  if (kind === 'sql') {
    await sqlAfterTurns(t);
    process.exit(0);
  }
  await product.reset();
  const s0 = await product.stats();
  const profiling = !process.env.BENCH_NO_PROFILE;
  if (profiling) await product.ask({ type: 'profile-start' }, 'profile-started');
  // One turn at a time ('turn'): a reader's pause after each, so the window before each model
  // call holds that turn's work alone, not the previous turn's jobs (BENCH_PAUSE_MS, 300).
  const pause = kind === 'turn' ? Number(process.env.BENCH_PAUSE_MS ?? 300) : 0;
  const run = await load(count, conc, play, pause);
  if (profiling) await product.ask({ type: 'profile-stop', file: out }, 'profile-stopped');
  const s1 = await product.stats();
  const errors = run.results.filter((r) => !r.ok).length;
  console.log(
    `${kind}: ${count} turns, ${errors} errors, CPU ${((s1.cpuUs - s0.cpuUs) / 1000 / count).toFixed(2)} ms/turn` +
      (s1.beforeCalls
        ? `, before the call ${(s1.beforeCallUs / 1000 / s1.beforeCalls).toFixed(2)} ms` +
          ` (system ${(s1.beforeCallSysUs / 1000 / s1.beforeCalls).toFixed(2)} ms` +
          (process.env.BENCH_THREADS === '1'
            ? `, main thread ${(s1.beforeCallMainUs / 1000 / s1.beforeCalls).toFixed(2)} ms`
            : '') +
          ')' +
          (base ? `, ${(s1.beforeCallStatements / s1.beforeCalls).toFixed(1)} statements` : '')
        : ''),
  );
  if (process.env.BENCH_SQL_LIST && s1.lastStatements.length)
    console.log(`the last turn's statements before the call:\n  ${s1.lastStatements.join('\n  ')}`);
  if (profiling) {
    summarise(JSON.parse(readFileSync(out, 'utf8')) as Profile);
    console.log(`profile: ${out}`);
  }
} finally {
  await product.stop();
  await provider.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (dbName) await admin(`drop database if exists ${dbName} with (force)`);
}

/** The statements each of 6 turns sends after its model call (one turn at a time, then quiet). */
async function sqlAfterTurns(t: { name: 'product'; base: string; tokens: string[] }) {
  const counts: number[] = [];
  const queue = (s: string) => /pgboss|job_common|\bjob\b/i.test(s);
  let listed: string[] = [];
  for (let i = 0; i < 6; i++) {
    await product.ask({ type: 'sql-start' }, 'sql-started');
    const r = await turn(t, 0, `sql ${i} ${script(20, 0, 0)}`, false);
    if (!r.ok) throw new Error('turn failed');
    await new Promise((res) => setTimeout(res, 1000));
    const { log } = await product.ask<{ log: string[] }>({ type: 'sql-stop' }, 'sql-log');
    if (process.env.BENCH_SQL_DUMP)
      console.log(log.map((s) => `    ${s.slice(0, 140)}`).join('\n'));
    // A memory job (its own model call) may run in the window: only the turn's first call counts.
    const after = log.slice(log.indexOf('-- model call') + 1);
    const own = after.filter((s) => !queue(s) || /insert into .*job/i.test(s));
    counts.push(own.length);
    if (own.length > listed.length) listed = own;
    console.log(
      `turn ${i}: ${log.length} statements in all, ${own.length} after the model call` +
        ` (+${after.length - own.length} job-queue polling)`,
    );
  }
  console.log(`after the model call, per turn: ${counts.join(' ')}; the longest:`);
  for (const s of listed) console.log(`  ${s.slice(0, 160)}`);
  await product.stop();
  await provider.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (dbName) await admin(`drop database if exists ${dbName} with (force)`);
}

interface Profile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

function summarise(p: Profile) {
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFn = new Map<string, number>();
  const byPkg = new Map<string, number>();
  for (const n of p.nodes) {
    const us = self.get(n.id) ?? 0;
    if (!us) continue;
    const { functionName, url, lineNumber } = n.callFrame;
    const file = url.replace(/^.*\/(node_modules\/)/, '$1').replace(/^file:\/\/.*\/src\//, 'src/');
    byFn.set(
      `${functionName || '(anon)'} ${file}:${lineNumber + 1}`,
      (byFn.get(`${functionName || '(anon)'} ${file}:${lineNumber + 1}`) ?? 0) + us,
    );
    const pkg =
      /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      (url.startsWith('node:')
        ? url
        : url.includes('/src/')
          ? 'src/' + (/\/src\/([^/]+\/[^/]+)/.exec(url)?.[1] ?? '')
          : functionName.startsWith('(')
            ? functionName
            : 'other');
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${((v / total) * 100).toFixed(1).padStart(5)} %  ${k}`)
      .join('\n');
  console.log(`sampled ${(total / 1000).toFixed(0)} ms\nby package:\n${top(byPkg, 25)}`);
  console.log(`by function:\n${top(byFn, 40)}`);
}
