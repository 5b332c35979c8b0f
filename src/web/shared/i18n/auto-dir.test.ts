import { describe, expect, it } from 'vitest';
import { majorityDir } from './auto-dir.ts';

describe('majorityDir: the direction of most of a passage’s letters', () => {
  it('reads a Hebrew sentence that opens with English as Hebrew, and the reverse', () => {
    expect(majorityDir('"Shalom," אמר John ליד השער.')).toBe('rtl');
    expect(majorityDir('“שלום,” said Abraham at the gate of the city.')).toBe('ltr');
    expect(majorityDir('"אני אוהבת לצחוק," אמרה רחל.\n"Hello."')).toBe('rtl');
  });

  it('leaves a text without letters to its place', () => {
    expect(majorityDir('[1] — 42.')).toBeUndefined();
    expect(majorityDir('')).toBeUndefined();
  });
});
