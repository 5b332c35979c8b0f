import { spawnSync } from 'node:child_process';
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

describe('malloc thresholds', () => {
  // In a fresh process (glibc's thresholds are the process's): a 16 MiB block, mapped, is
  // freed, then 2,000,000 bytes are asked for. The usable size tells where they came from:
  // the heap (2,000,008: rounded to 16 bytes with its 8-byte header) or a mapping of their own
  // (rounded to a page with its 16-byte header).
  const usableAfterBigFree = (tuned: boolean) => {
    const script = `
      import { createRequire } from 'node:module';
      import { tuneMalloc } from ${JSON.stringify(new URL('./memory-trim.ts', import.meta.url).href)};
      if (${tuned} && !tuneMalloc()) throw new Error('not tuned');
      const ffi = createRequire(import.meta.url)('ffi-rs');
      ffi.open({ library: 'c', path: 'libc.so.6' });
      const { External, I32, I64, Void } = ffi.DataType;
      const call = (funcName, retType, paramsType, paramsValue) =>
        ffi.load({ library: 'c', funcName, retType, paramsType, paramsValue });
      const big = call('malloc', External, [I64], [16 * 2 ** 20]);
      call('free', Void, [External], [big]);
      const block = call('malloc', External, [I64], [2_000_000]);
      const usable = call('malloc_usable_size', I64, [External], [block]);
      call('free', Void, [External], [block]);
      console.log(JSON.stringify({ usable, page: call('getpagesize', I32, [], []) }));
    `;
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(out.stderr).toBe('');
    return JSON.parse(out.stdout) as { usable: number; page: number };
  };

  it.skipIf(!nativeTrim())('stay fixed, so a big block freed does not raise them (glibc)', () => {
    // glibc's own: freeing the mapped 16 MiB block raised the mmap threshold to 16 MiB (and
    // the trim threshold to 32), so the next 2 MB come from the heap and stay there once
    // freed; this is how the worker threads' arenas kept ~35 MiB each after PGlite's start.
    expect(usableAfterBigFree(false).usable).toBe(2_000_008);
    // Fixed at 1 MiB: mapped on their own (2,002,928 with 4 KiB pages), given back whole when
    // freed.
    const tuned = usableAfterBigFree(true);
    expect(tuned.usable).toBeGreaterThan(2_000_008);
    expect((tuned.usable + 16) % tuned.page).toBe(0);
  });
});
