import type { Clock } from '../infra/clock.ts';
import type { Storage } from '../infra/storage.ts';
import type { SpeechCacheRepo } from './speech-cache.repo.ts';

/** The audio types the cache stores, by extension. */
const STORED = { mp3: 'audio/mpeg', wav: 'audio/wav' } as const;
type StoredExt = keyof typeof STORED;

/** Clips deleted per round of a sweep (each round one query and its storage deletes). */
const BATCH = 200;

export interface SpeechCacheBounds {
  /** Clips nobody played for this long are dropped. */
  maxAgeDays: number;
  /** Beyond this many bytes in all, the least recently played go first. */
  maxBytes: number;
}

/**
 * Synthesised speech kept in storage under `speech/…`, so a replay costs nothing, with an
 * index in the database (size, last played) that the sweep reads: storage need not list.
 */
export function speechCache(deps: { storage: Storage; clock: Clock }, repo: SpeechCacheRepo) {
  async function drop(rows: { key: string }[]) {
    // The object first: a crash in between leaves an index row the next sweep drops again.
    for (const r of rows) await deps.storage.delete(r.key);
    await repo.remove(rows.map((r) => r.key));
  }

  return {
    /** The clip stored under `keyBase` (either type), marked as played now. */
    async get(keyBase: string): Promise<{ audio: Buffer; mediaType: string } | null> {
      for (const ext of Object.keys(STORED) as StoredExt[]) {
        const key = `${keyBase}.${ext}`;
        const audio = await deps.storage.get(key);
        if (!audio) continue;
        await repo.touch(key, audio.length, deps.clock.now());
        return { audio, mediaType: STORED[ext] };
      }
      return null;
    },

    /** Stores a clip (WAV stays WAV; anything else the providers answer is MP3). */
    async put(keyBase: string, audio: Buffer, mediaType: string): Promise<string> {
      const ext: StoredExt = mediaType === 'audio/wav' ? 'wav' : 'mp3';
      const key = `${keyBase}.${ext}`;
      await deps.storage.put(key, audio, { contentType: STORED[ext] });
      await repo.touch(key, audio.length, deps.clock.now());
      return STORED[ext];
    },

    /**
     * Drops clips not played for `maxAgeDays`, then the least recently played until the
     * rest fit in `maxBytes`. Safe to run twice at once or again after a crash.
     */
    async sweep(bounds: SpeechCacheBounds): Promise<{ clips: number; bytes: number }> {
      let clips = 0;
      let bytes = 0;
      const cutoff = new Date(deps.clock.now().getTime() - bounds.maxAgeDays * 86_400_000);
      for (;;) {
        const rows = await repo.unusedSince(cutoff, BATCH);
        if (!rows.length) break;
        await drop(rows);
        clips += rows.length;
        bytes += rows.reduce((n, r) => n + r.bytes, 0);
      }
      let total = await repo.totalBytes();
      while (total > bounds.maxBytes) {
        const rows = await repo.oldest(BATCH);
        if (!rows.length) break;
        const over: typeof rows = [];
        for (const r of rows) {
          if (total <= bounds.maxBytes) break;
          over.push(r);
          total -= r.bytes;
        }
        await drop(over);
        clips += over.length;
        bytes += over.reduce((n, r) => n + r.bytes, 0);
      }
      return { clips, bytes };
    },
  };
}
