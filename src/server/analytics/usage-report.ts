import type { Db } from '../db/client.ts';
import { analyticsRepo } from './analytics.repo.ts';

const COLUMNS = [
  ['page_view', 'views'],
  ['sign_in', 'sign-ins'],
  ['message_sent', 'messages'],
  ['image_created', 'images'],
  ['purchase', 'purchases'],
] as const;
const BAR = 40;

/**
 * `npm run admin -- usage`: the main counts of the last `days` days, and a plot of daily
 * active users (one bar per day, days with nobody included).
 */
export async function usageReport(db: Db, days: number, now: Date): Promise<string> {
  const repo = analyticsRepo(db);
  const start = new Date(now.getTime() - (days - 1) * 86400_000).toISOString().slice(0, 10);
  const rows = new Map((await repo.since(start)).map((r) => [r.day, r]));
  const all = Array.from({ length: days }, (_, i) => {
    const day = new Date(Date.parse(start) + i * 86400_000).toISOString().slice(0, 10);
    return rows.get(day) ?? { day, active: 0, events: {} as Record<string, number> };
  });
  const total = (event: string) => all.reduce((n, r) => n + (r.events[event] ?? 0), 0);
  const max = Math.max(1, ...all.map((r) => r.active));
  const lines = [
    `Usage, ${all[0]!.day} to ${all.at(-1)!.day} (${days} days)`,
    `  ${COLUMNS.map(([e, label]) => `${label} ${total(e)}`).join(' · ')}`,
    `  most active users on one day: ${Math.max(0, ...all.map((r) => r.active))}`,
    '',
    `day         active  ${COLUMNS.map(([, l]) => l.padStart(9)).join('')}  daily active users`,
    ...all.map(
      (r) =>
        `${r.day}  ${String(r.active).padStart(6)}  ${COLUMNS.map(([e]) =>
          String(r.events[e] ?? 0).padStart(9),
        ).join('')}  ${'█'.repeat(Math.round((r.active / max) * BAR))}`,
    ),
  ];
  const pages = await repo.topPages(start);
  if (pages.length) {
    lines.push('', 'most viewed screens:', ...pages.map((p) => `  ${p.path.padEnd(14)} ${p.n}`));
  }
  return lines.join('\n');
}
