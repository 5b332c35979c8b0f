/**
 * What a benchmarked server process reports about itself over IPC (bench/chat.ts forks it):
 * its own CPU time (process.cpuUsage, not wall clock), its resident memory with the peak
 * since the last reset, and the CPU it spent on each request before its first outgoing
 * HTTP call (the model call), measured between two diagnostics channels. That last figure
 * only means something while one request runs at a time.
 */
import { subscribe } from 'node:diagnostics_channel';
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import pg from 'pg';

export interface ProbeStats {
  /** CPU microseconds, user + system, since the process started. */
  cpuUs: number;
  /** The system (kernel) part of cpuUs. */
  sysUs: number;
  rss: number;
  peakRss: number;
  /** V8's heap in use and memory outside it (buffers), as process.memoryUsage() tells. */
  heapUsed: number;
  /** V8's heap as reserved (used and free pages). */
  heapTotal: number;
  /** Of rss, the pages that are no file's (heap, buffers, stacks), from /proc/self/smaps_rollup. */
  anonRss: number;
  external: number;
  /** Sum and count of the CPU from a request's arrival to its first outgoing call. */
  beforeCallUs: number;
  /** The system (kernel) part of beforeCallUs. */
  beforeCallSysUs: number;
  /** With BENCH_THREADS=1: the main (JavaScript) thread's part of beforeCallUs. */
  beforeCallMainUs: number;
  beforeCalls: number;
  /** Each span's CPU (µs), in order: its median is steadier than the mean, which a few
   * spans with a JIT compile or a garbage collection in them move. */
  beforeCallEach: number[];
  /** Sum of the wall time (ms) over the same spans: with one turn at a time, what the
   * product adds to the first token before the model is asked. */
  beforeCallMs: number;
  /** SQL statements sent on PostgreSQL in those same windows (summed), and the last window's. */
  beforeCallStatements: number;
  lastStatements: string[];
}

export type ProbeMessage =
  | { type: 'stats' }
  | { type: 'reset' }
  /** A V8 CPU profile of what runs between the two messages (bench/chat-profile.ts). */
  | { type: 'profile-start' }
  | { type: 'profile-stop'; file: string };

export function startProbe() {
  let peak = process.memoryUsage.rss();
  let beforeCallSysUs = 0;
  let arrivedSys = 0;
  let beforeCallMainUs = 0;
  let arrivedMain = 0;
  // The main thread's time on a CPU, in µs (its schedstat counts nanoseconds; the thread id of
  // the main thread is the process id). Read only with BENCH_THREADS=1: the read costs CPU too.
  const threads = process.env.BENCH_THREADS === '1';
  const mainNow = () =>
    Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1000;
  let beforeCallEach: number[] = [];
  let arrived: number | null = null;
  let arrivedAt = 0;
  let beforeCallMs = 0;
  let statements: string[] = [];
  let beforeCallStatements = 0;
  let lastStatements: string[] = [];
  // The before-call spans on the profiler's clock (µs of CLOCK_MONOTONIC, as V8 stamps samples).
  let windows: [number, number][] = [];
  let arrivedHr = 0;
  const hrUs = () => Number(process.hrtime.bigint() / 1000n);
  // Every statement the pg driver sends goes through Client#query (the pool's too).
  const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
    if (arrived !== null) {
      const q = a[0] as string | { text?: string };
      statements.push(
        (typeof q === 'string' ? q : (q.text ?? '?')).replace(/\s+/g, ' ').slice(0, 2000),
      );
    }
    return query.apply(this, a);
  } as typeof pg.Client.prototype.query;
  subscribe('http.server.request.start', () => {
    const u = process.cpuUsage();
    arrived = u.user + u.system;
    arrivedSys = u.system;
    if (threads) arrivedMain = mainNow();
    arrivedAt = performance.now();
    arrivedHr = hrUs();
    statements = [];
  });
  // undici announces each request it creates (Node's fetch, and the npm undici the product's
  // lean request uses publish on the same channel): the model call.
  subscribe('undici:request:create', () => {
    if (arrived === null) return;
    const u = process.cpuUsage();
    beforeCallEach.push(u.user + u.system - arrived);
    beforeCallSysUs += u.system - arrivedSys;
    if (threads) beforeCallMainUs += mainNow() - arrivedMain;
    beforeCallMs += performance.now() - arrivedAt;
    if (inspector) windows.push([arrivedHr, hrUs()]);
    beforeCallStatements += statements.length;
    lastStatements = statements;
    arrived = null;
  });
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 250);
  sampler.unref();
  let inspector: Session | null = null;
  process.on('message', (m: ProbeMessage) => {
    if (m.type === 'profile-start') {
      void (async () => {
        inspector = new Session();
        inspector.connect();
        await inspector.post('Profiler.enable');
        await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
        await inspector.post('Profiler.start');
        process.send!({ type: 'profile-started' });
      })();
    }
    if (m.type === 'profile-stop' && inspector) {
      const session = inspector;
      void (async () => {
        const { profile } = await session.post('Profiler.stop');
        writeFileSync(m.file, JSON.stringify({ ...profile, beforeCallWindows: windows }));
        windows = [];
        session.disconnect();
        process.send!({ type: 'profile-stopped' });
      })();
    }
    if (m.type === 'reset') {
      peak = process.memoryUsage.rss();
      beforeCallSysUs = 0;
      beforeCallMainUs = 0;
      beforeCallMs = 0;
      beforeCallEach = [];
      beforeCallStatements = 0;
      process.send!({ type: 'reset-done' });
    }
    if (m.type === 'stats') {
      const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
      const anonKb = /^Anonymous:\s+(\d+) kB/m.exec(
        readFileSync('/proc/self/smaps_rollup', 'utf8'),
      );
      peak = Math.max(peak, rss);
      const { user, system } = process.cpuUsage();
      const stats: ProbeStats = {
        cpuUs: user + system,
        sysUs: system,
        rss,
        peakRss: peak,
        heapUsed,
        heapTotal,
        anonRss: anonKb ? Number(anonKb[1]) * 1024 : rss,
        external,
        beforeCallUs: beforeCallEach.reduce((a, b) => a + b, 0),
        beforeCallSysUs,
        beforeCallMainUs,
        beforeCalls: beforeCallEach.length,
        beforeCallEach,
        beforeCallMs,
        beforeCallStatements,
        lastStatements,
      };
      process.send!({ type: 'stats', stats });
    }
  });
}
