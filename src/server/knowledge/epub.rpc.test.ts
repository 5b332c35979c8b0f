import { beforeAll, describe, expect, it } from 'vitest';
import { chatTestBed } from '../chat/chat-test-kit.ts';
import { postForm } from '../test/fixtures.ts';
import { rpc, testDatabases } from '../test/harness.ts';
import { knowledgeOn } from '../test/services.ts';
import type { FakeRequest } from '../test/fake-openai.ts';
import { makeTestEpub, type TestEpubOptions } from './epub-test-book.ts';

/** A Hebrew EPUB 3 book: two chapters with titles, a footnote, a contents page. */
const ISLAND: TestEpubOptions = {
  language: 'he',
  version: 3,
  title: 'האי',
  contentsPage: true,
  chapters: [
    {
      title: 'פרק ראשון: הספינה',
      paragraphs: ['הספינה הגיעה לחוף בבוקר. המלחים ירדו אל החול הלבן.'],
      footnotes: ['החוף הזה נקרא היום מפרץ האלמוגים.'],
    },
    {
      title: 'פרק שני: המערה',
      paragraphs: ['בלילה מצאו מערה עמוקה מאחורי המפל, ובה תיבה של זהב.'],
    },
  ],
};

/** An English EPUB 2 book (toc.ncx). */
const LIGHTHOUSE: TestEpubOptions = {
  language: 'en',
  version: 2,
  chapters: [
    { title: 'The Lamp', paragraphs: ['The keeper lit the great lamp at dusk every evening.'] },
    {
      title: 'The Ferry',
      paragraphs: ['Biscuit the dog ran away to Gullhaven on the last ferry of the year.'],
    },
  ],
};

const lastUserText = (req: FakeRequest) =>
  JSON.stringify(req.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '');

/** The number the prompt gave the passage holding `words` (0: not sent). */
function numberOf(req: FakeRequest, words: string): number {
  const text = JSON.parse(lastUserText(req)) as string;
  for (const block of text.split(/\n(?=\[\d+\] \()/)) {
    const m = /^\[(\d+)\]/.exec(block);
    if (m && block.includes(words)) return Number(m[1]);
  }
  return 0;
}

interface Listed {
  num: number;
  title: string;
  chapters: number;
}

describe.each(testDatabases())('EPUB books through the upload on %s', (kind) => {
  const { bed, ask } = chatTestBed(kind);
  const upload = (name: string, data: Buffer, lang = 'en') =>
    postForm(bed.t.app, '/api/upload', {
      bearer: bed.editor,
      fields: { friend: 'holmesen', lang },
      file: { name, data },
    });
  const listed = async () =>
    (await rpc(bed.t.app, { action: 'GetFiles', friend: 'holmesen' }, { bearer: bed.editor })).body
      .files as Listed[];
  const chaptersOf = async (num: number) =>
    (
      await rpc(
        bed.t.app,
        { action: 'GetSetFileChapters', friendid: 'holmesen', num },
        { bearer: bed.editor },
      )
    ).body.chapters as { n: number; line: string; passages: number }[];

  let island = 0;
  beforeAll(async () => {
    const up = await upload('ben-yehuda-1234.epub', makeTestEpub(ISLAND));
    expect(up.text).toMatch(/^OK/);
    island = Number(up.text.split(' ')[1]);
  });

  it('imports a Hebrew EPUB 3 with its chapters and their titles', async () => {
    const file = (await listed()).find((f) => f.num === island)!;
    expect(file).toMatchObject({ title: 'האי', chapters: 2 });
    const chapters = await chaptersOf(island);
    expect(chapters.map((c) => [c.n, c.line])).toEqual([
      [1, 'פרק ראשון: הספינה'],
      [2, 'פרק שני: המערה'],
    ]);
    expect(chapters.every((c) => c.passages > 0)).toBe(true);
    // The horizon counts the book's chapters.
    const h = await rpc(
      bed.t.app,
      { action: 'GetSetHorizon', friendid: 'holmesen' },
      { bearer: bed.token },
    );
    expect(h.body).toMatchObject({ Error: 0, chapters: 2 });
  });

  it("an answer from the book's knowledge cites its chapter", async () => {
    bed.fake.setDefault((req) => ({
      text: `A chest of gold, in the cave [${numberOf(req, 'תיבה של זהב')}].`,
    }));
    const r = await ask({ message: 'מה מצאו במערה מאחורי המפל?', subject: 'Cave', lang: 'he' });
    const sent = bed.fake.requests.find((q) => lastUserText(q).includes('מאחורי המפל?'))!;
    const n = numberOf(sent, 'תיבה של זהב');
    expect(n).toBeGreaterThan(0);
    expect(r.body).toMatchObject({
      Error: 0,
      citations: [
        { n, kind: 'file', title: 'האי', chapter: 2, text: expect.stringContaining('תיבה של זהב') },
      ],
    });
  });

  it('the footnote is kept with its chapter, and the chapter editor keeps the places', async () => {
    bed.fake.setDefault({ text: 'Coral bay.' });
    await ask({ message: 'איך נקרא החוף היום? מפרץ', subject: 'Note', lang: 'he' });
    const sent = bed.fake.requests.at(-1)!;
    expect(lastUserText(sent)).toContain('[הערה 1] החוף הזה נקרא היום מפרץ האלמוגים.');
    expect(lastUserText(sent)).toContain('(האי, פרק 1)');
    // An editor renumbering the chapters: each still starts at its own place, not in the
    // contents page that lists both titles first.
    const r = await rpc(
      bed.t.app,
      {
        action: 'GetSetFileChapters',
        friendid: 'holmesen',
        num: island,
        chapters: [
          { n: 1, line: 'פרק ראשון: הספינה' },
          { n: 3, line: 'פרק שני: המערה' },
        ],
      },
      { bearer: bed.editor },
    );
    expect(r.body.Error).toBe(0);
    const chapters = r.body.chapters as { n: number; passages: number }[];
    expect(chapters.map((c) => c.n)).toEqual([1, 3]);
    const chapterOf = async (words: string) =>
      (await knowledgeOn(bed.t.deps).retrieve('holmesen', words, 1))[0]?.chapter;
    expect(await chapterOf('המלחים ירדו אל החול הלבן')).toBe(1);
    expect(await chapterOf('תיבה של זהב מאחורי המפל')).toBe(3);
  });

  it('imports an English EPUB 2 with the chapters of its toc.ncx', async () => {
    const up = await upload('lighthouse.epub', makeTestEpub(LIGHTHOUSE));
    expect(up.text).toMatch(/^OK/);
    const num = Number(up.text.split(' ')[1]);
    expect((await chaptersOf(num)).map((c) => c.line)).toEqual(['The Lamp', 'The Ferry']);
  });

  it('refuses bomb-shaped books with the reason, in Hebrew and English, storing nothing', async () => {
    const before = (await listed()).length;
    const cases: [TestEpubOptions['bomb'], RegExp, RegExp][] = [
      ['ratio', /more than 100 times its packed size/, /יותר מפי 100/],
      ['entity', /declares XML entities/, /ישויות XML/],
      ['traversal', /outside itself/, /מחוץ לו/],
      ['deep', /nested too deeply/, /מקונן לעומק/],
    ];
    for (const [bomb, en, he] of cases) {
      const data = makeTestEpub({ ...LIGHTHOUSE, bomb });
      const r = await upload('bomb.epub', data, 'en');
      expect(r.status, bomb).toBe(400);
      expect(r.text, bomb).toMatch(en);
      expect((await upload('bomb.epub', data, 'he')).text, bomb).toMatch(he);
    }
    expect((await listed()).length).toBe(before);
  });
});
