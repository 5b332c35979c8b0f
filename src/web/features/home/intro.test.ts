import { describe, expect, it } from 'vitest';
import { parseIntro } from './intro.ts';

const SOURCE = `# ספרים מתעוררים

פסקה ראשונה.

פסקה שנייה
בשתי שורות.
=====
# Books come alive

First paragraph.
# Second title
Second paragraph.
`;

describe('parseIntro', () => {
  it('takes the Hebrew half for he', () => {
    expect(parseIntro(SOURCE, 'he')).toEqual([
      { kind: 'title', text: 'ספרים מתעוררים' },
      { kind: 'paragraph', text: 'פסקה ראשונה.' },
      { kind: 'paragraph', text: 'פסקה שנייה בשתי שורות.' },
    ]);
  });

  it('takes the English half for en, titles from "# " lines', () => {
    expect(parseIntro(SOURCE, 'en')).toEqual([
      { kind: 'title', text: 'Books come alive' },
      { kind: 'paragraph', text: 'First paragraph.' },
      { kind: 'title', text: 'Second title' },
      { kind: 'paragraph', text: 'Second paragraph.' },
    ]);
  });

  it('copes with Windows line ends and a file without the separator', () => {
    expect(parseIntro('# T\r\n\r\nP\r\n', 'en')).toEqual([
      { kind: 'title', text: 'T' },
      { kind: 'paragraph', text: 'P' },
    ]);
  });
});
