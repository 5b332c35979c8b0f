/**
 * `npm run fuzz -- --requests N --seconds S --seed X --concurrency C [--from I]
 * [--rss-limit MiB] [--phase-size N]`: the fuzzer of issue 35 (scripts/fuzz/run.ts).
 * Loopback only; exits non-zero on any 5xx (a declared "not configured" aside), a crash, a
 * request unanswered in 60 s, memory over the bound, or the owner's data or session changed
 * by someone else.
 */
import { parseArgs } from 'node:util';
import { defaultOptions, formatReport, runFuzz, type FuzzOptions } from './fuzz/run.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string' },
    from: { type: 'string' },
    seconds: { type: 'string' },
    seed: { type: 'string' },
    concurrency: { type: 'string' },
    'rss-limit': { type: 'string' },
    'phase-size': { type: 'string' },
  },
});

function num(v: string | undefined, fallback: number, name: string): number {
  if (v === undefined) return fallback;
  const n = Number(v.replaceAll(',', '').replaceAll('_', ''));
  if (!Number.isSafeInteger(n) || n < 1) {
    console.error(`--${name} must be a whole number of 1 or more (got "${v}")`);
    process.exit(2);
  }
  return n;
}

const opts: FuzzOptions = {
  requests: num(values.requests, defaultOptions.requests, 'requests'),
  ...(values.from !== undefined ? { from: num(values.from, 0, 'from') } : {}),
  seconds: num(values.seconds, defaultOptions.seconds, 'seconds'),
  seed: num(values.seed, defaultOptions.seed, 'seed'),
  concurrency: num(values.concurrency, defaultOptions.concurrency, 'concurrency'),
  rssLimitMiB: num(values['rss-limit'], defaultOptions.rssLimitMiB, 'rss-limit'),
  phaseSize: num(values['phase-size'], defaultOptions.phaseSize, 'phase-size'),
  progress: (line) => console.log(`  ${line}`),
};
console.log(
  `fuzz: ${opts.requests} requests at most, ${opts.seconds} s at most, seed ${opts.seed}, ${opts.concurrency} at a time`,
);
const report = await runFuzz(opts);
console.log(formatReport(report, opts));
process.exit(report.ok ? 0 : 1);
