import { Piscina } from 'piscina';
import type { Config } from '../config.ts';
import type { ExtractResult, ExtractTask } from './extract-worker.ts';
import { ExtractError } from './extract-error.ts';
import type { ExtractLimits, FileKind } from './extract.ts';

/** Text extraction of uploads, off the request thread. */
export interface Extractor {
  /** The file's text, or an ExtractError (`busy` when the queue is full). */
  extract(kind: FileKind, data: Buffer): Promise<string>;
  close(): Promise<void>;
}

export interface ExtractorOptions {
  /** Worker threads at most (started on demand, stopped after a minute idle). */
  workers: number;
  /** Files that may wait for a worker; one more is refused as `busy`. */
  maxQueue: number;
  limits: ExtractLimits;
}

/**
 * A piscina pool running extract-worker.ts. PDF and DOCX parsing is synchronous CPU work
 * (pdf.js, mammoth's XML) that would stall every other request on the main thread; in a
 * worker it does not, and a file that exhausts the worker's heap ends that worker, not the
 * server. Node 24 loads the worker's .ts file itself (type stripping), as it does main.ts.
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
  // Counted here rather than by piscina's maxQueue so that the refusal is ours to word.
  let inFlight = 0;
  return {
    async extract(kind, data) {
      if (inFlight >= opts.workers + opts.maxQueue) throw new ExtractError('busy');
      inFlight++;
      let result: ExtractResult;
      try {
        result = await pool.run({ kind, data, limits: opts.limits });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          throw new ExtractError('toolong', 'worker out of memory');
        }
        throw err;
      } finally {
        inFlight--;
      }
      if ('failure' in result) throw new ExtractError(result.failure, result.detail);
      return result.text;
    },
    close: () => pool.destroy(),
  };
}

/** The pool the configuration asks for (EXTRACT_WORKERS, EXTRACT_QUEUE, DOCX_MAX_UNZIPPED_MB). */
export function extractorFor(config: Config): Extractor {
  return createExtractor({
    workers: config.EXTRACT_WORKERS,
    maxQueue: config.EXTRACT_QUEUE,
    limits: { maxUnzippedBytes: Math.floor(config.DOCX_MAX_UNZIPPED_MB * 1024 * 1024) },
  });
}
