import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { EspeakTask } from './espeak-worker.ts';

/**
 * espeak-ng in worker threads. Threads start on first use and end after a minute idle (each
 * holds the 18 MB compiled module), so a server that never speaks offline pays nothing.
 */
export function createEspeak(opts: { maxThreads?: number } = {}) {
  const pool = new Piscina<EspeakTask, Uint8Array>({
    filename: new URL('./espeak-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: opts.maxThreads ?? Math.max(1, Math.min(2, availableParallelism() - 1)),
    idleTimeout: 60_000,
  });
  return {
    async synthesize(task: EspeakTask, signal?: AbortSignal): Promise<Buffer> {
      const bytes = await pool.run(task, signal ? { signal } : {});
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    close: () => pool.destroy(),
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
