import { describe, expect, it } from 'vitest';
import { formatTime, nowTm } from './format-time.ts';

describe('formatTime', () => {
  it('shows a server time as day/month/year hour:minute:second in the reader’s zone', () => {
    expect(formatTime('2026-03-07 09:05:04', 'UTC')).toBe('07/03/2026 09:05:04');
    expect(formatTime('2026-03-07 22:05:04', 'Asia/Jerusalem')).toBe('08/03/2026 00:05:04');
    expect(formatTime('2026-07-01 12:00:00', 'America/New_York')).toBe('01/07/2026 08:00:00');
  });

  it('uses the local zone by default and leaves anything else as it came', () => {
    const local = formatTime('2026-03-07 09:05:04');
    expect(local).toMatch(/^\d{2}\/\d{2}\/2026 \d{2}:\d{2}:04$/);
    expect(formatTime('yesterday')).toBe('yesterday');
  });

  it('now in the server format', () => {
    expect(nowTm(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02 03:04:05');
  });
});
