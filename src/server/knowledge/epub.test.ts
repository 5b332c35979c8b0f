import { describe, expect, it } from 'vitest';
import { indexText } from './chapters.ts';
import { makeTestEpub, type TestEpubBomb, type TestEpubOptions } from './epub-test-book.ts';
import { readContentDoc } from './epub-content.ts';
import { resolveHref } from './epub.ts';
import { ExtractError } from './extract-error.ts';
import { extractFile } from './extract.ts';

const HEBREW: TestEpubOptions = {
  language: 'he',
  version: 3,
  title: 'האי',
  chapters: [
    {
      title: 'פרק ראשון: הספינה',
      paragraphs: ['הספינה הגיעה לחוף בבוקר. המלחים ירדו אל החול הלבן.', 'הקברניט ספר את הארגזים.'],
      footnotes: ['החוף הזה נקרא היום מפרץ האלמוגים.'],
    },
    {
      title: 'פרק שני: המערה',
      paragraphs: ['בלילה מצאו מערה עמוקה מאחורי המפל.'],
    },
  ],
};

const ENGLISH: TestEpubOptions = {
  language: 'en',
  version: 2,
  title: 'The Lighthouse',
  chapters: [
    { title: 'I. The Lamp', paragraphs: ['The keeper lit the great lamp at dusk.'] },
    { title: 'II. The Storm', paragraphs: ['In the winter the harbour froze solid.'] },
    { title: 'III. The Ferry', paragraphs: ['Biscuit ran away on the last ferry.'] },
  ],
};

const read = (o: TestEpubOptions, maxUnzippedBytes?: number) =>
  extractFile('epub', makeTestEpub(o), { maxUnzippedBytes });
const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (err: unknown) => (err instanceof ExtractError ? err.reason : String(err)),
  );

describe('EPUB books', () => {
  it('EPUB 3 in Hebrew: chapters from nav with their titles, a footnote kept as a note, rtl', async () => {
    const book = await read(HEBREW);
    expect(book.language).toBe('he');
    expect(book.direction).toBe('rtl');
    expect(book.title).toBe('האי');
    expect(book.chapters).toEqual([
      { n: 1, line: 'פרק ראשון: הספינה' },
      { n: 2, line: 'פרק שני: המערה' },
    ]);
    // The reference stays where it was as [הערה 1] (a bare [1] would read as a citation);
    // the note's text comes at the chapter's end, not in the middle of the sentence, and the
    // link back ("↩") is left out.
    expect(book.text).toBe(
      [
        'פרק ראשון: הספינה',
        'הספינה הגיעה לחוף בבוקר.[הערה 1] המלחים ירדו אל החול הלבן.',
        'הקברניט ספר את הארגזים.',
        '[הערה 1] החוף הזה נקרא היום מפרץ האלמוגים.',
        'פרק שני: המערה',
        'בלילה מצאו מערה עמוקה מאחורי המפל.',
      ].join('\n\n'),
    );
    // Scripts, styles, the head's title and images give no text.
    expect(book.text).not.toMatch(/script text|margin|An image/);
    // The note belongs to the chapter that refers to it (the spoiler horizon and citations).
    const passages = indexText(book.text, book.chapters);
    expect(passages.map((p) => p.chapter)).toEqual([1, 2]);
    expect(passages[0]!.content).toContain('מפרץ האלמוגים');
  });

  it('EPUB 2 in English: chapters from toc.ncx; a public DOCTYPE is fine', async () => {
    const book = await read(ENGLISH);
    expect(book.language).toBe('en');
    expect(book.direction).toBe('ltr');
    expect(book.chapters!.map((c) => [c.n, c.line])).toEqual([
      [1, 'I. The Lamp'],
      [2, 'II. The Storm'],
      [3, 'III. The Ferry'],
    ]);
    const passages = indexText(book.text, book.chapters);
    expect(passages.map((p) => [p.chapter, p.content.split('\n\n')[1]])).toEqual([
      [1, 'The keeper lit the great lamp at dusk.'],
      [2, 'In the winter the harbour froze solid.'],
      [3, 'Biscuit ran away on the last ferry.'],
    ]);
  });

  it('an English EPUB 3 marks its notes in English', async () => {
    const book = await read({
      ...ENGLISH,
      version: 3,
      chapters: [{ ...ENGLISH.chapters[0]!, footnotes: ['Lit with whale oil.', 'Or at six.'] }],
    });
    expect(book.text.split('\n\n')).toEqual([
      'I. The Lamp',
      'The keeper lit the great lamp at dusk.[note 1][note 2]',
      '[note 1] Lit with whale oil.',
      '[note 2] Or at six.',
    ]);
  });

  it('reads in spine order, not manifest order', async () => {
    const book = await read({ ...ENGLISH, manifestReversed: true });
    const at = (s: string) => book.text.indexOf(s);
    expect(at('great lamp')).toBeLessThan(at('harbour froze'));
    expect(at('harbour froze')).toBeLessThan(at('last ferry'));
    expect(book.chapters!.map((c) => c.line)).toEqual([
      'I. The Lamp',
      'II. The Storm',
      'III. The Ferry',
    ]);
  });

  it('a contents page listing the titles first does not take the chapters', async () => {
    for (const version of [2, 3] as const) {
      const book = await read({ ...ENGLISH, version, contentsPage: true });
      expect(book.chapters![0]).toEqual({ n: 1, line: 'I. The Lamp', skip: 1 });
      const passages = indexText(book.text, book.chapters);
      expect(passages[0]).toMatchObject({ chapter: 0 });
      expect(passages[0]!.content).toContain('III. The Ferry');
      expect(passages.find((p) => p.content.includes('last ferry'))!.chapter).toBe(3);
      expect(passages.find((p) => p.content.includes('harbour froze'))!.chapter).toBe(2);
    }
  });

  it('chapters inside one document, by the ids the table of contents points at', async () => {
    const book = await read({ ...HEBREW, oneDocument: true });
    expect(book.chapters!.map((c) => c.line)).toEqual(['פרק ראשון: הספינה', 'פרק שני: המערה']);
    const passages = indexText(book.text, book.chapters);
    expect(passages.map((p) => p.chapter)).toEqual([1, 2]);
    // The note is placed at the end of its own chapter, before the next one's heading.
    expect(passages[0]!.content).toContain('[הערה 1] החוף הזה');
    expect(passages[1]!.content).not.toContain('החוף הזה');
  });

  it.each<[TestEpubBomb, string]>([
    ['ratio', 'ratio'],
    ['entries', 'entries'],
    ['entity', 'entity'],
    ['traversal', 'path'],
    ['absolute', 'path'],
    ['deep', 'deep'],
  ])('refuses the %s bomb as %s', async (bomb, expected) => {
    expect(await reason(read({ ...ENGLISH, bomb }))).toBe(expected);
  });

  it('the whole book counts against the unpacked budget', async () => {
    const big: TestEpubOptions = {
      ...ENGLISH,
      chapters: [{ title: 'Long', paragraphs: ['Words and more words. '.repeat(20_000)] }],
    };
    expect(await reason(read(big, 100_000))).toBe('inflated');
    expect(await reason(read(big))).toBe('accepted');
  });

  it('hrefs stay inside the container', () => {
    expect(resolveHref('OEBPS/text', '../images/a.png')).toBe('OEBPS/images/a.png');
    expect(resolveHref('OEBPS', 'text/ch%201.xhtml#p3')).toBe('OEBPS/text/ch 1.xhtml');
    for (const href of ['../../x.xhtml', '/etc/passwd', 'file:///etc/passwd', 'C:/x', 'a\\..\\b']) {
      expect(() => resolveHref('OEBPS', href)).toThrow(ExtractError);
    }
  });

  it('a damaged book is refused, whichever byte it is cut at', async () => {
    const whole = makeTestEpub(HEBREW);
    for (const at of [10, 200, whole.length >> 1, whole.length - 30]) {
      const r = await reason(extractFile('epub', whole.subarray(0, at)));
      expect(r, String(at)).toBe('corrupt');
    }
    // A broken escape in a noteref's link is just a link, not a crash.
    const doc = readContentDoc(
      '<p>Text<a epub:type="noteref" href="#%E0%A4%A">1</a>.</p><aside epub:type="footnote" id="x">N</aside>',
      'a.xhtml',
      { top: [], at: new Map() },
      'note',
    );
    expect(doc.pieces).toEqual([
      { kind: 'para', text: 'Text[note 1].' },
      { kind: 'ref', id: '%E0%A4%A' },
    ]);
    expect([...doc.notes.values()]).toEqual([{ label: '1', text: 'N' }]);
  });

  it('a zip that is not an EPUB is refused as damaged', async () => {
    expect(await reason(extractFile('epub', Buffer.from('PK\u0003\u0004 not really')))).toBe(
      'corrupt',
    );
  });
});
