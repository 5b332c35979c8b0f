import { describe, expect, it } from 'vitest';
import { circleSize, createLevelDetector, frameRms, worthSending } from './level-detector.ts';

/** One analyser frame of a tone with the given RMS (bytes around 128). */
function tone(rms: number, length = 1024): Uint8Array {
  const amp = rms * Math.SQRT2;
  return Uint8Array.from({ length }, (_, i) =>
    Math.max(0, Math.min(255, Math.round(128 + amp * Math.sin((2 * Math.PI * i) / 32)))),
  );
}
const silence = () => new Uint8Array(1024).fill(128);

/** Feeds frames every 20 ms (about what requestAnimationFrame gives) from time `t0`. */
function feed(d: ReturnType<typeof createLevelDetector>, frames: Uint8Array[], t0: number) {
  return frames.map((f, i) => d.push(f, t0 + i * 20).state);
}

describe('level detector (spec part 2 §9)', () => {
  it('measures RMS around 128 and sizes the circle 50 + 5 per unit, at most 150', () => {
    expect(frameRms(silence())).toBe(0);
    expect(frameRms(tone(12))).toBeCloseTo(12, 0);
    expect(circleSize(0)).toBe(50);
    expect(circleSize(8)).toBe(90);
    expect(circleSize(40)).toBe(150);
  });

  it('ignores the first 100 ms, starts above 10 and stops after 1.5 s under 1', () => {
    const d = createLevelDetector();
    // A click at the start is not speech.
    expect(feed(d, [tone(30), tone(30), tone(30)], 0)).toEqual(['waiting', 'waiting', 'waiting']);
    expect(d.push(tone(9), 120).state).toBe('waiting');
    expect(d.push(tone(11), 140).state).toBe('recording');
    // Speech with short pauses keeps recording.
    feed(
      d,
      Array.from({ length: 50 }, () => tone(0.5)),
      160,
    ); // 1 s of pause
    expect(d.push(tone(20), 1200).state).toBe('recording');
    const quiet = feed(
      d,
      Array.from({ length: 80 }, () => tone(0.5)),
      1220,
    );
    const firstDone = quiet.indexOf('done');
    // Done once 1.5 s of quiet have passed (frame 75 is 1500 ms after the first quiet one).
    expect(firstDone).toBe(75);
    expect(d.peak).toBeGreaterThan(19);
  });

  it('a room that never gets loud never starts a recording (too quiet)', () => {
    const d = createLevelDetector();
    const states = feed(
      d,
      Array.from({ length: 300 }, () => tone(6)),
      0,
    );
    expect(new Set(states)).toEqual(new Set(['waiting']));
    expect(worthSending(50_000, d.peak)).toBe(false);
  });

  it('too small a recording is not sent, a real one is', () => {
    expect(worthSending(2999, 25)).toBe(false);
    expect(worthSending(3000, 25)).toBe(true);
    expect(worthSending(3000, 0.5)).toBe(false);
  });

  it('ends a recording that never falls silent at the longest allowed', () => {
    const d = createLevelDetector({ maxRecordingMs: 1000 });
    const states = feed(
      d,
      Array.from({ length: 70 }, () => tone(20)),
      0,
    );
    expect(states.at(-1)).toBe('done');
  });
});
