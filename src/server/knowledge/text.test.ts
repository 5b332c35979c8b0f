import { describe, expect, it } from 'vitest';
import { buildNovel } from '../test/book.ts';
import { CHUNK, chunkText } from './chunking.ts';
import { buildBigDocx, buildDocx, withDeclaredSizes } from '../test/fixtures.ts';
import { readDocxZip } from './docx-zip.ts';
import { ExtractError, MAX_HTML_DEPTH, decodeText, extractText, htmlToText } from './extract.ts';
import { foldPlural, indexLexemes, queryTerms, variants, words } from './text-search.ts';

describe('words and forms', () => {
  it('Hebrew: points and inner quotes go, one-letter prefixes are stripped', () => {
    expect(words('בְּרֵאשִׁית בָּרָא, צה"ל ו-ג׳ירפה')).toEqual(['בראשית', 'ברא', 'צהל', 'ו', 'גירפה']);
    expect(variants('ובבית')).toEqual(['ובבית', 'בבית', 'בית', 'ית']);
    expect(variants('ובבית', 3)).toEqual(['ובבית', 'בבית', 'בית']);
    expect(variants('כשהלכתי')).toEqual(['כשהלכתי', 'שהלכתי', 'הלכתי', 'לכתי']);
    expect(variants('לעץ')).toEqual(['לעץ', 'עץ']);
    expect(queryTerms('בית')[0]!.forms).toEqual(['בית']);
    expect(variants('על')).toEqual(['על']);
    expect(indexLexemes('ובבית הגדול')).toEqual(
      expect.arrayContaining(['ובבית', 'בבית', 'בית', 'הגדול', 'גדול']),
    );
  });

  it('English: lower case, apostrophes, plural folding', () => {
    expect(words("The Keeper's LAMPS")).toEqual(['the', 'keepers', 'lamps']);
    expect(foldPlural('stories')).toBe('story');
    expect(foldPlural('boxes')).toBe('boxe');
    expect(foldPlural('lamps')).toBe('lamp');
    expect(foldPlural('glass')).toBe('glass');
    expect(foldPlural('bus')).toBe('bus');
    expect(variants('keepers')).toEqual(['keepers', 'keeper']);
  });

  it('questions lose their stop words and keep digits', () => {
    expect(queryTerms('What was the name of the dog in 1847?').map((t) => t.word)).toEqual([
      'name',
      'dog',
      '1847',
    ]);
    expect(queryTerms('מה היה השם של הכלב?').map((t) => t.word)).toEqual(['השם', 'הכלב']);
  });
});

describe('passages', () => {
  const { text } = buildNovel('en', { chars: 120_000, seed: 3 });
  const chunks = chunkText(text);

  it('are 800-1500 characters (the last may be shorter)', () => {
    for (const c of chunks.slice(0, -1)) {
      expect(c.length).toBeGreaterThanOrEqual(CHUNK.min - 100);
      expect(c.length).toBeLessThanOrEqual(CHUNK.max);
    }
  });

  it('hold every sentence of the text, and overlap their neighbours', () => {
    const all = chunks.join('\n');
    for (const p of text.split('\n\n').slice(0, 200)) {
      for (const s of p.split(/(?<=\.)\s+/)) expect(all).toContain(s);
    }
    let overlapping = 0;
    for (let i = 1; i < chunks.length; i++) {
      const tail = chunks[i - 1]!.slice(-60);
      if (chunks[i]!.includes(tail.slice(tail.indexOf(' ') + 1))) overlapping++;
    }
    expect(overlapping / (chunks.length - 1)).toBeGreaterThan(0.9);
  });

  it('prefer paragraph boundaries, and cut over-long paragraphs and words', () => {
    const paras = ['a'.repeat(500), 'b'.repeat(500), 'c'.repeat(500)].join('\n\n');
    const cs = chunkText(paras);
    expect(cs[0]).toBe(`${'a'.repeat(500)}\n\n${'b'.repeat(500)}`);
    const long = chunkText('word '.repeat(2000));
    for (const c of long) expect(c.length).toBeLessThanOrEqual(CHUNK.max);
    const blob = chunkText('x'.repeat(5000));
    expect(blob.join('').replace(/\s/g, '').length).toBeGreaterThanOrEqual(5000);
    for (const c of blob) expect(c.length).toBeLessThanOrEqual(CHUNK.max);
    expect(chunkText('')).toEqual([]);
    expect(chunkText('short')).toEqual(['short']);
  });
});

describe('extraction helpers', () => {
  it('decodes UTF-8, UTF-16 and Windows-1255, and refuses binary', () => {
    expect(decodeText(Buffer.from('\uFEFFשלום', 'utf8'))).toBe('שלום');
    expect(
      decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('שלום', 'utf16le')])),
    ).toBe('שלום');
    expect(decodeText(Buffer.from([0xf9, 0xec, 0xe5, 0xed]))).toBe('שלום');
    expect(() => decodeText(Buffer.from([1, 2, 3, 0, 5]))).toThrow(ExtractError);
  });

  it('a NUL past the binary check is taken out (PostgreSQL text cannot hold it)', async () => {
    const text = `${'word '.repeat(14_000)}\u0000end`;
    expect(text.indexOf('\u0000')).toBeGreaterThan(64 * 1024);
    const out = await extractText('txt', Buffer.from(text));
    expect(out.includes('\u0000')).toBe(false);
    expect(out.endsWith('word end')).toBe(true);
  });

  it('HTML: visible text only, blocks as paragraphs', () => {
    expect(htmlToText('<p>One</p><script>x()</script><div>Two &amp; three</div>').trim()).toBe(
      'One\n\n\n\nTwo & three',
    );
  });

  it('HTML nested deeper than the bound is refused as deep; at the bound it is read', async () => {
    const nest = (n: number) => '<div>'.repeat(n) + 'x' + '</div>'.repeat(n);
    // The hostile file of issue 35: 200,000 nested <div>, 2.2 MB.
    const hostile = Buffer.from(nest(200_000));
    const why = await extractText('html', hostile).then(
      () => 'accepted',
      (err: unknown) => (err instanceof ExtractError ? err.reason : String(err)),
    );
    expect(why).toBe('deep');
    // Void elements and implied closes do not count as nesting.
    const flat = `${nest(MAX_HTML_DEPTH)}${'<p>a<br><img>'.repeat(5000)}`;
    expect(await extractText('html', Buffer.from(flat))).toContain('x');
  });

  it('a zip without a Word document is not a .docx', () => {
    expect(() => readDocxZip(Buffer.from('PK\u0003\u0004'.padEnd(40, '\0')), 1e6)).toThrow(
      ExtractError,
    );
  });
});

describe('docx size is counted while unpacking, not read from the zip', () => {
  const reason = (p: Promise<unknown>) =>
    p.then(
      () => 'accepted',
      (err: unknown) => (err instanceof ExtractError ? err.reason : String(err)),
    );
  const MB = 1024 * 1024;

  it('a zip that claims tiny sizes but unpacks past the limit is refused as it unpacks', async () => {
    const bomb = withDeclaredSizes(buildBigDocx(3 * MB), 100);
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(await reason(extractText('docx', bomb, { maxUnzippedBytes: 2 * MB }))).toBe('inflated');
    const zip = readDocxZip(bomb, 2 * MB);
    await expect(zip.read('word/document.xml')).rejects.toThrow(/unzips too large/);
    // Stopped at the limit: nothing past it was kept.
    expect(zip.inflated()).toBeLessThanOrEqual(2 * MB);
  });

  it('a zip that claims huge sizes but unpacks small is read', async () => {
    const honest = withDeclaredSizes(buildDocx(['שלום עולם', 'Hello world']), 0xfffffff0);
    expect(await extractText('docx', honest, { maxUnzippedBytes: 2 * MB })).toBe(
      'שלום עולם\n\nHello world',
    );
  });

  it('the budget is for the whole file, and a damaged part is a damaged file', async () => {
    const big = buildBigDocx(1.5 * MB);
    expect(await reason(extractText('docx', big, { maxUnzippedBytes: 2 * MB }))).toBe('accepted');
    expect(await reason(extractText('docx', big, { maxUnzippedBytes: 1 * MB }))).toBe('inflated');
    const zip = readDocxZip(big, 2 * MB);
    await zip.read('word/document.xml');
    const used = zip.inflated();
    expect(used).toBeGreaterThan(1.5 * MB);
    await zip.read('_rels/.rels');
    expect(zip.inflated()).toBeGreaterThan(used);
    const flipped = Buffer.from(big);
    flipped[flipped.length >> 1]! ^= 0xff;
    expect(await reason(extractText('docx', flipped))).toBe('corrupt');
  });
});
