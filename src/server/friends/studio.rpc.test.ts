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
import { eq } from 'drizzle-orm';

const character = {
  friendid: 'captainnemo',
  friendname: 'קפטן נמו',
  personality: 'Proud, secretive, a genius of the sea.',
  background: 'Commander of the Nautilus.',
  description: 'The captain of the Nautilus',
  firstprompt: 'Welcome aboard the Nautilus.',
  image: '/files/images/c_0123456789abcdef0123456789abcdef.webp',
  temp: 70,
  top_p: 30,
  friendtype: 0,
  voice: 'onyx',
  voice_instructions: 'Speak slowly.',
  model: 'auto',
  category: 5,
  publicfriend: 0,
};

describe.each(testDatabases())('character studio on %s', (kind) => {
  let t: TestApp;
  let maker: string;
  let editor: string;
  let viewer: string;
  let stranger: string;
  let boss: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    maker = await userWithSession(t, 'maker@example.com', { grant: 'canadd' });
    editor = await userWithSession(t, 'editor@example.com');
    viewer = await userWithSession(t, 'viewer@example.com');
    stranger = await userWithSession(t, 'stranger@example.com', { grant: 'canadd' });
    boss = await userWithSession(t, 'boss@example.com', { grant: 'globalpriv,canadd' });
  });
  afterAll(() => t.close());

  const save = (token: string, body: Record<string, unknown>) =>
    rpc(t.app, { action: 'SetFriendDetails', ...body }, { bearer: token });
  const row = async (id: string) =>
    (await t.deps.db.select().from(friends).where(eq(friends.friendid, id)))[0];

  it('a user with canadd creates a character; it reopens with every field', async () => {
    const free = await rpc(
      t.app,
      { action: 'UniqueFriendId', friendid: 'CaptainNemo' },
      { bearer: maker },
    );
    expect(free.body).toEqual({ Error: 0, unique: 1 });

    const r = await save(maker, { ...character, insert: 1 });
    expect(r.body).toMatchObject({ Error: 0, description: character.description });
    expect(r.body.lastupdate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const taken = await rpc(
      t.app,
      { action: 'UniqueFriendId', friendid: 'CAPTAINNEMO' },
      { bearer: viewer },
    );
    expect(taken.body.unique).toBe(0);

    const back = await rpc(
      t.app,
      { action: 'GetFriendDetails', friendid: 'captainnemo' },
      { bearer: maker },
    );
    expect(back.body.friend).toMatchObject({
      ...character,
      priv: 0,
      creator: 'maker@example.com',
      lang: null,
    });
    const saved = await row('captainnemo');
    expect(saved?.ownerId).toBe((await usersRepo(t.deps.db).byEmail('maker@example.com'))!.id);
  });

  it('the save messages of spec §5, in Hebrew and English; autosave skips the last two', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ friendid: '' }, 'חובה להזין מזהה לדמות', 'You must enter a friend identifier'],
      [
        { friendid: 'bad id!' },
        'המזהה יכול להכיל רק אותיות באנגלית וספרות',
        'English letters and digits only',
      ],
      [{ friendname: '  ' }, 'חובה להזין שם לדמות', 'You must enter a friend name'],
      [{ image: '' }, 'חובה להוסיף תמונה', 'You must add an image'],
      [
        { personality: '', background: ' ' },
        'חובה למלא אישיות או רקע',
        'personality or the background',
      ],
      [{ firstprompt: '' }, 'חובה להזין הודעה ראשונה', 'You must enter a first message'],
    ];
    for (const [patch, heText, enText] of cases) {
      const body = { ...character, friendid: 'newone', insert: 1, ...patch };
      const he = await save(maker, { ...body, lang: 'he' });
      expect(he.body.Error, JSON.stringify(patch)).toBe(ErrorCode.BAD_INPUT);
      expect(he.body.Errstr).toBe(heText);
      const en = await save(maker, { ...body, lang: 'en' });
      expect(en.body.Errstr).toContain(enText);
    }
    expect(await row('newone')).toBeUndefined();

    const auto = await save(maker, {
      ...character,
      friendid: 'draftone',
      insert: 1,
      autosave: 1,
      personality: '',
      background: '',
      firstprompt: '',
    });
    expect(auto.body.Error).toBe(0);
    const stillNeedsImage = await save(maker, {
      ...character,
      friendid: 'draftone',
      autosave: 1,
      image: '',
    });
    expect(stillNeedsImage.body.Error).toBe(ErrorCode.BAD_INPUT);
  });

  it('an id that exists: "already exists" on insert, "exists, no permission" on update by a stranger', async () => {
    const dup = await save(stranger, {
      ...character,
      friendid: 'CAPTAINnemo',
      insert: 1,
      lang: 'en',
    });
    expect(dup.body).toMatchObject({
      Error: ErrorCode.CONFLICT,
      Errstr: 'A friend with this identifier already exists in the system',
    });
    const other = await save(stranger, { ...character, friendname: 'Stolen', lang: 'he' });
    expect(other.body.Error).toBe(ErrorCode.FORBIDDEN);
    expect(other.body.Errstr).toBe('דמות עם מזהה זה כבר קיימת במערכת, ואין לך הרשאה לערוך אותה');
    expect((await row('captainnemo'))?.friendname).toBe('קפטן נמו');
    const reserved = await save(maker, { ...character, friendid: 'Main', insert: 1 });
    expect(reserved.body.Error).toBe(ErrorCode.CONFLICT);
    expect(
      (await rpc(t.app, { action: 'UniqueFriendId', friendid: 'createdit' }, { bearer: maker }))
        .body.unique,
    ).toBe(0);
  });

  it('without canadd a character cannot be created', async () => {
    const r = await save(viewer, { ...character, friendid: 'mineplease', insert: 1, lang: 'en' });
    expect(r.body).toMatchObject({
      Error: ErrorCode.FORBIDDEN,
      Errstr: 'You have no permission to add characters',
    });
    expect(await row('mineplease')).toBeUndefined();
  });

  it('types 2-4 and a chosen model need the global privilege', async () => {
    for (const friendtype of [2, 3, 4]) {
      const r = await save(maker, {
        ...character,
        friendid: `typed${friendtype}`,
        insert: 1,
        friendtype,
      });
      expect(r.body.Error).toBe(ErrorCode.FORBIDDEN);
    }
    const model = await save(maker, {
      ...character,
      friendid: 'modelled',
      insert: 1,
      model: 'gpt-4o',
    });
    expect(model.body.Error).toBe(ErrorCode.FORBIDDEN);
    const change = await save(maker, { ...character, friendtype: 3 });
    expect(change.body.Error).toBe(ErrorCode.FORBIDDEN);
    const helper = await save(maker, {
      ...character,
      friendid: 'helperone',
      insert: 1,
      friendtype: 1,
    });
    expect(helper.body.Error).toBe(0);
    const bossSave = await save(boss, {
      ...character,
      friendid: 'systemone',
      insert: 1,
      friendtype: 4,
      model: 'gpt-4o',
    });
    expect(bossSave.body.Error).toBe(0);
    expect(await row('systemone')).toMatchObject({ friendtype: 4, model: 'gpt-4o' });
  });

  it('bad image addresses and voices are refused', async () => {
    for (const image of [
      'javascript:alert(1)',
      '//evil.example/x.png',
      'data:image/png;base64,AAAA',
    ]) {
      const r = await save(maker, { ...character, image });
      expect(r.body.Error, image).toBe(ErrorCode.BAD_INPUT);
    }
    const voice = await save(maker, { ...character, voice: 'darth' });
    expect(voice.body.Error).toBe(ErrorCode.BAD_INPUT);
  });

  it('autosave single fields: UpdateFriendDetails', async () => {
    const up = (body: Record<string, unknown>, token = maker) =>
      rpc(
        t.app,
        { action: 'UpdateFriendDetails', friendid: 'captainnemo', ...body },
        { bearer: token },
      );
    expect((await up({ subject: 'personality', contents: 'Calmer now.' })).body.Error).toBe(0);
    expect((await up({ subject: 'category', contents: 12 })).body.Error).toBe(0);
    expect((await up({ subject: 'category', contents: '3' })).body.Error).toBe(0);
    expect((await up({ subject: 'category', contents: 'lots' })).body.Error).toBe(
      ErrorCode.BAD_INPUT,
    );
    expect((await up({ subject: 'voice_instructions', contents: 'Whisper.' })).body.Error).toBe(0);
    expect((await up({ subject: 'image', contents: 'javascript:x' })).body.Error).toBe(
      ErrorCode.BAD_INPUT,
    );
    expect((await up({ subject: 'model', contents: 'x' })).body.Error).toBe(ErrorCode.BAD_INPUT);
    expect(await row('captainnemo')).toMatchObject({
      personality: 'Calmer now.',
      category: 3,
      voiceInstructions: 'Whisper.',
    });
    const denied = await up({ subject: 'personality', contents: 'Mine!' }, stranger);
    expect(denied.body.Error).toBe(ErrorCode.FORBIDDEN);
  });

  it('shared with edit rights the other user edits; view-only gets the no-permission answers', async () => {
    const nemo = (await row('captainnemo'))!;
    await t.deps.db.insert(friendAccess).values([
      { friendId: nemo.id, email: 'editor@example.com', editpriv: 1 },
      { friendId: nemo.id, email: 'viewer@example.com', editpriv: 0 },
    ]);
    const edited = await save(editor, { ...character, description: 'Edited by a friend' });
    expect(edited.body).toMatchObject({ Error: 0, description: 'Edited by a friend' });

    const viewSave = await save(viewer, { ...character, description: 'nope' });
    expect(viewSave.body.Error).toBe(ErrorCode.FORBIDDEN);
    const priv = await rpc(
      t.app,
      { action: 'CheckEditPriv', friendid: 'captainnemo', lang: 'en' },
      { bearer: viewer },
    );
    expect(priv.body).toMatchObject({ Error: 1, priv: 1, friendname: 'קפטן נמו', owner: 0 });
    expect(priv.body.Errstr).toMatch(/no permission to edit/);
    const none = await rpc(
      t.app,
      { action: 'CheckEditPriv', friendid: 'captainnemo', lang: 'he' },
      { bearer: stranger },
    );
    expect(none.body).toMatchObject({
      Error: 2,
      priv: 2,
      friendname: '',
      Errstr: "אין לך הרשאה לצפות בצ'אט זה",
    });
    const ok = await rpc(
      t.app,
      { action: 'CheckEditPriv', friendid: 'captainnemo' },
      { bearer: editor },
    );
    expect(ok.body).toEqual({
      Error: 0,
      priv: 0,
      imgedit: 0,
      friendtype: 0,
      friendname: 'קפטן נמו',
      owner: 0,
    });
    const own = await rpc(
      t.app,
      { action: 'CheckEditPriv', friendid: 'captainnemo' },
      { bearer: maker },
    );
    expect(own.body).toMatchObject({ Error: 0, owner: 1 });
    const missing = await rpc(
      t.app,
      { action: 'CheckEditPriv', friendid: 'nosuchone' },
      { bearer: maker },
    );
    expect(missing.body.Error).toBe(ErrorCode.NOT_FOUND);

    const exists = await rpc(
      t.app,
      { action: 'FriendExists', friendid: 'captainnemo' },
      { bearer: editor },
    );
    expect(exists.body).toEqual({ Error: 0, exists: 1, canedit: 1 });
    const notMine = await rpc(
      t.app,
      { action: 'FriendExists', friendid: 'captainnemo' },
      { bearer: stranger },
    );
    expect(notMine.body).toEqual({ Error: 0, exists: 1, canedit: 0 });
    const no = await rpc(
      t.app,
      { action: 'FriendExists', friendid: 'ghostship' },
      { bearer: stranger },
    );
    expect(no.body).toEqual({ Error: 0, exists: 0, canedit: 0 });
  });

  it('DeleteFriend: only the owner or the global privilege; the access list goes too', async () => {
    const byEditor = await rpc(
      t.app,
      { action: 'DeleteFriend', friendid: 'captainnemo' },
      { bearer: editor },
    );
    expect(byEditor.body.Error).toBe(ErrorCode.FORBIDDEN);
    const byStranger = await rpc(
      t.app,
      { action: 'DeleteFriend', friendid: 'captainnemo' },
      { bearer: stranger },
    );
    expect(byStranger.body.Error).toBe(ErrorCode.FORBIDDEN);
    const id = (await row('captainnemo'))!.id;
    const gone = await rpc(
      t.app,
      { action: 'DeleteFriend', friendid: 'captainnemo' },
      { bearer: maker },
    );
    expect(gone.body).toEqual({ Error: 0 });
    expect(await row('captainnemo')).toBeUndefined();
    expect(
      await t.deps.db.select().from(friendAccess).where(eq(friendAccess.friendId, id)),
    ).toEqual([]);
    const again = await rpc(
      t.app,
      { action: 'DeleteFriend', friendid: 'captainnemo' },
      { bearer: maker },
    );
    expect(again.body.Error).toBe(ErrorCode.NOT_FOUND);
    const byBoss = await rpc(
      t.app,
      { action: 'DeleteFriend', friendid: 'draftone' },
      { bearer: boss },
    );
    expect(byBoss.body.Error).toBe(0);
  });
});
