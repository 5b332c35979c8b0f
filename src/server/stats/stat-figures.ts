import type { StatRow } from './rollup.repo.ts';

const DAY_MS = 86_400_000;

/** The Monday (UTC) of a YYYY-MM-DD day's week, as PostgreSQL's date_trunc('week') gives it. */
export function weekOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const back = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - back * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The stats page's figures from one character's rows (roll-up and live): totals, messages
 * per day and token cost per day since `since` (`costOf` prices a row in US dollars, as
 * billing does), active users per week since `weeksSince`.
 */
export function statFigures(
  rows: StatRow[],
  since: string,
  weeksSince: string,
  costOf: (r: StatRow) => number,
) {
  let messages = 0;
  const users = new Set<number>();
  const groupUsers = new Set<number>();
  const perDay = new Map<string, number>();
  const perWeek = new Map<string, Set<number>>();
  const cost = new Map<string, number>();
  for (const r of rows) {
    messages += r.messages;
    if (r.userMessages > 0) {
      users.add(r.userId);
      if (r.source === 'group') groupUsers.add(r.userId);
    }
    if (r.day >= since && r.messages > 0) perDay.set(r.day, (perDay.get(r.day) ?? 0) + r.messages);
    if (r.day >= weeksSince && r.userMessages > 0) {
      const w = weekOf(r.day);
      perWeek.set(w, (perWeek.get(w) ?? new Set()).add(r.userId));
    }
    if (r.day >= since && r.model) {
      const c = costOf(r);
      cost.set(r.day, (cost.get(r.day) ?? 0) + c);
    }
  }
  const sorted = <T>(m: Map<string, T>) => [...m].sort(([a], [b]) => (a < b ? -1 : 1));
  return {
    messages,
    /** Users who wrote to the character, alone or in a group. */
    users: [...users],
    /** A user's group chat is one conversation with each character that answered there. */
    groupConversations: groupUsers.size,
    perDay: sorted(perDay).map(([day, n]) => ({ day, messages: n })),
    perWeek: sorted(perWeek).map(([week, u]) => ({ week, users: u.size })),
    costPerDay: sorted(cost).map(([day, c]) => ({ day, cost: Math.round(c * 1e6) / 1e6 })),
  };
}
