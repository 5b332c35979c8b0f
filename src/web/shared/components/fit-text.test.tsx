import { describe, expect, it } from 'vitest';
import { fitPrefix } from './fit-text.tsx';

describe('fitPrefix', () => {
  // One unit a character: a line of room 10 takes 10 characters.
  const room = (n: number) => (s: string) => Array.from(s).length <= n;

  it('keeps a text that fits; cuts one that does not at its logical end', () => {
    expect(fitPrefix('Dana Levi', room(10))).toBe('Dana Levi');
    // A Hebrew name ending in English loses the end of the English, never its start.
    expect(fitPrefix('קוראת ראשונה Anne Shirley', room(15))).toBe('קוראת ראשונה A…');
    expect(fitPrefix('קוראת ראשונה Anne', room(13))).toBe('קוראת ראשונה…');
  });

  it('never splits a surrogate pair; with no room at all, an ellipsis', () => {
    expect(fitPrefix('📚📚📚📚', room(3))).toBe('📚📚…');
    expect(fitPrefix('abc', room(0))).toBe('…');
  });
});
