import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { friendAccess, friends } from '../db/schema.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { usersRepo } from '../users/users.repo.ts';

type Card = { friendid: string; friendname: string; category: number; friendtype: number };

describe.each(testDatabases())('characters on %s', (kind) => {
  let t: TestApp;
  let reader: string;
  let creator: string;
  let boss: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    reader = await userWithSession(t, 'reader@example.com');
    creator = await userWithSession(t, 'maker@example.com', { grant: 'canadd' });
    boss = await userWithSession(t, 'boss@example.com', { grant: 'globalpriv,canadd' });
    const maker = await usersRepo(t.deps.db).byEmail('maker@example.com');
    const [secret] = await t.deps.db
      .insert(friends)
      .values({
        friendid: 'secretone',
        friendname: 'Secret',
        personality: 'hidden soul',
        publicfriend: 0,
        ownerId: maker!.id,
        lang: 'he',
      })
      .returning();
    const [shared] = await t.deps.db
      .insert(friends)
      .values({
        friendid: 'sharedone',
        friendname: 'Shared',
        publicfriend: 0,
        ownerId: maker!.id,
        lang: 'he',
      })
      .returning();
    await t.deps.db
      .insert(friendAccess)
      .values({ friendId: shared!.id, email: 'reader@example.com', editpriv: 0 });
    expect(secret).toBeTruthy();
  });
  afterAll(() => t.close());

  const list = async (token: string, extra: Record<string, unknown> = {}) => {
    const r = await rpc(t.app, { action: 'GetFriends', ...extra }, { bearer: token });
    expect(r.body.Error).toBe(0);
    return r.body.friends as Card[];
  };

  it('GetCategories answers per language, ordered by bit', async () => {
    const he = await rpc(t.app, { action: 'GetCategories', lang: 'he' });
    const en = await rpc(t.app, { action: 'GetCategories', lang: 'en' });
    const heCats = he.body.categories as { id: number; name: string }[];
    const enCats = en.body.categories as { id: number; name: string }[];
    expect(heCats.length).toBeGreaterThanOrEqual(8);
    expect(heCats.map((c) => c.id)).toEqual(enCats.map((c) => c.id));
    expect(heCats[0]).toEqual({ id: 1, name: 'קלאסיקות' });
    expect(enCats[0]).toEqual({ id: 1, name: 'Classics' });
    for (const c of heCats) expect(c.id & (c.id - 1)).toBe(0);
  });

  it('the starter library is there in both languages, and the editor is hidden without canadd', async () => {
    const he = await list(reader, { lang: 'he' });
    const en = await list(reader, { lang: 'en' });
    const heIds = he.map((f) => f.friendid);
    expect(heIds).toEqual(
      expect.arrayContaining([
        'holmes',
        'alice',
        'quixote',
        'tevye',
        'anne',
        'pinocchio',
        'librarian',
        'vered',
      ]),
    );
    expect(en.map((f) => f.friendid)).toEqual(
      expect.arrayContaining(['holmesen', 'aliceen', 'tevyeen']),
    );
    expect(heIds).not.toContain('holmesen');
    expect(heIds).not.toContain('sharoneditor');
    expect(en.map((f) => f.friendid)).not.toContain('sharoneditoren');
    expect(he.find((f) => f.friendid === 'holmes')?.friendname).toBe('שרלוק הולמס');
    expect(en.find((f) => f.friendid === 'holmesen')?.friendname).toBe('Sherlock Holmes');
    expect((await list(creator)).map((f) => f.friendid)).toContain('sharoneditor');
  });

  it('private characters: owner and access list see them, others do not; showall needs the global privilege', async () => {
    expect((await list(reader)).map((f) => f.friendid)).toContain('sharedone');
    expect((await list(reader)).map((f) => f.friendid)).not.toContain('secretone');
    expect((await list(creator)).map((f) => f.friendid)).toEqual(
      expect.arrayContaining(['secretone', 'sharedone']),
    );
    expect((await list(reader, { showall: 1 })).map((f) => f.friendid)).not.toContain('secretone');
    expect((await list(boss, { showall: 1 })).map((f) => f.friendid)).toContain('secretone');
    expect((await list(boss, { showall: 0 })).map((f) => f.friendid)).not.toContain('secretone');
  });

  it('the category bitmask filters', async () => {
    const mystery = await list(reader, { categories: 4, lang: 'he' });
    expect(mystery.length).toBeGreaterThan(0);
    for (const f of mystery) expect(f.category & 4).not.toBe(0);
    expect(mystery.map((f) => f.friendid)).toContain('holmes');
    expect(mystery.map((f) => f.friendid)).not.toContain('pinocchio');
  });

  it('GetFriendDetails: public card for anyone, making for editors, refusal for strangers', async () => {
    const anon = await rpc(t.app, { action: 'GetFriendDetails', friendid: 'holmes' });
    expect(anon.body.Error).toBe(0);
    const card = anon.body.friend as Record<string, unknown>;
    expect(card).toMatchObject({ friendid: 'holmes', friendname: 'שרלוק הולמס', priv: 1 });
    expect(card).not.toHaveProperty('personality');

    const boss1 = await rpc(
      t.app,
      { action: 'GetFriendDetails', friendid: 'holmes' },
      { bearer: boss },
    );
    expect((boss1.body.friend as Record<string, unknown>).personality).toBeTruthy();
    expect((boss1.body.friend as Record<string, unknown>).priv).toBe(0);

    const stranger = await rpc(
      t.app,
      { action: 'GetFriendDetails', friendid: 'secretone', lang: 'en' },
      { bearer: reader },
    );
    expect(stranger.body.Error).toBe(ErrorCode.FORBIDDEN);
    expect(JSON.stringify(stranger.body)).not.toContain('hidden soul');
    const anonSecret = await rpc(t.app, { action: 'GetFriendDetails', friendid: 'secretone' });
    expect(anonSecret.body.Error).toBe(ErrorCode.UNAUTHENTICATED);

    const owner = await rpc(
      t.app,
      { action: 'GetFriendDetails', friendid: 'SecretOne' },
      { bearer: creator },
    );
    expect(owner.body.friend).toMatchObject({
      friendid: 'secretone',
      personality: 'hidden soul',
      priv: 0,
      creator: 'maker@example.com',
    });
    const viewer = await rpc(
      t.app,
      { action: 'GetFriendDetails', friendid: 'sharedone' },
      { bearer: reader },
    );
    expect(viewer.body.friend).toMatchObject({ priv: 1 });

    const missing = await rpc(t.app, { action: 'GetFriendDetails', friendid: 'nobodyhere' });
    expect(missing.body.Error).toBe(ErrorCode.NOT_FOUND);
  });

  it("GetFriendDetails with email '*' is the general lookup: the public card, whoever asks", async () => {
    const general = await rpc(
      t.app,
      { action: 'GetFriendDetails', email: '*', friendid: 'holmes' },
      { bearer: boss },
    );
    expect(general.body.Error).toBe(0);
    expect(general.body.friend).toMatchObject({ friendid: 'holmes', priv: 1 });
    expect(general.body.friend).not.toHaveProperty('personality');

    const anon = await rpc(t.app, { action: 'GetFriendDetails', email: '*', friendid: 'holmes' });
    expect(anon.body.friend).toMatchObject({ friendid: 'holmes', priv: 1 });

    // A private character has no general card, even for its owner.
    const own = await rpc(
      t.app,
      { action: 'GetFriendDetails', email: '*', friendid: 'secretone', lang: 'en' },
      { bearer: creator },
    );
    expect(own.body.Error).toBe(ErrorCode.FORBIDDEN);
    expect(own.body.Errstr).toBeTruthy();
    expect(JSON.stringify(own.body)).not.toContain('hidden soul');

    // Any other e-mail than the caller's own is still refused.
    const other = await rpc(
      t.app,
      { action: 'GetFriendDetails', email: 'maker@example.com', friendid: 'holmes' },
      { bearer: reader },
    );
    expect(other.body.Error).toBe(ErrorCode.IDENTITY_MISMATCH);
  });

  it('GetHeliconAssistants answers support and sales per language', async () => {
    const he = await rpc(t.app, { action: 'GetHeliconAssistants', lang: 'he' });
    expect(he.body).toMatchObject({
      Error: 0,
      support: { friendid: 'support' },
      sales: { friendid: 'sales' },
    });
    const en = await rpc(t.app, { action: 'GetHeliconAssistants', lang: 'en' });
    expect(en.body).toMatchObject({
      support: { friendid: 'supporten' },
      sales: { friendid: 'salesen' },
    });
  });

  it('ModelsList: only the offline model without providers; configured ones otherwise', async () => {
    const r = await rpc(t.app, { action: 'ModelsList' }, { bearer: reader });
    expect(r.body).toEqual({ Error: 0, models: ['auto', 'offline'], default: 'offline' });
    const t2 = await createTestApp('pglite', {
      env: {
        OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:1/v1',
        OPENAI_COMPATIBLE_MODELS: 'llama3, qwen2',
        OPENAI_API_KEY: 'k',
      },
    });
    try {
      const tok = await userWithSession(t2, 'm@example.com');
      const r2 = await rpc(t2.app, { action: 'ModelsList' }, { bearer: tok });
      expect(r2.body).toEqual({
        Error: 0,
        models: ['auto', 'llama3', 'qwen2', 'gpt-4o', 'gpt-4.1', 'gpt-5-mini'],
        default: 'llama3',
      });
    } finally {
      await t2.close();
    }
  });
});
