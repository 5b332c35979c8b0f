import { Piscina } from 'piscina';
import type { Config } from '../config.ts';
import type { ExtractResult, ExtractTask } from './extract-worker.ts';
import { ExtractError } from './extract-error.ts';
import type { Extracted, ExtractLimits, FileKind } from './extract.ts';

/** Text extraction of uploads, off the request thread. */
export interface Extractor {
  /**
   * The file's text (with the chapters, language and direction an EPUB names), or an
   * ExtractError: `busy` when the queue (or this owner's share of it) is full, `timeout` when
   * it took longer than the time limit. `owner` is whose upload it is: the workers are shared
   * between owners in turn.
   */
  extract(kind: FileKind, data: Buffer, owner?: string): Promise<Extracted>;
  close(): Promise<void>;
}

/** Starts a timer that calls `fire` after `ms`; answers a function that cancels it. */
export type StartTimer = (ms: number, fire: () => void) => () => void;

const realTimer: StartTimer = (ms, fire) => {
  const t = setTimeout(fire, ms);
  return () => clearTimeout(t);
};

export interface ExtractorOptions {
  /** Worker threads at most (started on demand, stopped after a minute idle). */
  workers: number;
  /** Files that may wait for a worker; one more is refused as `busy`. */
  maxQueue: number;
  limits: ExtractLimits;
  /** One file's extraction at most, from the moment a worker takes it. */
  timeLimitMs: number;
  /** Tests: a timer that fires when told. */
  timer?: StartTimer;
}

interface Job {
  task: ExtractTask;
  resolve: (r: ExtractResult) => void;
  reject: (err: unknown) => void;
}

/**
 * A piscina pool running extract-worker.ts. PDF, DOCX and EPUB parsing is synchronous CPU work
 * (pdf.js, mammoth's XML) that would stall every other request on the main thread; in a
 * worker it does not, and a file that exhausts the worker's heap ends that worker, not the
 * server. Node 24 loads the worker's .ts file itself (type stripping), as it does main.ts.
 *
 * Files wait here, not in piscina's queue, so that the next file a worker takes is the next
 * owner's in turn: one user's pile of large files cannot keep another user's small one waiting
 * behind all of them (with one worker, it waits for at most the file being read). One owner
 * may hold every place but half the queue's, so others can still be taken. And a file that reads for longer than the time limit is
 * aborted: piscina ends the worker thread running it (its synchronous parse cannot be
 * interrupted any other way) and starts another when needed.
 */
export function createExtractor(opts: ExtractorOptions): Extractor {
  const pool = new Piscina<ExtractTask, ExtractResult>({
    filename: new URL('./extract-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: opts.workers,
    idleTimeout: 60_000,
    // Beyond this a worker is stopped with ERR_WORKER_OUT_OF_MEMORY instead of taking the process.
    resourceLimits: { maxOldGenerationSizeMb: 2048 },
  });
  const timer = opts.timer ?? realTimer;
  const places = opts.workers + opts.maxQueue;
  const perOwner = places - Math.floor(opts.maxQueue / 2);
  /** Waiting files by owner. */
  const waiting = new Map<string, Job[]>();
  const held = new Map<string, number>();
  let inFlight = 0;
  let running = 0;

  const start = (job: Job) => {
    running++;
    const abort = new AbortController();
    const cancel = timer(opts.timeLimitMs, () => abort.abort());
    pool
      .run(job.task, { signal: abort.signal })
      .then(job.resolve, (err: unknown) =>
        job.reject(abort.signal.aborted ? new ExtractError('timeout', 'time limit') : err),
      )
      .finally(() => {
        cancel();
        running--;
        next();
      });
  };
  /** When each owner with files here was last given a worker (a running count). */
  const lastServed = new Map<string, number>();
  let served = 0;
  const next = () => {
    while (running < opts.workers && waiting.size > 0) {
      // The owner served longest ago (or never) goes first; ties in the order they came.
      let owner = '';
      let best = Infinity;
      for (const o of waiting.keys()) {
        const at = lastServed.get(o) ?? -1;
        if (at < best) [owner, best] = [o, at];
      }
      const jobs = waiting.get(owner)!;
      const job = jobs.shift()!;
      if (!jobs.length) waiting.delete(owner);
      lastServed.set(owner, served++);
      start(job);
    }
  };

  return {
    async extract(kind, data, owner = '') {
      const mine = held.get(owner) ?? 0;
      if (inFlight >= places || mine >= perOwner) throw new ExtractError('busy');
      inFlight++;
      held.set(owner, mine + 1);
      let result: ExtractResult;
      try {
        result = await new Promise<ExtractResult>((resolve, reject) => {
          const jobs = waiting.get(owner) ?? [];
          jobs.push({ task: { kind, data, limits: opts.limits }, resolve, reject });
          waiting.set(owner, jobs);
          next();
        });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          throw new ExtractError('toolong', 'worker out of memory');
        }
        throw err;
      } finally {
        inFlight--;
        const left = held.get(owner)! - 1;
        if (left) held.set(owner, left);
        else {
          held.delete(owner);
          lastServed.delete(owner);
        }
      }
      if ('failure' in result) throw new ExtractError(result.failure, result.detail);
      return result.file;
    },
    close: () => pool.destroy(),
  };
}

/** The pool the configuration asks for (EXTRACT_WORKERS, EXTRACT_QUEUE, EXTRACT_SECONDS, …). */
export function extractorFor(config: Config): Extractor {
  return createExtractor({
    workers: config.EXTRACT_WORKERS,
    maxQueue: config.EXTRACT_QUEUE,
    limits: { maxUnzippedBytes: Math.floor(config.DOCX_MAX_UNZIPPED_MB * 1024 * 1024) },
    timeLimitMs: config.EXTRACT_SECONDS * 1000,
  });
}
