import { createRequire } from 'node:module';
import type * as Ffi from 'ffi-rs';
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
 * Then, on Linux with glibc, malloc_trim(0). Memory outside V8's heap (socket buffers, the
 * Buffers of each read, parsers) comes from glibc's malloc, whose free() gives pages back only
 * from the top of an arena: after a burst of 500 streams, ~20 MB of freed holes stayed
 * resident for good (+13–18 % of the idle RSS a minute later, issue 17). malloc_trim gives
 * every free page of every arena back. Node has no binding for it, so it is called through
 * ffi-rs (a prebuilt N-API module); where that or glibc is missing, this step is skipped.
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

/** ffi-rs with glibc's libc.so.6 opened, or null (not Linux with glibc, or no ffi-rs). */
let libc: typeof Ffi | null | undefined;
function glibc(): typeof Ffi | null {
  if (libc !== undefined) return libc;
  libc = null;
  if (process.platform !== 'linux') return null;
  try {
    const ffi = createRequire(import.meta.url)('ffi-rs') as typeof Ffi;
    // Fails on musl (no libc.so.6), and so leaves the native steps out.
    ffi.open({ library: 'libc', path: 'libc.so.6' });
    libc = ffi;
  } catch {
    libc = null;
  }
  return libc;
}

/** glibc's malloc_trim(0), or null where it cannot be called (not Linux with glibc). */
let mallocTrim: (() => void) | null | undefined;
export function nativeTrim(): (() => void) | null {
  if (mallocTrim !== undefined) return mallocTrim;
  mallocTrim = null;
  const ffi = glibc();
  if (!ffi) return null;
  try {
    const call = {
      library: 'libc',
      funcName: 'malloc_trim',
      retType: ffi.DataType.I32,
      paramsType: [ffi.DataType.I64],
      paramsValue: [0],
    };
    ffi.load(call);
    mallocTrim = () => void ffi.load(call);
  } catch {
    mallocTrim = null;
  }
  return mallocTrim;
}

/** mallopt's parameters (malloc.h). */
const M_TRIM_THRESHOLD = -1;
const M_MMAP_THRESHOLD = -3;
/** Both thresholds, fixed: a free top above it is given back; a block this big is mapped. */
const MALLOC_THRESHOLD = 1024 * 1024;

/**
 * Fixes glibc's two malloc thresholds (glibc only; false elsewhere). Call it first thing.
 *
 * glibc raises them as a program goes: each mapped block freed lifts the mmap threshold to
 * its size (up to 32 MiB) and the trim threshold to twice that. The embedded database's
 * start frees blocks that big (its WASM modules compiled, initdb), so from then on every
 * arena kept up to 64 MiB of free memory at its top, and the V8 worker threads' arenas
 * (compilation, collection) each held ~35 MiB of which under 1 was in use. malloc_trim
 * does not reach a thread arena's top. Fixed thresholds turn the raising off: a free top
 * over 1 MiB goes back at once, and a block of 1 MiB or more is mapped and unmapped on its
 * own. A new PGlite data folder's idle RSS went from 304–353 to ~215 MiB.
 */
export function tuneMalloc(): boolean {
  const ffi = glibc();
  if (!ffi) return false;
  const set = (param: number) =>
    ffi.load({
      library: 'libc',
      funcName: 'mallopt',
      retType: ffi.DataType.I32,
      paramsType: [ffi.DataType.I32, ffi.DataType.I32],
      paramsValue: [param, MALLOC_THRESHOLD],
    }) === 1;
  try {
    return set(M_TRIM_THRESHOLD) && set(M_MMAP_THRESHOLD);
  } catch {
    return false;
  }
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
    nativeTrim()?.();
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
