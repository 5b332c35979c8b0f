import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { chatTestBed } from '../chat/chat-test-kit.ts';
import { users } from '../db/schema.ts';
import type { FakeRequest } from '../test/fake-openai.ts';
import { postForm } from '../test/fixtures.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { EN_BOOK, HE_BOOK } from './book-fixture.ts';

type Body = Record<string, unknown>;
const IMAGE = '/files/images/c_0123456789abcdef0123456789abcdef.webp';
const text = (c: unknown) => (typeof c === 'string' ? c : JSON.stringify(c));
const systemOf = (r: FakeRequest) => text(r.messages.find((m) => m.role === 'system')?.content);
const userOf = (r: FakeRequest) =>
  text(r.messages.filter((m) => m.role === 'user').at(-1)?.content);
/** The number the prompt gave the passage holding `words` (0: not sent). */
function numberOf(prompt: string, words: string): number {
  for (const block of prompt.split(/\n(?=\[\d+\] \()/)) {
    const m = /^\[(\d+)\]/.exec(block.trim());
    if (m && block.includes(words)) return Number(m[1]);
  }
  return 0;
}

/** What the fake model finds in each chapter: nicknames and titles, merged by the server. */
function listing(req: FakeRequest) {
  const ch = Number(/Chapter (\d+):/.exec(userOf(req))?.[1] ?? 0);
  const found =
    ch === 1
      ? [
          { name: 'Elizabeth', aliases: [], mentions: 2, sample: 'I dearly love a laugh' },
          { name: 'Mr. Darcy', aliases: [], mentions: 2, sample: 'I am not fond of dancing' },
          { name: 'Jane', aliases: [], mentions: 1, sample: '' },
        ]
      : ch === 2
        ? [
            // Told Elizabeth is known, a model names her by it; this one uses a nickname
            // the server must still merge through its alias.
            { name: 'Lizzy', aliases: ['Elizabeth'], mentions: 3, sample: 'Lizzy, you must not' },
            { name: 'Jane', aliases: [], mentions: 1, sample: 'said Jane gently' },
          ]
        : [
            { name: 'Elizabeth', aliases: ['Miss Bennet'], mentions: 2, sample: 'Miss Bennet' },
            { name: 'Darcy', aliases: ['Mr. Darcy'], mentions: 1, sample: '' },
          ];
  return { text: JSON.stringify({ characters: found }) };
}

/** The fake's draft, one field per step, citing the passages it was sent (and one invented). */
function drafting(req: FakeRequest) {
  const sys = systemOf(req);
  const laugh = numberOf(sys, 'dearly love a laugh');
  const mud = numberOf(sys, 'walked three miles');
  const eyes = numberOf(sys, 'fine dark eyes');
  const step = /STEP: (\w+)/.exec(userOf(req))?.[1];
  const answer =
    step === 'personality'
      ? {
          text: `Quick and teasing; she says “I dearly love a laugh” [${laugh}]. She hates pride [42].`,
        }
      : step === 'background'
        ? { text: `She walked three miles through the mud to nurse Jane [${mud}].` }
        : step === 'voice'
          ? {
              firstMessage: `Good day! I dearly love a laugh, and I hope you do too [${laugh}].`,
              examples: [`Follies divert me [${numberOf(sys, 'Follies and nonsense')}].`],
            }
          : { text: `A young woman with fine dark eyes [${eyes}], Regency dress.` };
  return { text: JSON.stringify(answer) };
}

describe.each(testDatabases())(
  'a character drafted from a book, over the fake provider, on %s',
  (kind) => {
    const { bed } = chatTestBed(kind);
    let num = 0;
    const call = (body: Body, bearer = bed.editor) => rpc(bed.t.app, body, { bearer });
    const find = (body: Body = {}) =>
      call({ action: 'FindBookCharacters', friend: 'lizzy', num, lang: 'en', ...body });

    beforeAll(async () => {
      const made = await call({
        action: 'SetFriendDetails',
        insert: 1,
        autosave: 1,
        friendid: 'lizzy',
        friendname: 'Pride and Prejudice',
        image: IMAGE,
        model: 'fake-model',
      });
      expect(made.body.Error).toBe(0);
      const up = await postForm(bed.t.app, '/api/upload', {
        bearer: bed.editor,
        fields: { friend: 'lizzy' },
        file: { name: 'Pride and Prejudice.txt', data: Buffer.from(EN_BOOK) },
      });
      expect(up.text).toMatch(/^OK/);
      const files = await call({ action: 'GetFiles', friend: 'lizzy' });
      num = (files.body.files as { num: number }[])[0]!.num;
      bed.fake.route('TASK: list-characters', listing);
      bed.fake.route('TASK: draft-character', drafting);
    });

    it('shows the cost before it starts, then lists the characters chapter by chapter, merged', async () => {
      const before = await find();
      expect(before.body).toMatchObject({
        Error: 0,
        state: 'none',
        job: 0,
        offline: false,
        characters: [],
      });
      expect(before.body.cost).toBeGreaterThan(0);
      const calls = () =>
        bed.fake.requests.filter((r) => systemOf(r).includes('TASK: list-characters'));

      const started = await find({ start: 1 });
      expect(started.body).toMatchObject({ Error: 0, state: 'queued', cost: before.body.cost });
      await bed.t.deps.jobs.idle();
      const done = await find();
      expect(done.body).toMatchObject({ Error: 0, state: 'done', progress: 100, offline: false });
      const chars = done.body.characters as {
        name: string;
        aliases: string[];
        mentions: number;
        firstChapter: number;
      }[];
      const lizzy = chars.find((c) => c.name === 'Elizabeth')!;
      expect(lizzy.aliases.sort()).toEqual(['Lizzy', 'Miss Bennet']);
      expect(lizzy).toMatchObject({ mentions: 7, firstChapter: 1 });
      expect(chars.find((c) => c.name === 'Mr. Darcy')!.aliases).toEqual(['Darcy']);
      expect(chars.filter((c) => /Darcy|Elizabeth|Lizzy/.test(c.name))).toHaveLength(2);
      // One call per chapter, each asking for its shape as a JSON schema (the compatible
      // provider's structured outputs) and told who is known so far.
      expect(calls()).toHaveLength(3);
      for (const r of calls())
        expect(r.response_format).toMatchObject({
          type: 'json_schema',
          json_schema: { schema: { properties: { characters: { type: 'array' } } } },
        });
      expect(systemOf(calls()[2]!)).toContain('- Elizabeth (also: Lizzy)');
      // Each call was charged as it was made, and the usage is recorded.
      expect(done.body.cost).toBeGreaterThan(0);
    });

    it('drafts a character field by field, each statement citing the book; invented marks dropped', async () => {
      const started = await call({
        action: 'DraftCharacterFromBook',
        friend: 'lizzy',
        num,
        name: 'Elizabeth',
        lang: 'en',
      });
      expect(started.body).toMatchObject({ Error: 0, state: 'queued', offline: false });
      expect(started.body.cost).toBeGreaterThan(0);
      await bed.t.deps.jobs.idle();
      const got = await call({ action: 'GetCharacterDraft', job: started.body.job, lang: 'en' });
      expect(got.body).toMatchObject({ Error: 0, state: 'done', progress: 100, offline: false });
      const draft = got.body.draft as Record<
        string,
        { text: string; citations: { n: number; title: string; chapter?: number; text: string }[] }
      > & {
        firstChapter: number;
        examples: { text: string; citations: unknown[] }[];
      };
      expect(draft.firstChapter).toBe(1);
      expect(draft.personality!.text).not.toContain('[42]');
      expect(draft.personality!.citations).toEqual([
        expect.objectContaining({
          kind: 'file',
          title: 'Pride and Prejudice',
          chapter: 1,
          text: expect.stringContaining('dearly love a laugh'),
        }),
      ]);
      expect(draft.background!.citations[0]).toMatchObject({
        chapter: 2,
        text: expect.stringContaining('three miles'),
      });
      expect(draft.firstMessage!.citations).toHaveLength(1);
      expect(draft.examples[0]!.citations).toHaveLength(1);
      expect(draft.imagePrompt!.citations[0]!.text).toContain('fine dark eyes');
      // The passages sent name her, including by her other names.
      const sent = bed.fake.requests.filter((r) => systemOf(r).includes('TASK: draft-character'));
      expect(sent).toHaveLength(4);
      expect(systemOf(sent[0]!)).toContain('Miss Bennet, you are too severe');
    });

    it('accepting the draft makes a character whose first chat turn cites the book', async () => {
      const id = Number(
        (await call({ action: 'DraftCharacterFromBook', friend: 'lizzy', num, name: 'Elizabeth' }))
          .body.job,
      );
      await bed.t.deps.jobs.idle();
      const draft = (await call({ action: 'GetCharacterDraft', job: id })).body.draft as Record<
        string,
        { text: string }
      >;
      const strip = (s: string) => s.replace(/\s*\[\d+\]/g, '');
      const saved = await call({
        action: 'SetFriendDetails',
        friendid: 'lizzy',
        friendname: 'Elizabeth',
        image: IMAGE,
        personality: strip(draft.personality!.text),
        background: strip(draft.background!.text),
        firstprompt: strip(draft.firstMessage!.text),
        model: 'fake-model',
        lang: 'en',
      });
      expect(saved.body.Error).toBe(0);
      bed.fake.setDefault((req) => ({
        text: `I walked to Netherfield [${numberOf(userOf(req), 'walked three miles')}].`,
      }));
      const r = await rpc(
        bed.t.app,
        {
          action: 'AskFriend',
          friendid: 'lizzy',
          lang: 'en',
          message: 'Why did you walk three miles through the mud?',
          subject: 'First',
        },
        { bearer: bed.editor },
      );
      expect(r.body).toMatchObject({
        Error: 0,
        citations: [
          expect.objectContaining({
            title: 'Pride and Prejudice',
            chapter: 2,
            text: expect.stringContaining('three miles'),
          }),
        ],
      });
      // The book stays the character's knowledge, with its chapters.
      const files = await call({ action: 'GetFiles', friend: 'lizzy' });
      expect(files.body.files).toEqual([expect.objectContaining({ num, chapters: 3 })]);
    });

    it('a cancel stops the listing between chapters and aborts the call in flight; what was read stays', async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let held = 0;
      bed.fake.route('TASK: list-characters', (req) => {
        const script = listing(req);
        if (!/Chapter 2:/.test(userOf(req))) return script;
        held++;
        return { ...script, pauseAfter: 0, resume: gate };
      });
      const before = bed.fake.requests.length;
      const job = Number((await find({ start: 1 })).body.job);
      await expect.poll(() => held).toBe(1);
      const mid = await find();
      expect(mid.body).toMatchObject({ state: 'running', progress: 33 });
      expect((await call({ action: 'CancelBookJob', job })).body).toMatchObject({
        Error: 0,
        state: 'cancelled',
      });
      release();
      await bed.t.deps.jobs.idle();
      const after = await find();
      expect(after.body).toMatchObject({ state: 'cancelled', job });
      expect((after.body.characters as { name: string }[]).map((c) => c.name)).toContain(
        'Elizabeth',
      );
      expect(bed.fake.requests.length - before).toBe(2);
      bed.fake.route('TASK: list-characters', listing);
    });

    it('refuses strangers, unknown names and a spent balance, each in the caller language', async () => {
      const stranger = await userWithSession(bed.t, 'stranger@example.com');
      expect(
        (
          await find({}).then(() =>
            call({ action: 'FindBookCharacters', friend: 'lizzy', num }, stranger),
          )
        ).body.Error,
      ).toBe(ErrorCode.FORBIDDEN);
      const job = Number((await find()).body.job);
      // Another's draft is not found by a stranger, nor is another's listing stopped by one.
      const drafted = Number(
        (await call({ action: 'DraftCharacterFromBook', friend: 'lizzy', num, name: 'Jane' })).body
          .job,
      );
      await bed.t.deps.jobs.idle();
      expect((await call({ action: 'GetCharacterDraft', job: drafted })).body.state).toBe('done');
      expect((await call({ action: 'GetCharacterDraft', job: drafted }, stranger)).body.Error).toBe(
        ErrorCode.NOT_FOUND,
      );
      expect((await call({ action: 'GetCharacterDraft', job }, stranger)).body.Error).toBe(
        ErrorCode.NOT_FOUND,
      );
      const before = (await find()).body.state;
      expect((await call({ action: 'CancelBookJob', job }, stranger)).body.Error).toBe(
        ErrorCode.NOT_FOUND,
      );
      expect((await find()).body.state).toBe(before);
      expect((await call({ action: 'CancelBookJob', job: 999999 })).body.Error).toBe(
        ErrorCode.NOT_FOUND,
      );
      const missing = await call({
        action: 'DraftCharacterFromBook',
        friend: 'lizzy',
        num,
        name: 'Gandalf',
        lang: 'he',
      });
      expect(missing.body).toMatchObject({
        Error: ErrorCode.BAD_INPUT,
        Errstr: expect.stringContaining('Gandalf'),
      });
      expect(missing.body.Errstr).toMatch(/[\u05d0-\u05ea]/);
      const db = bed.t.deps.db;
      const [me] = await db.select().from(users).where(eq(users.email, 'boss@example.com'));
      await db.update(users).set({ credits: 0 }).where(eq(users.id, me!.id));
      try {
        const r = await find({ start: 1 });
        expect(r.body.Error).toBe(ErrorCode.NO_CREDITS);
        expect((await find()).body.job).toBe(job);
      } finally {
        await db.update(users).set({ credits: 1_000_000 }).where(eq(users.id, me!.id));
      }
    });
  },
);

describe.each(testDatabases())('a character drafted from a book, offline, on %s', (kind) => {
  let t: TestApp;
  let editor: string;
  let num = 0;
  const call = (body: Body) => rpc(t.app, body, { bearer: editor });
  beforeAll(async () => {
    t = await createTestApp(kind);
    editor = await userWithSession(t, 'boss@example.com', { grant: 'globalpriv,canadd' });
    expect(
      (
        await call({
          action: 'SetFriendDetails',
          insert: 1,
          autosave: 1,
          friendid: 'rachel',
          friendname: 'בראשית',
          image: IMAGE,
        })
      ).body.Error,
    ).toBe(0);
    const up = await postForm(t.app, '/api/upload', {
      bearer: editor,
      fields: { friend: 'rachel' },
      file: { name: 'בראשית.txt', data: Buffer.from(HE_BOOK) },
    });
    expect(up.text).toMatch(/^OK/);
    num = (
      (await call({ action: 'GetFiles', friend: 'rachel' })).body.files as { num: number }[]
    )[0]!.num;
  });
  afterAll(() => t.close());

  it('finds the speakers by the heuristic (Hebrew names with their prefixes), marked offline and free', async () => {
    const before = await call({ action: 'FindBookCharacters', friend: 'rachel', num, lang: 'he' });
    expect(before.body).toMatchObject({ Error: 0, state: 'none', offline: true, cost: 0 });
    await call({ action: 'FindBookCharacters', friend: 'rachel', num, lang: 'he', start: 1 });
    await t.deps.jobs.idle();
    const r = await call({ action: 'FindBookCharacters', friend: 'rachel', num, lang: 'he' });
    expect(r.body).toMatchObject({ Error: 0, state: 'done', offline: true, cost: 0 });
    const chars = r.body.characters as {
      name: string;
      mentions: number;
      firstChapter: number;
      sample: string;
    }[];
    expect(
      chars
        .map((c) => c.name)
        .slice(0, 3)
        .sort(),
    ).toEqual(['יעקב', 'לאה', 'רחל'].sort());
    const rachel = chars.find((c) => c.name === 'רחל')!;
    // "לרחל", "ורחל" and "על רחל" are her too.
    expect(rachel.mentions).toBeGreaterThanOrEqual(6);
    expect(rachel).toMatchObject({
      firstChapter: 1,
      sample: expect.stringContaining('אני אוהבת לצחוק'),
    });
  });

  it('drafts from her own quoted words with citations, and the first chat turn cites the book', async () => {
    const started = await call({
      action: 'DraftCharacterFromBook',
      friend: 'rachel',
      num,
      name: 'רחל',
      lang: 'he',
    });
    expect(started.body).toMatchObject({ Error: 0, offline: true, cost: 0 });
    await t.deps.jobs.idle();
    const got = await call({ action: 'GetCharacterDraft', job: started.body.job, lang: 'he' });
    expect(got.body).toMatchObject({ Error: 0, state: 'done', offline: true });
    const draft = got.body.draft as Record<
      string,
      { text: string; citations: { chapter?: number; text: string }[] }
    > & { firstChapter: number };
    expect(draft.firstChapter).toBe(1);
    expect(draft.personality!.text).toContain('אני אוהבת לצחוק');
    expect(draft.personality!.citations.length).toBeGreaterThan(0);
    expect(draft.firstMessage!.citations[0]!.chapter).toBe(1);
    expect(draft.background!.citations.length).toBeGreaterThan(0);
    expect(draft.imagePrompt!.text).toContain('עיניים כהות');

    const strip = (s: string) => s.replace(/\s*\[\d+\]/g, '');
    const saved = await call({
      action: 'SetFriendDetails',
      friendid: 'rachel',
      friendname: 'רחל',
      image: IMAGE,
      personality: strip(draft.personality!.text),
      background: strip(draft.background!.text),
      firstprompt: strip(draft.firstMessage!.text),
      lang: 'he',
    });
    expect(saved.body.Error).toBe(0);
    const r = await rpc(
      t.app,
      {
        action: 'AskFriend',
        friendid: 'rachel',
        lang: 'he',
        message: 'מה היה ליד הבאר עם הצאן?',
        subject: 'ראשון',
      },
      { bearer: editor },
    );
    expect(r.body.Error).toBe(0);
    expect(r.body.citations).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'file', title: 'בראשית' })]),
    );
  });
});
