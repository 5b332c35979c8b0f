import { describe, expect, it } from 'vitest';
import { nativeTrim, startMemoryTrim } from './memory-trim.ts';

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

  it.skipIf(!nativeTrim())("gives back the holes a burst left in malloc's heap (glibc)", () => {
    const trim = startMemoryTrim();
    try {
      trim.trim();
      // ~200 MB of 1 kB buffers, each its own malloc outside V8's heap; one in 50 stays
      // alive, so no freed run reaches the top of the heap, where free() alone gives it back.
      const kept: Buffer[] = [];
      let burst: Buffer[] | null = Array.from({ length: 200_000 }, (_, i) => {
        const b = Buffer.allocUnsafeSlow(1000);
        if (i % 50 === 0) kept.push(b);
        return b;
      });
      expect(burst.length).toBe(200_000);
      burst = null;
      const { before, after } = trim.trim();
      // The collection frees them; without malloc_trim their pages stayed resident.
      expect(before - after).toBeGreaterThan(120 * 2 ** 20);
      expect(kept.length).toBe(4000);
    } finally {
      trim.stop();
    }
  });
});
