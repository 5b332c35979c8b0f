import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Gives the memory a burst left behind back to the system once the process is quiet.
 *
 * V8 keeps the pages a garbage collection frees in a pool for its next allocations, and only
 * a memory-reducing collection returns them. Its own memory reducer, which should run one when
 * a process goes idle, never does here (its trace says "high alloc" every 8 s even in a process
 * that allocates nothing once a large start-up is over), so the pages of the start-up peak stay
 * resident for good: loading the server's modules allocates ~270 MB (Node copies and parses
 * drizzle-orm's 179 kB package.json for each of its modules it resolves), of which ~170 MB stay
 * pooled, half the idle RSS. The same holds after a burst of streams.
 *
 * So this asks for that collection itself: once after the start, and then whenever the process
 * has been quiet for a whole check (under 2 % of a core) and its RSS has grown by a tenth since
 * the last one. The collection is a full stop-the-world one (~0.1–0.5 s): only ever on a quiet
 * process. Nothing here caps the heap; a busy process is left alone.
 *
 * glibc's malloc, which holds what lives outside V8's heap, is tuned by environment where the
 * server is started (GLIBC_TUNABLES in the Containerfile and the npm scripts; see
 * malloc-env.test.ts): with both thresholds fixed at 1 MiB a freed top goes back at once.
 */
export interface MemoryTrim {
  /** Collects now (after start-up; tests). Returns the RSS before and after, in bytes. */
  trim(): { before: number; after: number };
  stop(): void;
}

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let gcFn: Gc | null = null;
function reducingGc(): Gc {
  if (gcFn) return gcFn;
  // The documented way to reach V8's gc() without starting node with --expose-gc (Jest's
  // --logHeapUsage does the same): the flag makes new contexts carry it.
  setFlagsFromString('--expose-gc');
  gcFn = runInNewContext('gc') as Gc;
  return gcFn;
}

export function startMemoryTrim(
  opts: {
    checkMs?: number;
    /** Quiet: CPU time under this share of the check's wall time. */
    quietShare?: number;
    /** Told after each collection (MiB before and after). */
    onTrim?: (before: number, after: number) => void;
  } = {},
): MemoryTrim {
  const checkMs = opts.checkMs ?? 10_000;
  const quietShare = opts.quietShare ?? 0.02;
  let lastRss = 0;
  let lastCpu = process.cpuUsage();
  const trim = () => {
    const before = process.memoryUsage.rss();
    reducingGc()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    const after = process.memoryUsage.rss();
    lastRss = after;
    lastCpu = process.cpuUsage();
    opts.onTrim?.(before, after);
    return { before, after };
  };
  const timer = setInterval(() => {
    const cpu = process.cpuUsage(lastCpu);
    lastCpu = process.cpuUsage();
    const quiet = (cpu.user + cpu.system) / 1000 < checkMs * quietShare;
    if (quiet && process.memoryUsage.rss() > lastRss * 1.1) trim();
  }, checkMs);
  timer.unref();
  return { trim, stop: () => clearInterval(timer) };
}
