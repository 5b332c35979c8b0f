const pad = (n: number) => String(n).padStart(2, '0');
const SERVER_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/** A server time ('YYYY-MM-DD HH:MM:SS', UTC) as a Date, or null when malformed (logged). */
function parse(value: string): Date | null {
  const m = SERVER_TIME.exec(value.trim());
  const date = m
    ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)))
    : null;
  if (!date || Number.isNaN(date.getTime())) {
    console.warn('malformed time string', value);
    return null;
  }
  return date;
}

function parts(date: Date, timeZone?: string) {
  if (!timeZone) {
    return {
      day: pad(date.getDate()),
      month: pad(date.getMonth() + 1),
      year: String(date.getFullYear()),
      hour: pad(date.getHours()),
      minute: pad(date.getMinutes()),
      second: pad(date.getSeconds()),
    };
  }
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((x) => [x.type, x.value]),
  );
  return {
    day: p.day,
    month: p.month,
    year: p.year,
    hour: p.hour,
    minute: p.minute,
    second: p.second,
  };
}

/**
 * A message time as the spec shows it (part 2 §3): the reader's local day/month/year
 * hour:minute:second. A malformed value is shown as it came (and logged); empty gives ''.
 */
export function formatTime(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '';
  const date = parse(value);
  if (!date) return value;
  const p = parts(date, timeZone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** Lists (files, knowledge): day/month/year and hour:minute (spec part 1 §5). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = parse(value);
  if (!date) return value;
  const p = parts(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** Now, in the server's format (for a message shown before the server echoes it). */
export function nowTm(date = new Date()): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
