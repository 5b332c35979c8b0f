import { describe, expect, it } from 'vitest';
import { Lorebook, LoreEntry } from '../../protocol/lorebook.ts';
import { triggeredEntries } from './lorebook.ts';
import { replaceMacros } from './macros.ts';
import { exampleTurns } from '../chat/examples.ts';

const book = (entries: Partial<LoreEntry>[], more: Partial<Lorebook> = {}) =>
  Lorebook.parse({ ...more, entries: entries.map((e) => LoreEntry.parse(e)) });
const hit = (b: Lorebook, recent: string[]) =>
  triggeredEntries(b, recent).map((t) => t.entry.content);

describe('lorebook activation', () => {
  it('finds Hebrew keys under one-letter prefixes and English keys in the plural', () => {
    const b = book([
      { keys: ['בית'], content: 'house' },
      { keys: ['whale'], content: 'whale' },
    ]);
    expect(hit(b, ['וכשהגענו לבית'])).toEqual(['house']);
    expect(hit(b, ['ובבית הזה'])).toEqual(['house']);
    expect(hit(b, ['ביתן'])).toEqual([]);
    expect(hit(b, ['Three whales passed'])).toEqual(['whale']);
  });

  it('reads only the last scanDepth messages; an entry may have its own', () => {
    const b = book(
      [
        { keys: ['anchor'], content: 'book depth' },
        { keys: ['anchor'], content: 'own depth', scanDepth: 3 },
      ],
      { scanDepth: 1 },
    );
    expect(hit(b, ['the anchor', 'hi', 'hello'])).toEqual(['own depth']);
    expect(hit(b, ['the anchor', 'hi', 'hello', 'more'])).toEqual([]);
  });

  it('selective logic, case sensitivity, constant, disabled and the token budget', () => {
    const b = book(
      [
        { keys: ['ship'], secondaryKeys: ['storm'], selective: true, content: 'any' },
        {
          keys: ['ship'],
          secondaryKeys: ['storm'],
          selective: true,
          selectiveLogic: 2,
          content: 'none',
        },
        { keys: ['Mira'], caseSensitive: true, content: 'case' },
        { constant: true, content: 'always', insertionOrder: 50 },
        { keys: ['ship'], enabled: false, content: 'off' },
        { keys: ['ship'], content: 'x'.repeat(400), insertionOrder: 1 },
        { keys: ['ship'], content: 'small', insertionOrder: 200 },
      ],
      { tokenBudget: 60 },
    );
    // In insertion order; the long entry does not fit once the constant and the higher order are in.
    expect(hit(b, ['a ship in the storm, said mira'])).toEqual(['always', 'any', 'small']);
    expect(hit(b, ['a ship, said Mira'])).toEqual(['always', 'none', 'case', 'small']);
  });
});

describe('macros and examples', () => {
  const names = { user: 'Dana', char: 'Ahab' };
  it('puts the names in, any case, V1 tags too; {{original}} only where given', () => {
    expect(replaceMacros('{{user}} meets {{Char}}; <USER> and <bot>. {{ original }}', names)).toBe(
      'Dana meets Ahab; Dana and Ahab. ',
    );
    expect(replaceMacros('{{original}} more', { ...names, original: 'Base.' })).toBe('Base. more');
    expect(replaceMacros('{{random}} stays', names)).toBe('{{random}} stays');
  });
  it('turns <START> blocks into numbered example conversations', () => {
    const text = exampleTurns('<START>\nDana: hi\nAhab: aye\n<START>Dana: again', names, 'he');
    expect(text).not.toContain('<START>');
    expect(text).toContain('דוגמת שיחה 1');
    expect(text).toContain('דוגמת שיחה 2 (כך Ahab מדבר/ת; לא חלק מהשיחה הזו):\nDana: again');
  });
});
