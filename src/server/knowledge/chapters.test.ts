import { describe, expect, it } from 'vitest';
import { detectChapters, headingNumber, indexText } from './chapters.ts';

describe('chapter detection', () => {
  it('reads English and Hebrew headings: digits, Roman numerals, words, Hebrew letters', () => {
    expect(headingNumber('Chapter 7')).toBe(7);
    expect(headingNumber('CHAPTER XIV')).toBe(14);
    expect(headingNumber('Chapter Seven.')).toBe(7);
    expect(headingNumber('Chapter 3: The Storm')).toBe(3);
    expect(headingNumber('פרק 12')).toBe(12);
    expect(headingNumber('פרק ז׳')).toBe(7);
    expect(headingNumber('פרק י"ב: הסוף')).toBe(12);
    expect(headingNumber('פרק טו')).toBe(15);
  });

  it('does not take sentences for headings', () => {
    expect(headingNumber('Chapter one was dull, he said.')).toBeNull();
    expect(headingNumber('פרק זמן ארוך עבר מאז')).toBeNull();
    expect(headingNumber('In chapter 3 we read')).toBeNull();
    expect(headingNumber(`Chapter 2 ${'and a very long line '.repeat(5)}`)).toBeNull();
  });

  it('gives each passage its chapter and page; no passage straddles two chapters', () => {
    const text = [
      'A preface.',
      'פרק א׳',
      'Opening words.',
      'Still page one.\f',
      'Page two of chapter one.',
      'פרק ב׳',
      'The second chapter.',
    ].join('\n\n');
    expect(detectChapters(text)).toEqual([
      { n: 1, line: 'פרק א׳' },
      { n: 2, line: 'פרק ב׳' },
    ]);
    expect(indexText(text).map(({ chapter, page }) => [chapter, page])).toEqual([
      [0, 1],
      [1, 1],
      [1, 2],
      [2, 2],
    ]);
    const passages = indexText(text);
    expect(passages[3]!.content).toContain('The second chapter.');
    expect(passages[2]!.content).not.toContain('second chapter');
  });

  it('a text without headings or pages has no chapters', () => {
    expect(indexText('Just a story.\n\nWith two paragraphs.')).toEqual([
      { content: 'Just a story.\n\nWith two paragraphs.', chapter: null, page: null },
    ]);
  });

  it('uses the headings an editor corrected', () => {
    const text = 'Part one\n\nAlpha.\n\nPart two\n\nBeta.';
    expect(detectChapters(text)).toEqual([]);
    const corrected = [
      { n: 1, line: 'Part one' },
      { n: 2, line: 'Part two' },
    ];
    expect(indexText(text, corrected).map((p) => p.chapter)).toEqual([1, 2]);
  });
});
