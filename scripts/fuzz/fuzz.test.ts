import { expect, it } from 'vitest';
import { formatReport, runFuzz, type FuzzOptions } from './run.ts';

/**
 * CI's short pass of the fuzzer (issue 35, item 6): 5,000 requests with a fixed seed against
 * the real server in its own process. Bounded by count, not time: `seconds` is only a guard
 * for a machine that has stopped. Fails on any 5xx, a crash, memory over the bound, a
 * request the fuzzer could not write, or the owner's data or session touched by anyone else.
 */
const opts: FuzzOptions = {
  requests: 5_000,
  seconds: 3_600,
  seed: 35,
  concurrency: 8,
  rssLimitMiB: 1536,
  phaseSize: 500,
};

it(
  'a fuzz pass of 5,000 requests finds no 5xx, no crash, and the owner untouched',
  async () => {
    const report = await runFuzz(opts);
    const summary = formatReport(report, opts);
    expect(report.stoppedBy, summary).toBe('count');
    expect(report.requests, summary).toBe(opts.requests);
    expect(report.serverErrors, summary).toEqual([]);
    expect(report.crashed, summary).toBeNull();
    expect(report.fuzzerErrors, summary).toEqual([]);
    expect(report.rssPeakMiB, summary).toBeLessThan(opts.rssLimitMiB);
    expect(report.fingerprintChecks, summary).toBeGreaterThanOrEqual(3);
    expect(report.fingerprintChanged, summary).toEqual([]);
    expect(report.ownerSessionEnded, summary).toBe(0);
    expect(report.ok, summary).toBe(true);
  },
  // A bound for a busy machine, not a wait: ~50 s on an idle 2-core machine.
  900_000,
);
