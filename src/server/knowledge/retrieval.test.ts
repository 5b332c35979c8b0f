import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNovel } from '../test/book.ts';
import { postForm } from '../test/fixtures.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { knowledgeOn } from '../test/services.ts';

/**
 * Retrieval on a book-length text (a generated novel of ~400,000 characters per language)
 * with facts planted once each and decoys that share some of their words: the passage that
 * answers each question must be among the top 3.
 */
describe.each(testDatabases())('retrieval on a book on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  const books = { he: buildNovel('he', { seed: 11 }), en: buildNovel('en', { seed: 5 }) };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userWithSession(t, 'reader@example.com', { grant: 'canadd' });
    for (const lang of ['he', 'en'] as const) {
      const friendid = `novel${lang}`;
      const made = await rpc(
        t.app,
        {
          action: 'SetFriendDetails',
          insert: 1,
          friendid,
          friendname: 'Narrator',
          image: '/friends/librarian.svg',
          personality: 'Knows the book by heart.',
          firstprompt: 'Ask me about the book.',
        },
        { bearer: owner },
      );
      expect(made.body.Error).toBe(0);
      const up = await postForm(t.app, '/api/upload', {
        bearer: owner,
        fields: { friend: friendid },
        file: { name: `novel-${lang}.txt`, data: Buffer.from(books[lang].text) },
      });
      expect(up.text).toMatch(/^OK \d+$/);
    }
  });
  afterAll(() => t.close());

  it('the books are book-length', () => {
    expect(books.he.text.length).toBeGreaterThan(350_000);
    expect(books.en.text.length).toBeGreaterThan(350_000);
  });

  for (const lang of ['he', 'en'] as const) {
    it(`${lang}: each planted fact is found in the top 3`, async () => {
      const knowledge = knowledgeOn(t.deps);
      for (const fact of books[lang].facts) {
        const found = await knowledge.retrieve(`novel${lang}`, fact.question, 3);
        expect(found.length, fact.question).toBeGreaterThan(0);
        expect(
          found.some((p) => p.text.includes(fact.marker)),
          `${fact.question} -> ${found.map((p) => p.text.slice(0, 80)).join(' | ')}`,
        ).toBe(true);
      }
    });
  }

  it('each character searches only its own passages', async () => {
    const knowledge = knowledgeOn(t.deps);
    expect(await knowledge.retrieve('novelhe', 'Captain Biscuit', 3)).toEqual([]);
    expect(await knowledge.retrieve('novelen', 'קפטן ביסקוויט', 3)).toEqual([]);
    expect(await knowledge.retrieve('holmes', 'Captain Biscuit', 3)).toEqual([]);
    expect(await knowledge.retrieve('nosuchfriend', 'anything', 3)).toEqual([]);
    expect(await knowledge.retrieve('novelen', 'the of and', 3)).toEqual([]);
  });
});
