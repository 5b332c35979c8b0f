/**
 * Server times are 'YYYY-MM-DD HH:MM:SS' in UTC (docs/decisions.md 'Times'); shown as
 * day/month/year and the time, in the user's time zone (spec part 1 §5). A malformed value
 * is shown unchanged (and logged); an empty one gives ''.
 */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value.trim());
  if (!m) {
    console.warn('malformed time string', value);
    return value;
  }
  const [, y, mo, d, h, mi, s] = m;
  const date = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +(s ?? 0)));
  if (Number.isNaN(date.getTime())) {
    console.warn('malformed time string', value);
    return value;
  }
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(date.getDate())}/${p(date.getMonth() + 1)}/${date.getFullYear()} ${p(date.getHours())}:${p(date.getMinutes())}`;
}
