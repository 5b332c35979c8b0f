import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_BOOK_MAX_ENTRIES } from '../../protocol/card.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { friends } from '../db/schema.ts';
import { buildImage, postForm } from '../test/fixtures.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { readPngText, writePngText } from './png-text.ts';

/** A card's fields as the test writes them; every one of them must come back on export. */
const fields = {
  name: 'Captain Ahab',
  description: 'A one-legged whaling captain of the Pequod, hunting the white whale.',
  personality: 'Obsessed, eloquent, commanding.',
  scenario: 'On the deck of the Pequod, somewhere in the Pacific.',
  first_mes: 'Hast seen the White Whale?',
  mes_example: '<START>\n{{user}}: Why hunt it?\n{{char}}: It tasked me; it heaps me.',
  creator_notes: 'Moby-Dick’s captain, from Melville’s novel.',
  system_prompt: 'Speak in nineteenth-century English.',
  post_history_instructions: 'Stay in character.',
  alternate_greetings: ['Who goes there?', 'Aye, the sea is calm today.\n\nToo calm.'],
  tags: ['Classics', 'Adventure'],
};
const book = {
  name: 'Pequod lore',
  extensions: {},
  entries: [
    {
      keys: ['Pequod'],
      content: 'The Pequod is a Nantucket whaler.',
      name: 'Pequod',
      enabled: true,
      insertion_order: 0,
      extensions: {},
    },
    {
      keys: ['Starbuck'],
      content: 'Starbuck is the first mate, a careful Quaker.',
      name: 'Starbuck',
      enabled: true,
      insertion_order: 1,
      extensions: {},
    },
  ],
};
const v2 = (data: object = {}) => ({
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    ...fields,
    character_book: book,
    creator: '',
    character_version: '',
    extensions: {},
    ...data,
  },
});
const v3 = (data: object = {}) => ({
  spec: 'chara_card_v3',
  spec_version: '3.0',
  data: { ...v2().data, group_only_greetings: [], ...data },
});
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
const decode = (s: string) => JSON.parse(Buffer.from(s, 'base64').toString('utf8')) as Card;

interface Card {
  spec: string;
  data: Record<string, unknown> & { character_book?: typeof book; assets?: { uri: string }[] };
}

/** The fields of an exported card that the test's card set, for comparison. */
function kept(card: Card) {
  const d = card.data;
  const picked = Object.fromEntries(Object.keys(fields).map((k) => [k, d[k]]));
  return {
    ...picked,
    tags: [...(d.tags as string[])].sort(),
    lore: d.character_book?.entries.map((e) => [e.name, e.content]),
  };
}
const expected = {
  ...fields,
  tags: [...fields.tags].sort(),
  lore: book.entries.map((e) => [e.name, e.content]),
};

describe.each(testDatabases())('character cards on %s', (kind) => {
  let t: TestApp;
  let maker: string;
  let plain: string;
  let stranger: string;

  const upload = async (name: string, data: Buffer, token: string | null = maker, lang = 'en') => {
    const r = await postForm(t.app, '/api/card', {
      bearer: token ?? undefined,
      fields: { lang },
      file: { name, data },
    });
    return { statusCode: r.status, body: r.text, json: <T = unknown>() => JSON.parse(r.text) as T };
  };
  const exportCard = (q: string, token: string | null = maker) =>
    t.app.inject({
      method: 'GET',
      url: `/api/card?lang=en&${q}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const json = (v: unknown) => Buffer.from(JSON.stringify(v));
  const characters = async () =>
    Number((await t.deps.db.select({ n: count() }).from(friends))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp(kind);
    maker = await userWithSession(t, 'maker@example.com', { grant: 'canadd' });
    plain = await userWithSession(t, 'plain@example.com');
    stranger = await userWithSession(t, 'stranger@example.com', { grant: 'canadd' });
  });
  afterAll(() => t.close());

  it('a V2 JSON card comes back out with every field it set, its lorebook kept as a lorebook', async () => {
    const r = await upload('ahab.json', json(v2()));
    expect(r.statusCode, r.body).toBe(200);
    const answer = r.json<{ Error: number; friendid: string; lost: string[] }>();
    expect(answer.friendid).toBe('CaptainAhab');
    // A JSON card without a picture: the one thing it says it could not keep.
    expect(answer.lost).toEqual([expect.stringContaining('no picture')]);

    const details = await rpc(
      t.app,
      { action: 'GetFriendDetails', friendid: 'CaptainAhab' },
      { bearer: maker },
    );
    const friend = details.body.friend as Record<string, unknown>;
    expect(friend).toMatchObject({
      friendname: 'Captain Ahab',
      description: fields.creator_notes,
      publicfriend: 0,
      priv: 0,
    });
    expect(friend.personality).toContain('## Personality\nObsessed');
    expect(friend.background).toContain('## Example dialogue');
    expect(friend.category).toBe(1 | 8);
    const subjects = await rpc(
      t.app,
      { action: 'GetKnowlegeSubjects', friendid: 'CaptainAhab' },
      { bearer: maker },
    );
    // The book's entries are the character's lorebook (found by their keys), not knowledge.
    expect(subjects.body.subjects).toEqual([]);
    const lore = friend.lorebook as { name: string; entries: { keys: string[] }[] };
    expect(lore.name).toBe('Pequod lore');
    expect(lore.entries.map((e) => e.keys)).toEqual([['Pequod'], ['Starbuck']]);

    const out = await exportCard('friendid=CaptainAhab&format=json&spec=v2');
    expect(out.statusCode, out.body).toBe(200);
    expect(out.headers['content-disposition']).toContain('CaptainAhab.card.json');
    const card = out.json<Card>();
    expect(card.spec).toBe('chara_card_v2');
    expect(kept(card)).toEqual(expected);
  });

  it('a V3 PNG card keeps its picture, and its export carries both V3 and V2 chunks', async () => {
    const picture = await buildImage(300, 200);
    const png = writePngText(picture, {
      ccv3: b64(
        v3({
          name: 'Ishmael',
          assets: [{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }],
        }),
      ),
      // A V3 writer's backfilled V2 chunk: the V3 one wins.
      chara: b64(v2({ name: 'Wrong name' })),
    });
    const r = await upload('ishmael.png', png);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ Error: 0, friendid: 'Ishmael', lost: [] });
    const details = await rpc(
      t.app,
      { action: 'GetFriendDetails', friendid: 'Ishmael' },
      { bearer: maker },
    );
    expect((details.body.friend as { image: string }).image).toMatch(
      /^\/files\/images\/c_.+\.webp$/,
    );

    const out = await exportCard('friendid=Ishmael&format=png');
    expect(out.statusCode).toBe(200);
    expect(out.headers['content-type']).toBe('image/png');
    const body = out.rawPayload;
    expect(await sharp(body).metadata()).toMatchObject({ format: 'png', width: 300, height: 200 });
    const chunks = readPngText(body);
    const card3 = decode(chunks.get('ccv3')!);
    const card2 = decode(chunks.get('chara')!);
    expect(card3.spec).toBe('chara_card_v3');
    expect(card2.spec).toBe('chara_card_v2');
    expect(kept(card3)).toEqual({ ...expected, name: 'Ishmael' });
    expect(kept(card2)).toEqual({ ...expected, name: 'Ishmael' });

    // The exported PNG imports again as the same character, under a new unique id.
    const again = await upload('ishmael.card.png', body);
    expect(again.json()).toMatchObject({ Error: 0, friendid: 'Ishmael2' });
  });

  it('a V2 PNG card and a V3 JSON card with its picture inside import too', async () => {
    const png = writePngText(await buildImage(64, 64), { chara: b64(v2({ name: 'Queequeg' })) });
    const r = await upload('q.png', png);
    expect(r.json()).toMatchObject({ Error: 0, friendid: 'Queequeg' });
    const back = (await exportCard('friendid=Queequeg&format=json')).json<Card>();
    expect(back.spec).toBe('chara_card_v3');
    expect(kept(back)).toEqual({ ...expected, name: 'Queequeg' });
    // The JSON export carries the stored picture inside it.
    expect(back.data.assets?.[0]?.uri).toMatch(/^data:image\/webp;base64,/);

    const icon = `data:image/png;base64,${(await buildImage(40, 40)).toString('base64')}`;
    const withIcon = v3({
      name: 'Starbuck',
      assets: [{ type: 'icon', uri: icon, name: 'main', ext: 'png' }],
      group_only_greetings: ['Hello all'],
      creator: 'Herman',
      extensions: { 'other/app': { x: 1 } },
      tags: ['Classics', 'Whales'],
    });
    const s = await upload('starbuck.json', json(withIcon), maker, 'he');
    const answer = s.json<{ friendid: string; lost: string[] }>();
    expect(answer.friendid).toBe('Starbuck');
    // What a card holds that a character cannot, listed in the reader's language.
    expect(answer.lost).toEqual([
      'נתונים של יישומים אחרים (extensions: other/app)',
      'פתיחות לשיחות קבוצתיות (1)',
    ]);
    const details = await rpc(
      t.app,
      { action: 'GetFriendDetails', friendid: 'Starbuck' },
      { bearer: maker },
    );
    const friend = details.body.friend as { image: string; personality: string; tags: string[] };
    expect(friend.image).toMatch(/^\/files\/images\//);
    // A tag that is no category is a free tag of the character.
    expect(friend.tags).toEqual(['Whales']);
    // Imported in Hebrew: the sections' headings are Hebrew, and still found on export.
    expect(friend.personality).toContain('## אישיות');
    const out = (await exportCard('friendid=Starbuck&format=json')).json<Card>();
    expect(out.data.personality).toBe(fields.personality);
  });

  it('a Hebrew name gets a Latin id', async () => {
    const r = await upload('x.json', json(v2({ name: 'שולמית', character_book: undefined })));
    expect(r.json()).toMatchObject({ Error: 0, friendid: 'shvlmyt' });
  });

  it('refuses bad files with a clear reason and creates nothing', async () => {
    const before = await characters();
    const good = writePngText(await buildImage(32, 32), { chara: b64(v2()) });
    const cases: [string, Buffer, number, RegExp][] = [
      ['big.json', Buffer.alloc(9 * 1024 * 1024, 32), 413, /too large: at most 8 MB/],
      ['notes.txt', Buffer.from('Just some notes about a whale.'), 400, /not a character card/],
      ['other.json', json({ title: 'not a card' }), 400, /not a character card/],
      ['broken.json', Buffer.from('{ "spec": "chara_card_v2", '), 400, /JSON cannot be read/],
      ['cut.png', good.subarray(0, good.length - 30), 400, /PNG file is damaged/],
      ['plain.png', await buildImage(32, 32), 400, /no character card inside/],
      ['empty.json', Buffer.alloc(0), 400, /No card file/],
    ];
    for (const [name, data, status, text] of cases) {
      const r = await upload(name, data);
      expect(r.statusCode, `${name}: ${r.body}`).toBe(status);
      expect(r.json<{ Errstr: string }>().Errstr, name).toMatch(text);
    }
    const he = await upload('notes.txt', Buffer.from('hello'), maker, 'he');
    expect(he.json<{ Errstr: string }>().Errstr).toContain('הקובץ אינו כרטיס דמות');
    expect(await characters()).toBe(before);
  });

  it(`a lorebook over ${CARD_BOOK_MAX_ENTRIES} entries is refused before it is read; at the bound it imports`, async () => {
    // One entry switched on: the bound is on entries, and the test need not save 500 subjects.
    const entries = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        keys: [`k${i}`],
        content: `Entry ${i}`,
        enabled: !i,
      }));
    const lore = (n: number) => ({ name: 'Big lore', extensions: {}, entries: entries(n) });
    const before = await characters();
    const over = lore(CARD_BOOK_MAX_ENTRIES + 1);
    // Were the book read, this NUL would be the refusal: the count comes first.
    over.entries[600]!.content = 'bad\u0000';
    const refused = await upload('lore.json', json(v2({ name: 'Big Lore', character_book: over })));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      Error: ErrorCode.BAD_INPUT,
      Errstr:
        'The card’s lorebook has 1,001 entries; at most 1,000 are accepted. Remove entries or split the book into several cards and try again.',
    });
    const he = await upload('lore.json', json(v2({ character_book: over })), maker, 'he');
    expect(he.json<{ Errstr: string }>().Errstr).toContain('יש 1,001 רשומות, והמרב הוא 1,000');
    // A V1 card carries its book at the root: counted there.
    const v1 = { name: 'Old Lore', first_mes: 'Hi', character_book: over };
    expect((await upload('v1.json', json(v1))).json<{ Errstr: string }>().Errstr).toContain(
      'has 1,001 entries',
    );
    expect(await characters()).toBe(before);

    const atBound = await upload(
      'lore.json',
      json(v2({ name: 'Big Lore', character_book: lore(CARD_BOOK_MAX_ENTRIES) })),
    );
    expect(atBound.statusCode, atBound.body).toBe(200);
    const answer = atBound.json<{ friendid: string; lost: string[] }>();
    expect(answer.lost).toEqual([expect.stringContaining('no picture')]);
    const details = await rpc(
      t.app,
      { action: 'GetFriendDetails', friendid: answer.friendid },
      { bearer: maker },
    );
    // Switched-off entries are kept switched off (an export gives them back).
    const kept = (details.body.friend as { lorebook: { entries: { enabled: boolean }[] } }).lorebook
      .entries;
    expect(kept).toHaveLength(CARD_BOOK_MAX_ENTRIES);
    expect(kept.filter((e) => e.enabled)).toHaveLength(1);
  });

  it('import needs the right to create characters; export needs the right to edit', async () => {
    const before = await characters();
    const r = await upload('ahab.json', json(v2()), plain);
    expect(r.statusCode).toBe(403);
    expect(r.json<{ Errstr: string }>().Errstr).toContain('no permission to create characters');
    expect((await upload('ahab.json', json(v2()), null)).statusCode).toBe(401);
    expect(await characters()).toBe(before);

    // CaptainAhab is private: a stranger gets a refusal, not the card.
    const refused = await exportCard('friendid=CaptainAhab&format=json', stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Pequod');
    expect((await exportCard('friendid=CaptainAhab&format=png', null)).statusCode).toBe(401);
    // Made public, readers see it but still cannot take its prompts away.
    await rpc(
      t.app,
      {
        action: 'UpdateFriendDetails',
        friendid: 'CaptainAhab',
        subject: 'publicfriend',
        contents: 1,
      },
      { bearer: maker },
    );
    const viewer = await exportCard('friendid=CaptainAhab&format=json', stranger);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.body).not.toContain('Obsessed');
    expect((await exportCard('friendid=CaptainAhab&format=gif')).statusCode).toBe(400);
    expect(ErrorCode.FORBIDDEN).toBe(viewer.json<{ Error: number }>().Error);
  });
});
