import type { z } from 'zod';
import type { UsageStats } from '../../protocol/actions/analytics.ts';
import { UsageEvents } from '../../protocol/usage.ts';
import type { AnalyticsRepo } from './analytics.repo.ts';

export type Usage = z.infer<typeof UsageStats>;

const DAY_MS = 86400_000;
const LABELS = {
  page_view: 'views',
  sign_in: 'sign-ins',
  message_sent: 'messages',
  image_created: 'images',
  purchase: 'purchases',
} as const;
const BAR = 40;

const zeroCounts = () => Object.fromEntries(UsageEvents.map((e) => [e, 0])) as Usage['totals'];

/**
 * The main counts of the last `days` days (UTC, today included), every day listed even with
 * nobody, and the most viewed screens: what the admin page shows and the CLI prints.
 */
export async function usageStats(
  repo: Pick<AnalyticsRepo, 'since' | 'topPages'>,
  days: number,
  now: Date,
): Promise<Usage> {
  const from = new Date(now.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  const rows = new Map((await repo.since(from)).map((r) => [r.day, r]));
  const totals = zeroCounts();
  const perDay = Array.from({ length: days }, (_, i) => {
    const day = new Date(Date.parse(from) + i * DAY_MS).toISOString().slice(0, 10);
    const row = rows.get(day);
    const counts = zeroCounts();
    for (const e of UsageEvents) {
      counts[e] = row?.events[e] ?? 0;
      totals[e] += counts[e];
    }
    return { day, active: row?.active ?? 0, ...counts };
  });
  const pages = (await repo.topPages(from)).map((p) => ({ path: p.path, views: Number(p.n) }));
  return {
    from,
    to: perDay.at(-1)!.day,
    days,
    totals,
    maxActive: Math.max(0, ...perDay.map((d) => d.active)),
    perDay,
    pages,
  };
}

/** `npm run admin -- usage`: the counts, and a bar plot of daily active users. */
export async function usageReport(repo: AnalyticsRepo, days: number, now: Date): Promise<string> {
  const u = await usageStats(repo, days, now);
  const max = Math.max(1, u.maxActive);
  const lines = [
    `Usage, ${u.from} to ${u.to} (${days} days)`,
    `  ${UsageEvents.map((e) => `${LABELS[e]} ${u.totals[e]}`).join(' · ')}`,
    `  most active users on one day: ${u.maxActive}`,
    '',
    `day         active  ${UsageEvents.map((e) => LABELS[e].padStart(9)).join('')}  daily active users`,
    ...u.perDay.map(
      (r) =>
        `${r.day}  ${String(r.active).padStart(6)}  ${UsageEvents.map((e) =>
          String(r[e]).padStart(9),
        ).join('')}  ${'█'.repeat(Math.round((r.active / max) * BAR))}`,
    ),
  ];
  if (u.pages.length) {
    lines.push(
      '',
      'most viewed screens:',
      ...u.pages.map((p) => `  ${p.path.padEnd(14)} ${p.views}`),
    );
  }
  return lines.join('\n');
}
