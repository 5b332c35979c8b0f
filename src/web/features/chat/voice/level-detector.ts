import { SPEECH_DETECTION } from '../../../../protocol/voice-constants.ts';

/**
 * RMS of one analyser frame of unsigned bytes around 128 (AnalyserNode
 * getByteTimeDomainData): 0 is silence, a normal voice near the microphone is 10–40.
 */
export function frameRms(frame: Uint8Array): number {
  if (frame.length === 0) return 0;
  let sum = 0;
  for (const v of frame) sum += (v - 128) * (v - 128);
  return Math.sqrt(sum / frame.length);
}

/** The volume circle (spec part 2 §9): 50 px plus 5 px per RMS unit, at most 150 px. */
export function circleSize(rms: number): number {
  const d = SPEECH_DETECTION;
  return Math.min(d.circleMaxPx, Math.round(d.circleBasePx + d.circlePerRmsPx * Math.max(0, rms)));
}

export type DetectorState = 'waiting' | 'recording' | 'done';

/**
 * When a spoken turn starts and ends (spec part 2 §4, §9): nothing counts in the first
 * 100 ms (the microphone's own click), recording starts when the level passes 10, and ends
 * after 1.5 s under 1. Fed with frames and their times; pure, so tests drive it with
 * synthetic buffers and a made-up clock.
 */
export function createLevelDetector(
  opts: Partial<Record<keyof typeof SPEECH_DETECTION, number>> = {},
) {
  const d = { ...SPEECH_DETECTION, ...opts };
  let opened: number | null = null;
  let state: DetectorState = 'waiting';
  let quietSince: number | null = null;
  let peak = 0;
  let startedAt: number | null = null;
  return {
    /** Feeds one frame at time `now` (ms); answers the state after it and the frame's level. */
    push(frame: Uint8Array, now: number): { state: DetectorState; rms: number } {
      const rms = frameRms(frame);
      opened ??= now;
      if (state === 'done' || now - opened < d.trackAfterMs) return { state, rms };
      if (state === 'waiting') {
        if (rms > d.startRms) {
          state = 'recording';
          startedAt = now;
          peak = rms;
        }
        return { state, rms };
      }
      peak = Math.max(peak, rms);
      if (rms < d.stopRms) {
        quietSince ??= now;
        if (now - quietSince >= d.silenceMs) state = 'done';
      } else quietSince = null;
      if (startedAt !== null && now - startedAt >= d.maxRecordingMs) state = 'done';
      return { state, rms };
    },
    get state() {
      return state;
    },
    /** The loudest level heard while recording. */
    get peak() {
      return peak;
    },
  };
}

/**
 * Whether a finished recording is worth sending (spec part 2 §5): at least 3000 bytes and
 * loud enough at some point; otherwise it is dropped without a word.
 */
export function worthSending(bytes: number, peak: number): boolean {
  return bytes >= SPEECH_DETECTION.minAudioBytes && peak >= SPEECH_DETECTION.stopRms;
}
