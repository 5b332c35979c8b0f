import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GLIBC_TUNABLES } from './malloc-env.ts';

const root = new URL('../../../', import.meta.url);
const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
const glibc = !!report.header?.glibcVersionRuntime;

/**
 * In a fresh process (glibc's thresholds are the process's): a 16 MiB block is mapped, filled
 * and freed, then twenty 2 MB blocks are made and freed. Returns how much of glibc's main
 * heap (`[heap]` in smaps) is resident after each step, in MiB. Left to glibc, the freed
 * 16 MiB block raises the mmap threshold to 16 MiB and the trim threshold to 32, so the 2 MB
 * blocks come from the heap and stay resident once freed.
 */
function heapAfterBurst(env: Record<string, string>) {
  const script = `
    const fs = require('node:fs');
    const heap = () => {
      const m = fs.readFileSync('/proc/self/smaps', 'utf8');
      const i = m.indexOf('[heap]');
      return i < 0 ? 0 : Number(/Rss:\\s+(\\d+)/.exec(m.slice(i))[1]) / 1024;
    };
    let big = Buffer.allocUnsafeSlow(16 * 2 ** 20).fill(1);
    big = null; gc(); gc();
    const before = heap();
    let blocks = Array.from({ length: 20 }, () => Buffer.allocUnsafeSlow(2_000_000).fill(2));
    blocks = null; gc(); gc();
    console.log(JSON.stringify({ before, after: heap() }));
  `;
  const { GLIBC_TUNABLES: _, ...rest } = process.env;
  const out = spawnSync(process.execPath, ['--expose-gc', '-e', script], {
    encoding: 'utf8',
    env: { ...rest, ...env },
  });
  expect(out.stderr).toBe('');
  return JSON.parse(out.stdout) as { before: number; after: number };
}

describe('allocator settings by environment', () => {
  it('are the same where the server is started: the Containerfile and the npm scripts', () => {
    const containerfile = readFileSync(new URL('Containerfile', root), 'utf8');
    expect(containerfile).toContain(`GLIBC_TUNABLES=${GLIBC_TUNABLES}`);
    const scripts = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).scripts;
    for (const name of ['serve', 'dev'])
      expect(scripts[name]).toMatch(new RegExp(`^GLIBC_TUNABLES=${GLIBC_TUNABLES} node `));
    expect(scripts.start).toMatch(/npm run serve$/);
    // No native call sets them from inside any more.
    expect(
      JSON.stringify(JSON.parse(readFileSync(new URL('package.json', root), 'utf8'))),
    ).not.toContain('ffi-rs');
  });

  it.runIf(glibc)('keep a freed burst out of the heap for good (glibc)', () => {
    const untuned = heapAfterBurst({});
    // glibc's own raising: ~20 MiB of freed blocks stay in the heap.
    expect(untuned.after - untuned.before).toBeGreaterThan(16);
    const tuned = heapAfterBurst({ GLIBC_TUNABLES });
    // Fixed at 1 MiB: each block was mapped on its own and given back whole.
    expect(tuned.after - tuned.before).toBeLessThan(4);
  });
});
