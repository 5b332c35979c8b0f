import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatTime, nowTm } from './format-time.ts';

describe('formatTime (messages)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a server time as day/month/year hour:minute:second in the reader’s zone', () => {
    expect(formatTime('2026-03-07 09:05:04', 'UTC')).toBe('07/03/2026 09:05:04');
    expect(formatTime('2026-03-07 22:05:04', 'Asia/Jerusalem')).toBe('08/03/2026 00:05:04');
    expect(formatTime('2026-07-01 12:00:00', 'America/New_York')).toBe('01/07/2026 08:00:00');
  });

  it('uses the local zone by default; empty gives empty; anything else comes back as it was, logged', () => {
    expect(formatTime('2026-03-07 09:05:04')).toMatch(/^\d{2}\/\d{2}\/2026 \d{2}:\d{2}:04$/);
    expect(formatTime('')).toBe('');
    expect(formatTime(null)).toBe('');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(formatTime('yesterday')).toBe('yesterday');
    expect(warn).toHaveBeenCalled();
  });

  it('now in the server format', () => {
    expect(nowTm(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02 03:04:05');
  });
});

describe('formatDateTime (lists)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows day/month/year and the time (UTC in, local out)', () => {
    const local = new Date(Date.UTC(2025, 2, 7, 9, 5, 0));
    const p = (n: number) => String(n).padStart(2, '0');
    expect(formatDateTime('2025-03-07 09:05:00')).toBe(
      `${p(local.getDate())}/${p(local.getMonth() + 1)}/2025 ${p(local.getHours())}:${p(local.getMinutes())}`,
    );
  });

  it('an empty value gives an empty string; a malformed one is returned and logged', () => {
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime(null)).toBe('');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(formatDateTime('yesterday')).toBe('yesterday');
    expect(warn).toHaveBeenCalled();
  });
});
