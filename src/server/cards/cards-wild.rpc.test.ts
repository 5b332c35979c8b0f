import { beforeAll, describe, expect, it } from 'vitest';
import { chatTestBed } from '../chat/chat-test-kit.ts';
import type { FakeRequest } from '../test/fake-openai.ts';
import { buildImage, postForm } from '../test/fixtures.ts';
import { rpc, testDatabases, userWithSession } from '../test/harness.ts';
import { readPngText, writePngText } from './png-text.ts';

/**
 * A card as they come from SillyTavern and Chub (issue 34): macros everywhere, a character's
 * note, a lorebook with keys, secondary keys, constant, selective, positions, a scan depth,
 * a Hebrew key, a switched-off entry, and free tags. Imported, chatted with over the fake
 * provider (its recorded prompts are what the model saw), exported and imported again.
 */
const entry = (over: Record<string, unknown>) => ({
  keys: [],
  content: '',
  extensions: {},
  enabled: true,
  insertion_order: 100,
  ...over,
});
const book = {
  name: 'Mira lore',
  scan_depth: 2,
  token_budget: 500,
  recursive_scanning: false,
  extensions: {},
  entries: [
    entry({ keys: ['lighthouse'], content: 'LORE-LIGHT built in 1890.', insertion_order: 10 }),
    entry({ keys: ['Kraken'], content: 'LORE-KRAKEN sleeps below.' }),
    entry({
      keys: [],
      constant: true,
      content: 'LORE-CONST {{char}} loves tea.',
      insertion_order: 5,
      position: 'before_char',
    }),
    entry({
      keys: ['ship'],
      secondary_keys: ['storm'],
      selective: true,
      content: 'LORE-SHIPSTORM wrecks.',
    }),
    entry({
      keys: ['ship'],
      secondary_keys: ['treasure'],
      selective: true,
      content: 'LORE-SHIPTREASURE gold.',
    }),
    entry({ keys: ['מגדלור'], content: 'LORE-HE אור בלילה.' }),
    entry({ keys: ['anchor'], content: 'LORE-ANCHOR rusted.' }),
    entry({ keys: ['KEEPER'], case_sensitive: true, content: 'LORE-CASE upper.' }),
    entry({ keys: ['lighthouse'], enabled: false, content: 'LORE-OFF switched off.' }),
    entry({
      keys: ['lighthouse'],
      content: 'LORE-DEPTH at the end.',
      extensions: { position: 4, depth: 0, role: 1 },
    }),
  ],
};
const depthPrompt = {
  prompt: "{{char}} never reveals the keeper's secret to {{user}}.",
  depth: 2,
  role: 'system',
};
const data = {
  name: 'Lady Mira',
  description: '{{char}} is a lighthouse keeper who writes letters to {{USER}}.',
  personality: 'Calm, dry humour.',
  scenario: 'A stormy coast.',
  first_mes: 'As {{user}} logs in, {{char}} looks up. <USER>, welcome.',
  mes_example:
    '<START>\n{{user}}: Who are you?\n{{char}}: The keeper of this light.\n<START>\n{{user}}: Storm?\n{{char}}: Always.',
  creator_notes: 'Made for rainy evenings.',
  system_prompt: '{{original}} Write in short paragraphs.',
  post_history_instructions: '',
  alternate_greetings: ['Hello {{user}}!'],
  tags: ['Classics', 'lighthouse', 'Slow burn', 'Letters'],
  creator: 'mira_maker',
  character_version: '1.2',
  extensions: { depth_prompt: depthPrompt },
  character_book: book,
};
const v3 = {
  spec: 'chara_card_v3',
  spec_version: '3.0',
  data: { ...data, group_only_greetings: [] },
};
const v2 = { spec: 'chara_card_v2', spec_version: '2.0', data };
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');

interface Details {
  friendname: string;
  note: string;
  note_depth: number;
  note_role: string;
  tags: string[];
  category: number;
  card_creator: string;
  card_version: string;
  firstprompt: string;
  personality: string;
  lorebook: { name: string; scanDepth: number; tokenBudget: number; entries: unknown[] };
}
type CardOut = { data: Record<string, unknown> & { character_book: typeof book } };

describe.each(testDatabases())('cards from the wild on %s', (kind) => {
  const { bed } = chatTestBed(kind);
  let maker: string;
  beforeAll(async () => {
    maker = await userWithSession(bed.t, 'noa@example.com', { grant: 'canadd', name: 'Noa Maker' });
  });
  const upload = async (name: string, file: Buffer) => {
    const r = await postForm(bed.t.app, '/api/card', {
      bearer: maker,
      fields: { lang: 'en' },
      file: { name, data: file },
    });
    expect(r.status, r.text).toBe(200);
    return JSON.parse(r.text) as { friendid: string; lost: string[] };
  };
  const details = async (friendid: string) =>
    (await rpc(bed.t.app, { action: 'GetFriendDetails', friendid }, { bearer: maker })).body
      .friend as Details;
  const exportJson = async (friendid: string) => {
    const r = await bed.t.app.inject({
      method: 'GET',
      url: `/api/card?lang=en&friendid=${friendid}&format=json`,
      headers: { authorization: `Bearer ${maker}` },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json<CardOut>();
  };
  /** The turn's own request at the fake provider (memory and other calls pass by). */
  const turnRequest = (question: string): FakeRequest => {
    const found = bed.fake.requests.filter((r) =>
      String(r.messages.at(-1)?.content ?? '').includes(question),
    );
    expect(found.length).toBeGreaterThan(0);
    return found.at(-1)!;
  };

  it('imports everything, chats with names put in and entries triggered, exports it back', async () => {
    const imported = await upload('mira.json', Buffer.from(JSON.stringify(v3)));
    expect(imported.friendid).toBe('LadyMira');
    // Only the missing picture is reported: the note, the book, the tags and the names stay.
    expect(imported.lost).toEqual([expect.stringContaining('no picture')]);
    const d = await details('LadyMira');
    expect(d).toMatchObject({
      note: depthPrompt.prompt,
      note_depth: 2,
      note_role: 'system',
      tags: ['lighthouse', 'Slow burn', 'Letters'],
      card_creator: 'mira_maker',
      card_version: '1.2',
      // The studio keeps the macros as written.
      firstprompt: data.first_mes,
    });
    expect(d.category & 1).toBe(1);
    expect(d.lorebook).toMatchObject({ name: 'Mira lore', scanDepth: 2, tokenBudget: 500 });
    expect(d.lorebook.entries).toHaveLength(book.entries.length);

    // The creator opens it as a reader would: the greeting names them.
    const conv = await rpc(
      bed.t.app,
      { action: 'RetrieveConversation', friendid: 'LadyMira', subject: 'Visit' },
      { bearer: maker },
    );
    expect(conv.body.Error, JSON.stringify(conv.body)).toBe(0);
    const chat = conv.body.chat as { role: string; message: string }[];
    expect(chat[0]!.message).toBe('As Noa Maker logs in, Lady Mira looks up. Noa Maker, welcome.');

    const q1 = 'Tell me of the lighthouse, the ships in the storm, the keeper, the anchor ובמגדלור';
    const a1 = await rpc(
      bed.t.app,
      { action: 'AskFriend', friendid: 'LadyMira', subject: 'Visit', message: q1, lang: 'en' },
      { bearer: maker },
    );
    expect(a1.body.Error, JSON.stringify(a1.body)).toBe(0);
    const sent = turnRequest(q1);
    const system = String(sent.messages[0]!.content);
    const everything = JSON.stringify(sent.messages);
    // Names in, macros out, {{original}} as the prompt this app would have used.
    expect(system).toContain('Lady Mira is a lighthouse keeper who writes letters to Noa Maker.');
    expect(system).toContain('You are Lady Mira. Stay in character throughout');
    expect(system.match(/You are Lady Mira\./g)).toHaveLength(2);
    expect(everything).not.toMatch(/\{\{|<USER>|<BOT>|<START>/i);
    // <START> examples as example conversations, turn by turn under the speakers' names.
    expect(system).toContain(
      'Example conversation 1 (how Lady Mira speaks; not part of this conversation):\nNoa Maker: Who are you?\nLady Mira: The keeper of this light.',
    );
    expect(system).toContain('Example conversation 2');
    // The lorebook: triggered and constant entries only, by position and order.
    for (const tag of ['LORE-LIGHT', 'LORE-SHIPSTORM', 'LORE-HE', 'LORE-ANCHOR']) {
      expect(system, tag).toContain(tag);
    }
    for (const tag of ['LORE-KRAKEN', 'LORE-SHIPTREASURE', 'LORE-CASE', 'LORE-OFF']) {
      expect(everything, tag).not.toContain(tag);
    }
    expect(system).toContain('LORE-CONST Lady Mira loves tea.');
    expect(system.indexOf('LORE-CONST')).toBeLessThan(system.indexOf('Personality and manner'));
    expect(system.indexOf('LORE-LIGHT')).toBeGreaterThan(system.indexOf('Background and world'));
    // An at-depth entry at depth 0, as the user: after the new message.
    expect(String(sent.messages.at(-1)!.content).trimEnd()).toMatch(/LORE-DEPTH at the end\.$/);
    expect(system).not.toContain('LORE-DEPTH');

    // Second turn: "anchor" is now beyond the scan depth of 2; the note sits two turns deep.
    const q2 = 'And what do you drink in the evening?';
    await rpc(
      bed.t.app,
      { action: 'AskFriend', friendid: 'LadyMira', subject: 'Visit', message: q2, lang: 'en' },
      { bearer: maker },
    );
    const sent2 = turnRequest(q2);
    const turns = sent2.messages.slice(1).map((m) => ({ role: m.role, text: String(m.content) }));
    expect(JSON.stringify(sent2.messages)).not.toContain('LORE-ANCHOR');
    expect(String(sent2.messages[0]!.content)).toContain('LORE-CONST');
    const noteAt = turns.findIndex((m) =>
      m.text.includes("Lady Mira never reveals the keeper's secret to Noa Maker."),
    );
    expect(noteAt).toBe(turns.length - 3);
    expect(turns[noteAt]!.role).toBe('user');
    expect(turns.at(-1)!.text).toContain(q2);

    // Export: everything the card brought, macros as written.
    const out = await exportJson('LadyMira');
    const o = out.data;
    expect(o).toMatchObject({
      creator: 'mira_maker',
      character_version: '1.2',
      creator_notes: data.creator_notes,
      first_mes: data.first_mes,
      description: data.description,
      mes_example: data.mes_example,
      alternate_greetings: data.alternate_greetings,
      extensions: expect.objectContaining({ depth_prompt: depthPrompt }),
    });
    expect([...(o.tags as string[])].sort()).toEqual([...data.tags].sort());
    const ob = o.character_book;
    expect(ob).toMatchObject({ name: 'Mira lore', scan_depth: 2, token_budget: 500 });
    const pick = (e: Record<string, unknown>) => ({
      keys: e.keys,
      secondary: e.secondary_keys ?? [],
      content: e.content,
      enabled: e.enabled,
      constant: e.constant === true,
      selective: e.selective === true,
      order: e.insertion_order,
      before: e.position === 'before_char',
      caseSensitive: e.case_sensitive === true,
      ext: e.extensions,
    });
    expect(ob.entries.map(pick)).toEqual(book.entries.map(pick));

    // And in again: nothing lost on the way round.
    const again = await upload('mira.card.json', Buffer.from(JSON.stringify(out)));
    // (It had no picture going out either.)
    expect(again.lost).toEqual([expect.stringContaining('no picture')]);
    const d2 = await details(again.friendid);
    const same = (x: Details) => ({
      ...x,
      friendid: undefined,
      image: undefined,
      lastupdate: undefined,
      publicfriend: undefined,
    });
    expect(same(d2)).toEqual(same(d));
  });

  it('a V2 PNG card with the same contents imports the same', async () => {
    const png = writePngText(await buildImage(48, 48), {
      chara: b64({ ...v2, data: { ...data, name: 'Mira Png' } }),
    });
    const r = await upload('mira.png', png);
    expect(r.lost).toEqual([]);
    const d = await details(r.friendid);
    expect(d).toMatchObject({
      note: depthPrompt.prompt,
      tags: ['lighthouse', 'Slow burn', 'Letters'],
      card_creator: 'mira_maker',
      card_version: '1.2',
    });
    expect(d.lorebook.entries).toHaveLength(book.entries.length);
    const out = await bed.t.app.inject({
      method: 'GET',
      url: `/api/card?lang=en&friendid=${r.friendid}&format=png`,
      headers: { authorization: `Bearer ${maker}` },
    });
    const card = JSON.parse(
      Buffer.from(readPngText(out.rawPayload).get('ccv3')!, 'base64').toString('utf8'),
    ) as CardOut;
    expect(card.data.character_book.entries.map((e) => e.keys)).toEqual(
      book.entries.map((e) => e.keys),
    );
    expect(card.data.creator).toBe('mira_maker');
  });

  it('the studio saves the card fields; the list finds free tags; bad values are refused in Hebrew', async () => {
    const { friendid } = await upload(
      'mira3.json',
      Buffer.from(JSON.stringify({ ...v3, data: { ...v3.data, name: 'Mira Three' } })),
    );
    const d = await details(friendid);
    const body = (over: Record<string, unknown>) => ({
      action: 'SetFriendDetails',
      friendid,
      friendname: d.friendname,
      personality: d.personality,
      background: (d as unknown as { background: string }).background,
      firstprompt: d.firstprompt,
      image: (d as unknown as { image: string }).image,
      ...over,
    });
    const lorebook = { ...d.lorebook, name: 'Renamed lore' };
    const saved = await rpc(
      bed.t.app,
      body({
        note: 'Speak softly.',
        note_depth: 1,
        note_role: 'user',
        tags: ['Sea glass'],
        lorebook,
        card_version: '2.0',
      }),
      { bearer: maker },
    );
    expect(saved.body.Error, JSON.stringify(saved.body)).toBe(0);
    expect(await details(friendid)).toMatchObject({
      note: 'Speak softly.',
      note_depth: 1,
      note_role: 'user',
      tags: ['Sea glass'],
      card_version: '2.0',
      card_creator: 'mira_maker',
      lorebook: { name: 'Renamed lore' },
    });
    // A save that leaves the card fields out keeps them.
    expect((await rpc(bed.t.app, body({}), { bearer: maker })).body.Error).toBe(0);
    expect(await details(friendid)).toMatchObject({
      note: 'Speak softly.',
      note_depth: 1,
      tags: ['Sea glass'],
    });

    const list = async (search: string) =>
      (
        (await rpc(bed.t.app, { action: 'GetFriends', search }, { bearer: maker })).body
          .friends as { friendid: string }[]
      ).map((f) => f.friendid);
    expect(await list('sea GLASS')).toEqual([friendid]);
    expect(await list('100%')).toEqual([]);

    const tooMany = await rpc(
      bed.t.app,
      { ...body({ tags: Array.from({ length: 31 }, (_, i) => `t${i}`) }), lang: 'he' },
      { bearer: maker },
    );
    expect(tooMany.body.Error).not.toBe(0);
    expect(String(tooMany.body.Errstr)).toContain('התגיות');
    const badRole = await rpc(
      bed.t.app,
      { ...body({ note_role: 'narrator' }), lang: 'en' },
      { bearer: maker },
    );
    expect(String(badRole.body.Errstr)).toContain("The character's note role");
  });
});
