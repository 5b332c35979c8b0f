import type { SpeechClip } from '../../../shared/voice/voice-api.ts';

export type { SpeechClip };

export interface SpeechQueueDeps {
  /** Synthesises one sentence of answer `messageid`; null when it failed (already logged). */
  fetchClip(text: string, messageid: number, signal: AbortSignal): Promise<SpeechClip | null>;
  /** Plays a clip; resolves when it ends (or is stopped through `signal`). */
  play(clip: SpeechClip, signal: AbortSignal): Promise<void>;
  /** What is being read changed (null: nothing). `offline` once the first clip says. */
  onChange(state: { messageid: number | null; offline: boolean | null }): void;
  log(err: unknown): void;
}

/** Sentences synthesised ahead of the one playing: enough to never wait, few enough to waste little. */
const AHEAD = 2;

const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));

interface Run {
  messageid: number;
  texts: string[];
  clips: Promise<SpeechClip | null>[];
  closed: boolean;
  ctrl: AbortController;
  wake: (() => void) | null;
}

/**
 * Reads one answer at a time, sentence by sentence, in order: the first sentence plays as
 * soon as it is synthesised while the next ones are made (at most `AHEAD` in advance), and
 * sentences can still be added while the answer streams. A failed sentence is logged and
 * skipped. `stop()` ends playback at once and drops what is left.
 */
export function createSpeechQueue(deps: SpeechQueueDeps) {
  let run: Run | null = null;

  function prefetch(r: Run, upTo: number) {
    for (let i = r.clips.length; i < Math.min(upTo, r.texts.length); i++) {
      r.clips.push(
        deps.fetchClip(r.texts[i]!, r.messageid, r.ctrl.signal).catch((err: unknown) => {
          if (!r.ctrl.signal.aborted) deps.log(err);
          return null;
        }),
      );
    }
  }

  async function loop(r: Run): Promise<boolean> {
    let offline: boolean | null = null;
    deps.onChange({ messageid: r.messageid, offline });
    try {
      for (let next = 0; ;) {
        if (r.ctrl.signal.aborted) return false;
        if (next < r.texts.length) {
          prefetch(r, next + 1 + AHEAD);
          const clip = await r.clips[next]!;
          next++;
          if (r.ctrl.signal.aborted) return false;
          if (!clip) continue;
          if (offline === null)
            deps.onChange({ messageid: r.messageid, offline: (offline = clip.offline) });
          try {
            // Stopping does not wait for the player to notice.
            await Promise.race([deps.play(clip, r.ctrl.signal), aborted(r.ctrl.signal)]);
          } catch (err) {
            if (!r.ctrl.signal.aborted) deps.log(err);
          }
        } else if (r.closed) return true;
        else await new Promise<void>((resolve) => (r.wake = resolve));
      }
    } finally {
      if (run === r) {
        run = null;
        deps.onChange({ messageid: null, offline: null });
      }
    }
  }

  const wake = (r: Run) => {
    const w = r.wake;
    r.wake = null;
    w?.();
  };

  return {
    /**
     * Starts reading answer `messageid` (stopping whatever played). Resolves true when every
     * sentence was played after `close`, false when stopped.
     */
    start(messageid: number, sentences: string[] = [], closed = false): Promise<boolean> {
      this.stop();
      const r: Run = {
        messageid,
        texts: [...sentences],
        clips: [],
        closed,
        ctrl: new AbortController(),
        wake: null,
      };
      run = r;
      return loop(r);
    },
    /** More sentences of the answer being read (ignored when it is no longer the one). */
    add(messageid: number, sentences: string[]) {
      if (!run || run.messageid !== messageid || !sentences.length) return;
      run.texts.push(...sentences);
      wake(run);
    },
    /** No more sentences will come for this answer. */
    close(messageid: number) {
      if (!run || run.messageid !== messageid) return;
      run.closed = true;
      wake(run);
    },
    stop() {
      const r = run;
      if (!r) return;
      r.ctrl.abort();
      wake(r);
    },
    get current() {
      return run?.messageid ?? null;
    },
  };
}
