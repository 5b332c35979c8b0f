import { describe, expect, it } from 'vitest';
import { startMemoryTrim } from './memory-trim.ts';

describe('memory trim', () => {
  it('gives back the pages a burst of garbage left, without --expose-gc', () => {
    const trim = startMemoryTrim();
    try {
      trim.trim();
      // ~150 MB of short-lived objects, then nothing holds them.
      let keep = 0;
      for (let i = 0; i < 30; i++) {
        const burst = Array.from({ length: 100_000 }, (_, j) => ({ j, s: `x${j}` }));
        keep += burst.length;
      }
      expect(keep).toBe(3_000_000);
      const { before, after } = trim.trim();
      // A plain collection keeps the freed pages pooled; the memory-reducing one returns them.
      expect(before - after).toBeGreaterThan(20 * 2 ** 20);
    } finally {
      trim.stop();
    }
  });
});
