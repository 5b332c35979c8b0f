import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { EspeakTask } from './espeak-worker.ts';

/** More sentences than this waiting for a thread are refused (the server is saturated). */
const MAX_QUEUE = 32;

/** Offline speech is saturated: more sentences wait than the queue holds. */
export class EspeakBusyError extends Error {
  constructor() {
    super('offline speech is busy');
    this.name = 'EspeakBusyError';
  }
}

/**
 * espeak-ng in worker threads, each keeping one warm instance of the program for the life of
 * the process (espeak-worker.ts): a sentence costs its synthesis, not a start-up. Threads start
 * on first use (or `prepare`), so a server that never speaks offline pays nothing; once
 * started they stay, as the next read-aloud should not pay the start again. At most
 * `maxQueue` sentences wait; more are refused with EspeakBusyError.
 */
export function createEspeak(opts: { maxThreads?: number; maxQueue?: number } = {}) {
  const maxThreads = opts.maxThreads ?? Math.max(1, Math.min(2, availableParallelism() - 1));
  const maxQueue = opts.maxQueue ?? MAX_QUEUE;
  let pool: Piscina<EspeakTask | 'prepare', Uint8Array> | undefined;
  const open = () =>
    (pool ??= new Piscina({
      filename: new URL('./espeak-worker.ts', import.meta.url).href,
      minThreads: 0,
      maxThreads,
      idleTimeout: Number.POSITIVE_INFINITY,
    }));
  let inFlight = 0;
  let preparing: Promise<void> | undefined;
  return {
    async synthesize(task: EspeakTask, signal?: AbortSignal): Promise<Buffer> {
      if (inFlight >= maxThreads + maxQueue) throw new EspeakBusyError();
      inFlight++;
      try {
        const bytes = await open().run(task, signal ? { signal } : {});
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } finally {
        inFlight--;
      }
    },
    /** Starts one thread and its program ahead of the first sentence (once; errors are the caller's). */
    prepare(): Promise<void> {
      preparing ??= open()
        .run('prepare')
        .then(() => {});
      return preparing;
    },
    /** Sentences running or waiting. */
    get pending() {
      return inFlight;
    },
    close: async () => {
      await pool?.destroy();
      pool = undefined;
      preparing = undefined;
    },
  };
}

export type Espeak = ReturnType<typeof createEspeak>;

/** The spec's voices (part 1 §9) as espeak-ng variants: gender kept, tone by pitch and pace. */
const ESPEAK_VOICES: Record<string, { variant: string; pitch: number; speed: number }> = {
  alloy: { variant: 'm3', pitch: 50, speed: 165 },
  echo: { variant: 'm2', pitch: 45, speed: 155 },
  fable: { variant: 'm7', pitch: 50, speed: 150 },
  onyx: { variant: 'm1', pitch: 32, speed: 155 },
  nova: { variant: 'f2', pitch: 62, speed: 170 },
  shimmer: { variant: 'f4', pitch: 55, speed: 155 },
  breeze: { variant: 'f5', pitch: 60, speed: 165 },
  cove: { variant: 'm4', pitch: 42, speed: 155 },
  ember: { variant: 'm5', pitch: 52, speed: 180 },
  juniper: { variant: 'f3', pitch: 56, speed: 165 },
  sky: { variant: 'f1', pitch: 66, speed: 165 },
};

/** espeak's name for a language: our two by name, others if they look like a language tag. */
function espeakLanguage(lang: string | undefined, text: string): string {
  if (lang === 'he' || (!lang && /[\u0590-\u05FF]/.test(text))) return 'he';
  if (!lang || lang === 'en') return 'en-us';
  return /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/i.test(lang) ? lang.toLowerCase() : 'en-us';
}

export function espeakTask(
  text: string,
  voice: string | undefined,
  lang: string | undefined,
): EspeakTask {
  const v = ESPEAK_VOICES[voice ?? ''] ?? ESPEAK_VOICES.alloy!;
  return {
    text,
    voice: `${espeakLanguage(lang, text)}+${v.variant}`,
    pitch: v.pitch,
    speed: v.speed,
  };
}
