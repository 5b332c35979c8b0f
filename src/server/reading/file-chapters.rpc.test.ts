import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { buildPdf, postForm } from '../test/fixtures.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { knowledgeOn } from '../test/services.ts';

/** A small book: a preface, three chapters, and a line an editor may make a heading. */
const BOOK = [
  'A note before the story.',
  'Chapter 1',
  'The keeper of the lighthouse had a dog called Biscuit.',
  'Chapter 2',
  'In the winter the harbour froze solid.',
  'The Thaw',
  'Spring came and the boats went out to sea again.',
  'Chapter 3',
  'Biscuit ran away to Gullhaven on the last ferry.',
].join('\n\n');

interface Chapters {
  chapters: { n: number; line: string; page: number | null; passages: number }[];
  pages: number;
  passages: number;
}

describe.each(testDatabases())('file chapters on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let stranger: string;
  let num = 0;

  const call = (body: Record<string, unknown>, bearer = owner) =>
    rpc(t.app, { action: 'GetSetFileChapters', friendid: 'lighthouse', num, ...body }, { bearer });
  const chapterOf = async (words: string) => {
    const found = await knowledgeOn(t.deps).retrieve('lighthouse', words, 1);
    return found[0]?.chapter;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userWithSession(t, 'owner@example.com', { grant: 'canadd' });
    stranger = await userWithSession(t, 'stranger@example.com', { grant: 'canadd' });
    const made = await rpc(
      t.app,
      {
        action: 'SetFriendDetails',
        insert: 1,
        friendid: 'lighthouse',
        friendname: 'Keeper',
        image: '/friends/librarian.svg',
        personality: 'Keeps the light.',
        firstprompt: 'Hi',
      },
      { bearer: owner },
    );
    expect(made.body.Error).toBe(0);
    const up = await postForm(t.app, '/api/upload', {
      bearer: owner,
      fields: { friend: 'lighthouse', friendtype: '0' },
      file: { name: 'book.txt', data: Buffer.from(BOOK) },
    });
    expect(up.text).toMatch(/^OK/);
    const files = await rpc(t.app, { action: 'GetFiles', friend: 'lighthouse' }, { bearer: owner });
    num = (files.body.files as { num: number }[])[0]!.num;
  });
  afterAll(() => t.close());

  it('reads the chapters found at indexing, with their passages', async () => {
    const r = await call({});
    expect(r.body.Error).toBe(0);
    const body = r.body as unknown as Chapters;
    expect(body.chapters.map((c) => [c.n, c.line])).toEqual([
      [1, 'Chapter 1'],
      [2, 'Chapter 2'],
      [3, 'Chapter 3'],
    ]);
    expect(body.chapters.every((c) => c.passages > 0)).toBe(true);
    expect(body.pages).toBe(0);
    expect(body.passages).toBeGreaterThan(3);
  });

  it('the files list counts each file’s chapters and pages', async () => {
    const up = await postForm(t.app, '/api/upload', {
      bearer: owner,
      fields: { friend: 'lighthouse', friendtype: '0' },
      file: {
        name: 'log.pdf',
        data: buildPdf([['Chapter 1', 'The lamp was lit.'], ['The storm came at night.']]),
      },
    });
    expect(up.text).toMatch(/^OK/);
    const list = await rpc(t.app, { action: 'GetFiles', friend: 'lighthouse' }, { bearer: owner });
    const files = list.body.files as { num: number; chapters: number; pages: number }[];
    expect(files.find((f) => f.num === num)).toMatchObject({ chapters: 3, pages: 0 });
    const pdf = files.find((f) => f.num !== num)!;
    expect(pdf).toMatchObject({ chapters: 1, pages: 2 });
    const r = await rpc(
      t.app,
      { action: 'GetSetFileChapters', friendid: 'lighthouse', num: pdf.num },
      { bearer: owner },
    );
    expect(r.body).toMatchObject({ pages: 2, chapters: [{ n: 1, line: 'Chapter 1', page: 1 }] });
    await rpc(
      t.app,
      { action: 'DelFile', friendid: 'lighthouse', num: pdf.num },
      { bearer: owner },
    );
  });

  it('an editor splits a chapter at a line, renumbers and merges; passages follow', async () => {
    expect(await chapterOf('Spring boats sea')).toBe(2);
    // Split: "The Thaw" starts chapter 3, the old chapter 3 becomes 4 (given out of order).
    const split = await call({
      chapters: [
        { n: 1, line: 'Chapter 1' },
        { n: 4, line: 'Chapter 3' },
        { n: 2, line: 'Chapter 2' },
        { n: 3, line: 'The Thaw' },
      ],
    });
    expect(split.body.Error).toBe(0);
    expect((split.body as unknown as Chapters).chapters.map((c) => [c.n, c.line])).toEqual([
      [1, 'Chapter 1'],
      [2, 'Chapter 2'],
      [3, 'The Thaw'],
      [4, 'Chapter 3'],
    ]);
    expect(await chapterOf('Spring boats sea')).toBe(3);
    expect(await chapterOf('Gullhaven ferry')).toBe(4);

    // Merge: without "Chapter 2" its text belongs to chapter 1.
    const merged = await call({
      chapters: [
        { n: 1, line: 'Chapter 1' },
        { n: 2, line: 'Chapter 3' },
      ],
    });
    expect(merged.body.Error).toBe(0);
    expect(await chapterOf('harbour froze')).toBe(1);
    expect(await chapterOf('Gullhaven ferry')).toBe(2);
    // The horizon reads the new numbering.
    const h = await rpc(
      t.app,
      { action: 'GetSetHorizon', friendid: 'lighthouse' },
      { bearer: owner },
    );
    expect(h.body.chapters).toBe(2);
  });

  it('refuses a line the text does not hold, and changes nothing', async () => {
    const before = (await call({})).body as unknown as Chapters;
    const r = await call({ chapters: [{ n: 1, line: 'Chapter 99: not here' }] }, owner);
    expect(r.body.Error).toBe(ErrorCode.BAD_INPUT);
    expect(r.body.Errstr).toContain('Chapter 99');
    expect((await call({})).body).toEqual(before);
  });

  it('no chapters at all: the text is one chapterless run', async () => {
    const r = await call({ chapters: [] });
    expect(r.body.Error).toBe(0);
    expect((r.body as unknown as Chapters).chapters).toEqual([]);
    expect(await chapterOf('Gullhaven ferry')).toBeNull();
  });

  it('a stranger can neither read nor change them', async () => {
    for (const body of [{}, { chapters: [{ n: 1, line: 'Chapter 1' }] }]) {
      const r = await call(body, stranger);
      expect([ErrorCode.FORBIDDEN, ErrorCode.NOT_FOUND]).toContain(r.body.Error);
    }
    const missing = await rpc(
      t.app,
      { action: 'GetSetFileChapters', friendid: 'lighthouse', num: num + 1000 },
      { bearer: owner },
    );
    expect(missing.body.Error).toBe(ErrorCode.NOT_FOUND);
  });
});
