/**
 * Server cost of a chat turn (issue 17): the product against a plain pass-through relay of
 * the same fake provider stream (bench/relay.ts, the floor), measured in the same run, on
 * PostgreSQL. Each server runs in a process of its own and reports its own CPU time and
 * memory (bench/probe.ts); the provider runs in a third (bench/provider.ts).
 * Prints each goal figure of the issue as product ÷ relay; asserts nothing. Beside the
 * non-streamed rate it gives what a turn cost PostgreSQL's own processes and the whole
 * machine (bench/pg-cpu.ts, read from /proc when the database runs here): on two cores the
 * rate is bound by all of it, not by the server's process alone.
 *
 *   DATABASE_URL=postgresql://… npm run bench:chat
 *   BENCH_STREAMS (500)        concurrent ten-second streams
 *   BENCH_REPEATS (1)          whole runs; the table gives the median and the range
 *   BENCH_SETTLE_SECONDS (60)  the wait after the streams before memory is read again
 *   CHAT_BENCH=prompt          the prompt-size figures instead (bench/chat-prompt.ts)
 *   BENCH_ONLY=ttft,tokens,flat,streams   only these parts (a quicker look at one figure)
 *   BENCH_PAUSE_MS (300)       pause after each turn of the one-chat figures (0: back to back)
 *   BENCH_EACH=1               prints each one-chat turn's CPU before its model call
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { load, median, script, start, turn, type Child, type Target } from './chat-client.ts';
import { machineCpuUs, postgresCpuUs } from './pg-cpu.ts';

if (process.env.CHAT_BENCH === 'prompt') {
  await import('./chat-prompt.ts');
  process.exit(0);
}

const base = process.env.DATABASE_URL;
if (!base) {
  console.error('bench:chat measures PostgreSQL mode: set DATABASE_URL');
  process.exit(2);
}
const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 1);
const SETTLE_S = Number(process.env.BENCH_SETTLE_SECONDS ?? 60);
const MiB = 1024 * 1024;
const PROVIDER_TTFT = 200;
/** BENCH_PAUSE_MS (300): the reader's pause between the turns of the one-chat figures. */
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 300);
const ONLY = process.env.BENCH_ONLY?.split(',');
const want = (part: string) => !ONLY || ONLY.includes(part);

type Figures = Record<string, number>;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(sql);
  await c.end();
}

/** Everything the goal lists, for one server. */
async function measure(t: Target, server: Child): Promise<Figures> {
  const f: Figures = {};
  const say = (s: string) => console.log(`  [${t.name}] ${s}`);
  await load(10, 1, (i) => turn(t, 0, `warm ${i} ${script(20, 0, 0)}`, true));
  const idle = await server.stats();
  f.idleRss = idle.rss / MiB;
  const mem = (s: typeof idle) =>
    `RSS ${(s.rss / MiB).toFixed(0)} MiB (${(s.anonRss / MiB).toFixed(0)} anonymous; V8 heap ${(s.heapUsed / MiB).toFixed(0)} used of ${(s.heapTotal / MiB).toFixed(0)}, outside it ${(s.external / MiB).toFixed(0)})`;
  say(`idle: ${mem(idle)}`);

  // Added time to first token, one chat; the CPU before the model call (one turn at a time).
  if (want('ttft')) await ttft();
  async function ttft() {
    await server.reset();
    const s0 = await server.stats();
    // One chat: a reader's pause after each answer, so each turn's window holds that turn
    // alone (the previous turn's billing, analytics and memory work done by then).
    const one = await load(
      30,
      1,
      (i) => turn(t, 0, `one ${i} ${script(20, 2, PROVIDER_TTFT)}`, true),
      PAUSE_MS,
    );
    const s1 = await server.stats();
    f.ttft1 = median(one.results.map((r) => r.ttft)) - PROVIDER_TTFT;
    f.turnCpuMs = (s1.cpuUs - s0.cpuUs) / 1000 / 30;
    f.beforeCallCpuMs = s1.beforeCalls ? s1.beforeCallUs / 1000 / s1.beforeCalls : NaN;
    f.beforeCallCpuMedMs = median(s1.beforeCallEach) / 1000;
    if (process.env.BENCH_EACH)
      say(`each: ${s1.beforeCallEach.map((u) => (u / 1000).toFixed(1)).join(' ')}`);
    // Of the added time to the first token, the part before the model call (the rest is
    // from the provider's first byte to the client's).
    f.beforeCallWallMs = s1.beforeCalls ? s1.beforeCallMs / s1.beforeCalls : NaN;
    say(
      `1 chat: +${f.ttft1.toFixed(1)} ms to first token (${f.beforeCallWallMs.toFixed(1)} ms of it before the model call), ${f.beforeCallCpuMs.toFixed(2)} ms CPU before the call (median ${f.beforeCallCpuMedMs.toFixed(2)})`,
    );

    // 20 chats at once.
    const twenty = await load(60, 20, (i, w) =>
      turn(t, w, `twenty ${i} ${script(20, 2, PROVIDER_TTFT)}`, true),
    );
    f.ttft20 = median(twenty.results.map((r) => r.ttft)) - PROVIDER_TTFT;
    // The 60 above start together, so a third of them are one burst of 20 at once. The same 20
    // chats going on past their first round, when their turns no longer arrive together:
    // 200 turns, the first 20 left out.
    const steady = await load(200, 20, (i, w) =>
      turn(t, w, `steady ${i} ${script(20, 2, PROVIDER_TTFT)}`, true),
    );
    f.ttft20Steady = median(steady.results.slice(20).map((r) => r.ttft)) - PROVIDER_TTFT;
    say(
      `20 chats: +${f.ttft20.toFixed(1)} ms to first token; past their first round +${f.ttft20Steady.toFixed(1)} ms`,
    );
  }

  // CPU per streamed token: the same turns with 1 and with 201 tokens; the slope.
  const cpuOf = async (tokens: number) => {
    const a = await server.stats();
    await load(40, 20, (i, w) => turn(t, w, `tok ${i} ${script(tokens, 20, 0)}`, true));
    const b = await server.stats();
    return { cpu: b.cpuUs - a.cpuUs, sys: b.sysUs - a.sysUs };
  };
  if (want('tokens')) await tokens();
  async function tokens() {
    const small = await cpuOf(1);
    const big = await cpuOf(201);
    f.tokenCpuUs = (big.cpu - small.cpu) / (40 * 200);
    f.tokenSysUs = (big.sys - small.sys) / (40 * 200);
    say(
      `CPU per streamed token ${f.tokenCpuUs.toFixed(1)} µs (system ${f.tokenSysUs.toFixed(1)} µs)`,
    );
  }

  // Non-streamed turns per second, provider 0 ms.
  if (want('flat')) await flat();
  async function flat() {
    const a = await server.stats();
    const [pg0, m0] = [postgresCpuUs(), machineCpuUs()];
    const flat = await load(300, 10, (i, w) => turn(t, w, `flat ${i} ${script(20, 0, 0)}`, false));
    const [pg1, m1] = [postgresCpuUs(), machineCpuUs()];
    const b = await server.stats();
    f.turnsPerS = (flat.results.filter((r) => r.ok).length / flat.ms) * 1000;
    f.flatErrors = flat.results.filter((r) => !r.ok).length;
    // Its own CPU a turn, and the share of the run's wall time it kept a core busy: a server
    // far from a whole core is held back by waiting (its round trips), not by its CPU.
    f.flatCpuMs = (b.cpuUs - a.cpuUs) / 1000 / 300;
    say(
      `non-streamed: ${f.turnsPerS.toFixed(1)} turns/s, CPU ${f.flatCpuMs.toFixed(2)} ms a turn, ` +
        `${(((b.cpuUs - a.cpuUs) / 1000 / flat.ms) * 100).toFixed(0)} % of a core`,
    );
    // What else each turn cost this machine: PostgreSQL's processes (when it runs here), and
    // every process together (the provider and this client too, the same for both servers).
    if (pg0 !== null && pg1 !== null) f.flatPgCpuMs = (pg1 - pg0) / 1000 / 300;
    if (m0 !== null && m1 !== null) f.flatMachineCpuMs = (m1 - m0) / 1000 / 300;
    say(
      `  a turn also cost PostgreSQL ${f.flatPgCpuMs?.toFixed(2) ?? '?'} ms of CPU; the machine, ` +
        `all processes, ${f.flatMachineCpuMs?.toFixed(2) ?? '?'} ms`,
    );
  }

  // N concurrent ten-second streams.
  if (!want('streams')) return f;
  await server.reset();
  const s0 = await server.stats();
  const many = await load(STREAMS, STREAMS, (i) =>
    turn(t, 100 + i, `many ${i} ${script(200, 50, PROVIDER_TTFT)}`, true),
  );
  const s1 = await server.stats();
  f.streamsS = many.ms / 1000;
  f.streamErrors = many.results.filter((r) => !r.ok).length;
  f.peakRss = s1.peakRss / MiB;
  f.streamsCpuS = (s1.cpuUs - s0.cpuUs) / 1e6;
  say(`${STREAMS} streams: ${f.streamsS.toFixed(1)} s, ${f.streamErrors} errors`);

  await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
  const settled = await server.stats();
  f.settledRss = settled.rss / MiB;
  say(`${SETTLE_S} s after the streams: ${mem(settled)}`);
  return f;
}

async function runOnce(providerUrl: string): Promise<{ product: Figures; relay: Figures }> {
  const relay = await start('./relay.ts', { ...process.env, RELAY_PROVIDER_URL: providerUrl });
  const relayFigures = await measure(
    { name: 'relay', base: `http://127.0.0.1:${relay.ready.port}`, tokens: [] },
    relay,
  );
  await relay.stop();

  const name = `bench_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(base!);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'sefer-bench-'));
  const env = { ...process.env };
  delete env.REDIS_URL; // PostgreSQL mode: events over LISTEN/NOTIFY, limits in a table
  const product = await start('./chat-server.ts', {
    ...env,
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    OPENAI_COMPATIBLE_BASE_URL: providerUrl,
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
    const figures = await measure(
      { name: 'product', base: `http://127.0.0.1:${product.ready.port}`, tokens },
      product,
    );
    return { product: figures, relay: relayFigures };
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await admin(`drop database if exists ${name} with (force)`);
  }
}

const provider = await start('./provider.ts', process.env);
const runs: { product: Figures; relay: Figures }[] = [];
for (let r = 0; r < REPEATS; r++) {
  console.log(`\nrun ${r + 1} of ${REPEATS}`);
  runs.push(await runOnce(provider.ready.url as string));
}
await provider.stop();

const rows: [string, string, string, (f: Figures) => number][] = [
  ['added time to first token, 1 chat (ms)', '≤ 2×', 'ttft1', (f) => f.ttft1!],
  ['  of which before the model call (ms)', '', 'beforeCallWallMs', (f) => f.beforeCallWallMs!],
  ['added time to first token, 20 chats (ms)', '≤ 2×', 'ttft20', (f) => f.ttft20!],
  ['  past their first round (ms)', '', 'ttft20Steady', (f) => f.ttft20Steady!],
  ['CPU per streamed token (µs)', '≤ 1.5×', 'tokenCpuUs', (f) => f.tokenCpuUs!],
  [
    'CPU before the model call, per turn (ms)',
    '≤ 3 ms',
    'beforeCallCpuMs',
    (f) => f.beforeCallCpuMs!,
  ],
  ['  the median turn (ms)', '', 'beforeCallCpuMedMs', (f) => f.beforeCallCpuMedMs!],
  ['CPU per whole turn, 20 tokens (ms)', '', 'turnCpuMs', (f) => f.turnCpuMs!],
  [
    `${STREAMS} concurrent 10 s streams: time to finish (s)`,
    '≤ 1.3×',
    'streamsS',
    (f) => f.streamsS!,
  ],
  [`${STREAMS} streams: errors`, '0', 'streamErrors', (f) => f.streamErrors!],
  [`${STREAMS} streams: server CPU (s)`, '', 'streamsCpuS', (f) => f.streamsCpuS!],
  ['non-streamed turns per second', '≥ 0.5×', 'turnsPerS', (f) => f.turnsPerS!],
  ['  CPU per non-streamed turn (ms)', '', 'flatCpuMs', (f) => f.flatCpuMs!],
  ['  PostgreSQL CPU per non-streamed turn (ms)', '', 'flatPgCpuMs', (f) => f.flatPgCpuMs!],
  ['  machine CPU per non-streamed turn (ms)', '', 'flatMachineCpuMs', (f) => f.flatMachineCpuMs!],
  ['idle RSS (MiB)', '≤ 200 MiB', 'idleRss', (f) => f.idleRss!],
  [`peak RSS at ${STREAMS} streams (MiB)`, '', 'peakRss', (f) => f.peakRss!],
  [`RSS ${SETTLE_S} s after the streams (MiB)`, '≤ idle +10 %', 'settledRss', (f) => f.settledRss!],
];
const fmt = (x: number) =>
  Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(Math.abs(x) >= 10 ? 1 : 2);
const range = (xs: number[]) =>
  xs.length > 1 ? ` (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})` : '';
console.log(
  `\nproduct ÷ relay on PostgreSQL, ${STREAMS} streams, ${REPEATS} run(s); median (range). load: ${(
    await import('node:os')
  )
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `${'figure'.padEnd(48)} ${'product'.padStart(10)} ${'relay'.padStart(10)} ${'÷'.padStart(14)}  goal`,
);
for (const [label, goal, key, get] of rows) {
  // A part BENCH_ONLY left out has no figure.
  if (runs.some((r) => r.product[key] === undefined)) continue;
  const p = runs.map((r) => get(r.product));
  const q = runs.map((r) => get(r.relay));
  const ratios = runs.map((r) => get(r.product) / get(r.relay));
  const ratio = Number.isFinite(median(ratios)) ? `${fmt(median(ratios))}×${range(ratios)}` : '–';
  console.log(
    `${label.padEnd(48)} ${fmt(median(p)).padStart(10)} ${fmt(median(q)).padStart(10)} ${ratio.padStart(14)}  ${goal}`,
  );
}
process.exit(0);
