const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A server time ('YYYY-MM-DD HH:MM:SS', UTC) as the spec shows it (part 2 §3): the reader's
 * local day/month/year hour:minute:second. Anything else is shown as it came.
 */
export function formatTime(tm: string, timeZone?: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(tm);
  if (!m) return tm;
  const date = new Date(
    Date.UTC(
      Number(m[1]),
      Number(m[2]) - 1,
      Number(m[3]),
      Number(m[4]),
      Number(m[5]),
      Number(m[6]),
    ),
  );
  if (timeZone) {
    const parts = Object.fromEntries(
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
        .map((p) => [p.type, p.value]),
    );
    return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
  }
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Now, in the server's format (for a message shown before the server echoes it). */
export function nowTm(date = new Date()): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
