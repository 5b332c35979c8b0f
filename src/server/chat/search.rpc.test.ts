import { describe, expect, it, beforeAll } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { rpc, testDatabases, userWithSession } from '../test/harness.ts';
import { chatTestBed } from './chat-test-kit.ts';

interface Hit {
  id: number;
  subject: string;
  role: string;
  speaker: string;
  snippet: string;
  marks: [number, number][];
}

describe.each(testDatabases())('SearchConversations on %s', (kind) => {
  const { bed, ask, retrieve } = chatTestBed(kind);
  let stranger: string;
  beforeAll(async () => {
    stranger = await userWithSession(bed.t, 'stranger@example.com');
  });

  const search = async (body: Record<string, unknown>, bearer = bed.token) => {
    const r = await rpc(
      bed.t.app,
      { action: 'SearchConversations', friendid: 'holmesen', ...body },
      { bearer },
    );
    return r.body as { Error: number; Errstr?: string; hits: Hit[]; hasmore: boolean };
  };
  const marked = (h: Hit) => h.marks.map(([a, b]) => h.snippet.slice(a, b));

  it('finds words in every subject of the reader, Hebrew and English, and the hit opens in its subject', async () => {
    expect(
      (await ask({ message: 'I planted roses in the garden', subject: 'Garden' })).body.Error,
    ).toBe(0);
    expect((await ask({ message: 'ובבית שלנו יש חתול שחור', subject: 'בית' })).body.Error).toBe(0);
    expect((await ask({ message: 'אני שותה קפה בבוקר', subject: 'בית' })).body.Error).toBe(0);

    const garden = await search({ q: 'Garden' });
    expect(garden.Error).toBe(0);
    expect(garden.hits).toHaveLength(1);
    expect(garden.hits[0]).toMatchObject({ subject: 'Garden', role: 'user' });
    expect(marked(garden.hits[0]!)).toEqual(['garden']);

    // An English plural folds: "rose" finds "roses".
    expect((await search({ q: 'rose' })).hits.map((h) => h.subject)).toEqual(['Garden']);
    // A Hebrew word is found under its prefixes (ו, ב): "בית" finds "ובבית".
    const house = await search({ q: 'בית' });
    expect(house.hits).toHaveLength(1);
    expect(marked(house.hits[0]!)).toEqual(['ובבית']);
    // Every word must be there; the last one may be the start of a word (search as you type).
    expect((await search({ q: 'חתול שח' })).hits).toHaveLength(1);
    expect((await search({ q: 'חתול קפה' })).hits).toHaveLength(0);
    // Answers are searched too, with their speaker.
    const answers = await search({ q: 'elementary' });
    expect(answers.hits.length).toBeGreaterThanOrEqual(3);
    expect(answers.hits[0]!.role).toBe('assistant');
    expect(answers.hits[0]!.speaker).not.toBe('');

    // The hit is in the conversation of its subject.
    const hit = (await search({ q: 'קפה' })).hits[0]!;
    const conv = await retrieve({ subject: hit.subject });
    expect((conv.body.chat as { id: number }[]).some((m) => m.id === hit.id)).toBe(true);
  });

  it('pages newest first; an edited message is found by its new words only', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const r = await ask({ message: `lantern number ${i}`, subject: 'Lanterns' });
      expect(r.body.Error).toBe(0);
    }
    const first = await search({ q: 'lantern', limit: 2 });
    expect(first.hits.map((h) => h.snippet)).toEqual(['lantern number 3', 'lantern number 2']);
    expect(first.hasmore).toBe(true);
    const next = await search({ q: 'lantern', limit: 2, before: first.hits[1]!.id });
    expect(next.hits.map((h) => h.snippet)).toEqual(['lantern number 1']);
    expect(next.hasmore).toBe(false);
    ids.push(...first.hits.map((h) => h.id));

    const edited = await rpc(
      bed.t.app,
      { action: 'EditMessage', id: ids[0], message: 'a candle instead', lang: 'en' },
      { bearer: bed.token },
    );
    expect(edited.body.Error).toBe(0);
    expect((await search({ q: 'lantern' })).hits.map((h) => h.snippet)).toEqual([
      'lantern number 2',
      'lantern number 1',
    ]);
    expect((await search({ q: 'candle' })).hits.map((h) => h.id)).toEqual([ids[0]]);
  });

  it("never finds another user's messages; bad input is refused with a reason", async () => {
    expect((await ask({ message: 'my secret diary entry', subject: 'Diary' })).body.Error).toBe(0);
    expect((await search({ q: 'diary' })).hits).toHaveLength(1);
    // The stranger talks with the same character and searches the same word.
    expect((await ask({ message: 'hello there', subject: 'Mine' }, stranger)).body.Error).toBe(0);
    const theirs = await search({ q: 'diary' }, stranger);
    expect(theirs).toMatchObject({ Error: 0, hits: [], hasmore: false });
    expect((await search({ q: 'hello' }, stranger)).hits).toHaveLength(1);
    expect((await search({ q: 'hello' })).hits).toHaveLength(0);

    const blank = await search({ q: '   ' });
    expect(blank.Error).toBe(ErrorCode.BAD_INPUT);
    expect(blank.Errstr).toBeTruthy();
    expect((await search({ q: 'x', limit: 500 })).Error).toBe(ErrorCode.BAD_INPUT);
    expect((await search({ q: 'x', friendid: 'nosuchfriend' })).Error).toBe(ErrorCode.NOT_FOUND);
  });
});
