import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTime } from './format-time.ts';

describe('formatTime', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows day/month/year and the time (UTC in, local out)', () => {
    const local = new Date(Date.UTC(2025, 2, 7, 9, 5, 0));
    const p = (n: number) => String(n).padStart(2, '0');
    expect(formatTime('2025-03-07 09:05:00')).toBe(
      `${p(local.getDate())}/${p(local.getMonth() + 1)}/2025 ${p(local.getHours())}:${p(local.getMinutes())}`,
    );
  });

  it('an empty value gives an empty string', () => {
    expect(formatTime('')).toBe('');
    expect(formatTime(null)).toBe('');
  });

  it('a malformed value is returned unchanged and logged', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(formatTime('yesterday')).toBe('yesterday');
    expect(warn).toHaveBeenCalled();
  });
});
