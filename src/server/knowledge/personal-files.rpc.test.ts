import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DirectPaths } from '../../protocol/direct.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import {
  friendFiles,
  knowledgeChunks,
  knowledgeTerms,
  personalTerms,
  users,
} from '../db/schema.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import { postForm, type FilePart } from '../test/fixtures.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { knowledgeOn } from '../test/services.ts';

interface Listed {
  Error: number;
  Errstr?: string;
  files?: { num: number; title: string; subject: string }[];
  personal?: boolean;
}

/**
 * Personal files: a user who may talk to a helper (type 1 or 3) but not edit it keeps files
 * of their own on it, which only they see and only their chats read.
 */
describe.each(testDatabases())('personal files on %s', (kind) => {
  let fake: FakeOpenAI;
  let t: TestApp;
  let owner: string;
  let alice: string;
  let bob: string;
  let stranger: string;

  const upload = (token: string, file: FilePart, fields: Record<string, string> = {}) =>
    postForm(t.app, DirectPaths.upload, {
      bearer: token,
      fields: { friend: 'scribe', lang: 'en', ...fields },
      file,
    });
  const list = async (token: string, friend = 'scribe') =>
    (await rpc(t.app, { action: 'GetFiles', friend, lang: 'en' }, { bearer: token }))
      .body as Listed;
  const act = (token: string, body: Record<string, unknown>) =>
    rpc(t.app, { friendid: 'scribe', lang: 'en', ...body }, { bearer: token });
  const userId = async (email: string) =>
    (await t.deps.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  const numOf = (r: { status: number; text: string }) => {
    expect(r.text).toMatch(/^OK \d+$/);
    return Number(r.text.slice(3));
  };
  const character = (friendid: string, friendtype: number, publicfriend: 0 | 1) =>
    rpc(
      t.app,
      {
        action: 'SetFriendDetails',
        insert: 1,
        friendid,
        friendname: friendid,
        image: '/friends/librarian.svg',
        personality: 'Helps with documents.',
        firstprompt: 'Hello',
        friendtype,
        publicfriend,
      },
      { bearer: owner },
    );

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp(kind, {
      env: {
        FILES_PER_FRIEND: '3',
        OPENAI_COMPATIBLE_BASE_URL: fake.url,
        OPENAI_COMPATIBLE_MODELS: 'fake-model',
      },
    });
    owner = await userWithSession(t, 'owner@example.com', { grant: 'canadd' });
    alice = await userWithSession(t, 'alice@example.com');
    bob = await userWithSession(t, 'bob@example.com');
    stranger = await userWithSession(t, 'stranger@example.com');
    expect((await character('scribe', 1, 1)).body.Error).toBe(0);
    expect((await character('poet', 0, 1)).body.Error).toBe(0);
    expect((await character('secretaide', 1, 0)).body.Error).toBe(0);
    const shared = await upload(owner, {
      name: 'house-rules.txt',
      data: Buffer.from('House rules\n\nThe scribe always signs letters with a heron seal.'),
    });
    expect(shared.status, shared.text).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.setDefault({ text: 'Noted.' }));

  it('a non-editor of a public helper uploads, lists, renames and deletes files of their own', async () => {
    const up = await upload(
      alice,
      {
        name: 'my-thesis.md',
        data: Buffer.from('# Thesis draft\n\nMy thesis argues that the quokkaberry ripens in May.'),
      },
      { subject: 'drafts' },
    );
    expect(up.status, up.text).toBe(200);
    const num = numOf(up);

    const mine = await list(alice);
    expect(mine).toMatchObject({ Error: 0, personal: true });
    expect(mine.files).toEqual([
      { num, title: 'my-thesis', subject: 'drafts', tm: expect.any(String), chapters: 0, pages: 0 },
    ]);
    const [row] = await t.deps.db.select().from(friendFiles).where(eq(friendFiles.id, num));
    expect(row!.ownerId).toBe(await userId('alice@example.com'));
    expect(row!.storageKey).toMatch(/^knowledge\/\d+\/u\d+\/[0-9a-f]{32}\.md$/);

    expect(
      (await act(alice, { action: 'UpdateFileSubject', num, subject: 'chapter one' })).body,
    ).toEqual({ Error: 0 });
    expect((await act(alice, { action: 'UpdateTitle', num, title: 'Thesis' })).body.Error).toBe(0);
    expect((await act(alice, { action: 'GetFileTitle', num })).body).toEqual({
      Error: 0,
      title: 'Thesis draft',
    });
    expect((await act(alice, { action: 'MoveFileToTop', num })).body.Error).toBe(0);
    expect((await list(alice)).files).toMatchObject([
      { num, title: 'Thesis', subject: 'chapter one' },
    ]);

    // Nobody else sees or touches it: not another reader, not the character's editor.
    expect(await list(bob)).toEqual({ Error: 0, files: [], personal: true, search: 'words' });
    const editorView = await list(owner);
    expect(editorView.personal).toBe(false);
    expect(editorView.files!.map((f) => f.title)).toEqual(['house-rules']);
    for (const token of [bob, owner]) {
      for (const body of [
        { action: 'DelFile', num },
        { action: 'UpdateFileSubject', num, subject: 'mine now' },
        { action: 'UpdateTitle', num, title: 'mine now' },
        { action: 'GetFileTitle', num },
        { action: 'MoveFileToTop', num },
      ]) {
        const r = await act(token, body);
        expect(r.body.Error, `${body.action}`).toBe(ErrorCode.NOT_FOUND);
        expect(r.body.Errstr).toBe('The file was not found');
      }
    }
    // Nor can Alice reach the character's shared file by its number.
    const sharedNum = editorView.files![0]!.num;
    expect((await act(alice, { action: 'DelFile', num: sharedNum })).body.Error).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await list(owner)).files).toHaveLength(1);
    expect((await list(alice)).files).toMatchObject([{ title: 'Thesis', subject: 'chapter one' }]);

    expect((await act(alice, { action: 'DelFile', num })).body).toEqual({ Error: 0 });
    expect((await list(alice)).files).toEqual([]);
    expect(await t.storage.get(row!.storageKey)).toBeNull();
    expect(await t.storage.get(`${row!.storageKey}.txt`)).toBeNull();
    expect(
      await t.deps.db.select().from(knowledgeChunks).where(eq(knowledgeChunks.fileId, num)),
    ).toEqual([]);
    // The character's shared files are as they were.
    expect((await list(owner)).files!.map((f) => f.title)).toEqual(['house-rules']);
  });

  it('other characters still refuse non-editors, and strangers are refused everywhere', async () => {
    const file = { name: 'note.txt', data: Buffer.from('a note') };
    const noEdit = 'You have no permission to edit this character';
    expect(await upload(alice, file, { friend: 'poet' })).toEqual({ status: 403, text: noEdit });
    for (const body of [
      { action: 'GetFiles', friend: 'poet' },
      { action: 'DelFile', friendid: 'poet', num: 1 },
      { action: 'UpdateFileSubject', friendid: 'poet', num: 1, subject: 'x' },
      { action: 'MoveFileToTop', friendid: 'poet', num: 1 },
    ]) {
      const r = await rpc(t.app, { lang: 'en', ...body }, { bearer: alice });
      expect(r.body, body.action).toMatchObject({ Error: ErrorCode.FORBIDDEN, Errstr: noEdit });
    }
    // A private helper: not on its list, no files there.
    expect((await upload(stranger, file, { friend: 'secretaide' })).status).toBe(403);
    const r = await list(stranger, 'secretaide');
    expect(r.Error).toBe(ErrorCode.FORBIDDEN);
    expect(r.files).toBeUndefined();
    expect(await t.deps.db.select().from(friendFiles)).toHaveLength(1);
  });

  it('the file limit holds per user and character', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await upload(bob, { name: `b${i}.txt`, data: Buffer.from(`bob file ${i}`) });
      expect(r.status, r.text).toBe(200);
    }
    const over = await upload(bob, { name: 'b3.txt', data: Buffer.from('one too many') });
    expect(over).toEqual({
      status: 400,
      text: 'You already have 3 files of your own for this character, the most allowed. Delete one to upload another.',
    });
    const he = await upload(bob, { name: 'b3.txt', data: Buffer.from('x') }, { lang: 'he' });
    expect(he.text).toContain('כבר העלית לדמות זו 3 קבצים');
    // Bob's files count against neither Alice's limit nor the character's own.
    const a = await upload(alice, { name: 'a.txt', data: Buffer.from('alice file') });
    expect(a.status, a.text).toBe(200);
    const o = await upload(owner, { name: 'o.txt', data: Buffer.from('owner file') });
    expect(o.status, o.text).toBe(200);
    expect((await list(bob)).files).toHaveLength(3);
    expect((await list(owner)).files).toHaveLength(2);
    await act(alice, { action: 'DelFile', num: numOf(a) });
    await act(owner, { action: 'DelFile', num: numOf(o) });
  });

  it('a chat turn reads the asking user’s own files and never another user’s', async () => {
    const up = await upload(alice, {
      name: 'itinerary.txt',
      data: Buffer.from('Travel plan\n\nThe ferry to Zanzibarova leaves from pier seventeen.'),
    });
    expect(up.status, up.text).toBe(200);
    const question = 'Where does the ferry to Zanzibarova leave from, and what seal?';
    const promptFor = async (token: string, subject: string) => {
      const r = await rpc(
        t.app,
        { action: 'AskFriend', friendid: 'scribe', lang: 'en', subject, message: question },
        { bearer: token },
      );
      expect(r.body.Error, JSON.stringify(r.body)).toBe(0);
      const sent = fake.requests.filter((q) => JSON.stringify(q.messages).includes(question));
      return JSON.stringify(sent.at(-1)!.messages);
    };
    const forAlice = await promptFor(alice, 'Trip');
    expect(forAlice).toContain('pier seventeen');
    expect(forAlice).toContain('heron seal');
    const forBob = await promptFor(bob, 'Trip');
    expect(forBob).not.toContain('pier seventeen');
    expect(forBob).toContain('heron seal');

    // The same through the knowledge service: no user, or another user, finds nothing of it.
    const knowledge = knowledgeOn(t.deps);
    const aliceId = await userId('alice@example.com');
    const bobId = await userId('bob@example.com');
    expect(
      (await knowledge.retrieve('scribe', 'Zanzibarova ferry', 3, aliceId))[0]?.text,
    ).toContain('pier seventeen');
    expect(await knowledge.retrieve('scribe', 'Zanzibarova ferry', 3, bobId)).toEqual([]);
    expect(await knowledge.retrieve('scribe', 'Zanzibarova ferry', 3)).toEqual([]);
  });

  it('a helper with no shared passages still searches the asking user’s own files', async () => {
    expect((await character('ledger', 1, 1)).body.Error).toBe(0);
    const up = await upload(
      alice,
      {
        name: 'garden.txt',
        data: Buffer.from('Garden notes\n\nThe quincunx hedge is trimmed every Thursday.'),
      },
      { friend: 'ledger' },
    );
    expect(up.status, up.text).toBe(200);
    const question = 'When is the quincunx hedge trimmed?';
    // The second turn goes on in the subject the first made (read with the character).
    for (let turn = 0; turn < 2; turn++) {
      const r = await rpc(
        t.app,
        { action: 'AskFriend', friendid: 'ledger', lang: 'en', message: question },
        { bearer: alice },
      );
      expect(r.body.Error, JSON.stringify(r.body)).toBe(0);
      const sent = fake.requests.filter((q) => JSON.stringify(q.messages).includes(question));
      expect(JSON.stringify(sent.at(-1)!.messages)).toContain('every Thursday');
    }
    // The last test counts every stored file: this character's go.
    const gone = await rpc(
      t.app,
      { action: 'DeleteFriend', friendid: 'ledger' },
      { bearer: owner },
    );
    expect(gone.body.Error).toBe(0);
  });

  it('personal passages are counted per owner, never in the character’s counts', async () => {
    const rows = (r: unknown) => (r as { rows: unknown[] }).rows;
    const sharedCounted = await t.deps.db.execute(sql`
      select c.friend_id, lexeme, count(*)::int as n
      from knowledge_chunks c, unnest(tsvector_to_array(c.tsv)) as lexeme
      where c.owner_id is null
      group by c.friend_id, lexeme order by 1, 2`);
    const sharedKept = await t.deps.db.execute(
      sql`select friend_id, lexeme, df as n from knowledge_terms order by 1, 2`,
    );
    expect(rows(sharedKept)).toEqual(rows(sharedCounted));
    const ownCounted = await t.deps.db.execute(sql`
      select c.friend_id, c.owner_id, lexeme, count(*)::int as n
      from knowledge_chunks c, unnest(tsvector_to_array(c.tsv)) as lexeme
      where c.owner_id is not null
      group by c.friend_id, c.owner_id, lexeme order by 1, 2, 3`);
    const ownKept = await t.deps.db.execute(
      sql`select friend_id, owner_id, lexeme, df as n from personal_terms order by 1, 2, 3`,
    );
    // After uploads and deletes by two users, the counts match what is stored.
    expect(rows(ownKept).length).toBeGreaterThan(10);
    expect(rows(ownKept)).toEqual(rows(ownCounted));

    const shared = (await t.deps.db.select().from(knowledgeTerms)).map((r) => r.lexeme);
    expect(shared).toContain('heron');
    expect(shared).not.toContain('zanzibarova');
    expect(shared.some((l) => /^#f\d+u\d+$/.test(l))).toBe(false);
    const aliceId = await userId('alice@example.com');
    const own = await t.deps.db
      .select()
      .from(personalTerms)
      .where(eq(personalTerms.ownerId, aliceId));
    expect(own.map((r) => r.lexeme)).toContain('zanzibarova');
    expect(own.map((r) => r.lexeme)).not.toContain('heron');
  });

  it('the Google Docs import refuses personal scope with a clear message', async () => {
    const read = (token: string, lang: string) =>
      t.app.inject({
        method: 'POST',
        url: DirectPaths.googleDocs,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: {
          action: 'read_doc',
          friend: 'scribe',
          doc_url: 'https://docs.google.com/document/d/1AbCdEfGhIjKlMnOpQrStUvWxYz/edit',
          lang,
        },
      });
    const en = await read(alice, 'en');
    expect(en.statusCode).toBe(403);
    expect(en.json()).toMatchObject({ Error: ErrorCode.FORBIDDEN });
    expect(en.json().Errstr).toContain('only its editors');
    const he = await read(alice, 'he');
    expect(he.json().Errstr).toContain('Google Docs');
    expect(he.json().Errstr).toMatch(/[א-ת]/);
  });

  it('deleting a user takes their personal files; deleting the character removes every stored file', async () => {
    const bobId = await userId('bob@example.com');
    const bobFiles = await t.deps.db
      .select()
      .from(friendFiles)
      .where(eq(friendFiles.ownerId, bobId));
    expect(bobFiles).toHaveLength(3);
    await t.deps.db.delete(users).where(eq(users.id, bobId));
    expect(
      await t.deps.db.select().from(friendFiles).where(eq(friendFiles.ownerId, bobId)),
    ).toEqual([]);
    expect(
      await t.deps.db.select().from(knowledgeChunks).where(eq(knowledgeChunks.ownerId, bobId)),
    ).toEqual([]);
    expect(
      await t.deps.db.select().from(personalTerms).where(eq(personalTerms.ownerId, bobId)),
    ).toEqual([]);

    const keys = (await t.deps.db.select().from(friendFiles)).map((f) => f.storageKey);
    expect(keys.some((k) => /\/u\d+\//.test(k))).toBe(true);
    const r = await rpc(t.app, { action: 'DeleteFriend', friendid: 'scribe' }, { bearer: owner });
    expect(r.body.Error).toBe(0);
    for (const k of keys) expect(await t.storage.get(k)).toBeNull();
    expect(await t.deps.db.select().from(knowledgeChunks)).toEqual([]);
    expect(await t.deps.db.select().from(personalTerms)).toEqual([]);
  });
});
