import { expect, it } from 'vitest';
import { actionNames } from '../../src/protocol/registry.ts';
import { formatReport, runFuzz, type FuzzOptions } from './run.ts';
import { targets } from './targets.ts';

/**
 * CI's short pass of the fuzzer (issue 35, item 6): 5,000 requests with a fixed seed against
 * the real server in its own process (PGlite, or a fresh database on DATABASE_URL's server).
 *
 * Deterministic: request i is drawn from (seed, i) alone, and one request at a time means the
 * server meets the same requests in the same order on every run (background work is settled
 * at the phase boundaries). Nothing waits on the clock: the run ends by count, and `seconds`
 * is only a guard for a machine that has stopped (below the test's own bound, so a stuck run
 * fails as "stopped by time" with its report rather than as a bare timeout). Fails on any
 * 5xx, a crash, memory over the bound, a request the fuzzer could not write, or the owner's
 * data or session touched by anyone else.
 */
const opts: FuzzOptions = {
  requests: 5_000,
  seconds: 780,
  seed: 35,
  concurrency: 1,
  rssLimitMiB: 1536,
  phaseSize: 500,
};

it(
  'a fuzz pass of 5,000 requests finds no 5xx, no crash, and the owner untouched',
  async () => {
    const report = await runFuzz(opts);
    const summary = formatReport(report, opts);
    console.log(summary);
    expect(report.stoppedBy, summary).toBe('count');
    expect(report.requests, summary).toBe(opts.requests);
    expect(report.serverErrors, summary).toEqual([]);
    expect(report.crashed, summary).toBeNull();
    expect(report.hung, summary).toBeNull();
    expect(report.slow, summary).toEqual([]);
    expect(report.fuzzerErrors, summary).toEqual([]);
    expect(report.rssPeakMiB, summary).toBeLessThan(opts.rssLimitMiB);
    expect(report.fingerprintChecks, summary).toBeGreaterThanOrEqual(3);
    expect(report.fingerprintChanged, summary).toEqual([]);
    expect(report.ownerSessionEnded, summary).toBe(0);
    // Every action of the registry and every direct endpoint, through both action doors.
    expect(report.targetsMissed, summary).toEqual([]);
    expect(targets.length).toBeGreaterThan(actionNames.length);
    expect(report.byRoute['/api'], summary).toBeGreaterThan(1_000);
    expect(report.byRoute['/api/rpc'], summary).toBeGreaterThan(1_000);
    expect(report.ok, summary).toBe(true);
  },
  // A bound for a busy machine, not a wait: 55 s here with the machine shared (load ~15 on 2
  // cores), PGlite.
  900_000,
);
