import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectPaths } from '../../protocol/direct.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { friendFiles, friends, messages } from '../db/schema.ts';
import { postForm } from '../test/fixtures.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';

/**
 * Issue 35: a NUL (which PostgreSQL text cannot hold) in an action's field or an upload's
 * name answered 500 from the failed insert. Now it is refused with words, naming the field,
 * before anything is stored; the other C0 controls are taken out (rpc/input-text.ts).
 */
describe.each(testDatabases())('control characters in input on %s', (kind) => {
  let t: TestApp;
  let owner: string;

  const character = (fields: Record<string, unknown>) =>
    rpc(
      t.app,
      {
        action: 'SetFriendDetails',
        insert: 1,
        image: '/friends/librarian.svg',
        personality: 'Reads everything.',
        firstprompt: 'Hi',
        friendtype: 1,
        ...fields,
      },
      { bearer: owner },
    );
  const rows = async (table: typeof friends | typeof friendFiles | typeof messages) =>
    Number((await t.deps.db.select({ n: count() }).from(table))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userWithSession(t, 'owner@example.com', { grant: 'canadd' });
    const made = await character({ friendid: 'bookworm', friendname: 'Bookworm' });
    expect(made.body.Error).toBe(ErrorCode.OK);
  });
  afterAll(() => t.close());

  it("a NUL in a character's name is refused in the caller's language, nothing stored", async () => {
    const before = await rows(friends);
    const en = await character({ friendid: 'nulname', friendname: 'Book\u0000worm', lang: 'en' });
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      Error: ErrorCode.BAD_INPUT,
      Errstr:
        'The field friendname contains a NUL character (code 0), which cannot be stored. Remove it and try again.',
    });
    const he = await character({ friendid: 'nulname', friendname: 'Book\u0000worm' });
    expect(he.status).toBe(400);
    expect(he.body.Errstr).toContain('השדה friendname מכיל את התו NUL');
    expect(await rows(friends)).toBe(before);
  });

  it('a NUL in a chat message is refused before the message is stored', async () => {
    const before = await rows(messages);
    const r = await rpc(
      t.app,
      { action: 'AskFriend', friendid: 'bookworm', message: 'hi\u0000there', lang: 'en' },
      { bearer: owner },
    );
    expect(r.status).toBe(400);
    expect(r.body.Error).toBe(ErrorCode.BAD_INPUT);
    expect(r.body.Errstr).toContain('The field message contains a NUL character');
    expect(await rows(messages)).toBe(before);
  });

  it('other control characters are taken out of what is stored', async () => {
    const made = await character({ friendid: 'bellname', friendname: 'Bell\u0007 and\u000Bbreak' });
    expect(made.body.Error, JSON.stringify(made.body)).toBe(ErrorCode.OK);
    const [row] = await t.deps.db
      .select({ name: friends.friendname })
      .from(friends)
      .where(eq(friends.friendid, 'bellname'));
    expect(row!.name).toBe('Bell and\nbreak');
  });

  it("a NUL in an upload's file name or field is refused with words, nothing stored", async () => {
    const before = await rows(friendFiles);
    const file = { name: 'notes\u0000.txt', data: Buffer.from('The library opens at nine.') };
    // `lang` after the file: the form is read whole before it is refused, so it is heard.
    const named = await postForm(t.app, DirectPaths.upload, {
      bearer: owner,
      fields: { friend: 'bookworm' },
      file,
      after: { lang: 'en' },
    });
    expect(named).toEqual({
      status: 400,
      text: 'The file name contains a NUL character (code 0), which cannot be stored. Rename the file and try again.',
    });
    const he = await postForm(t.app, DirectPaths.upload, {
      bearer: owner,
      fields: { friend: 'bookworm' },
      file,
    });
    expect(he.status).toBe(400);
    expect(he.text).toContain('שם הקובץ מכיל את התו NUL');
    const field = await postForm(t.app, DirectPaths.upload, {
      bearer: owner,
      fields: { friend: 'bookworm', subject: 'hours\u0000', lang: 'en' },
      file: { name: 'notes.txt', data: file.data },
    });
    expect(field.status).toBe(400);
    expect(field.text).toContain('The field subject contains a NUL character');
    expect(await rows(friendFiles)).toBe(before);

    // The same file under a clean name is taken, its name without the other controls.
    const ok = await postForm(t.app, DirectPaths.upload, {
      bearer: owner,
      fields: { friend: 'bookworm' },
      file: { name: 'hours\u0007.txt', data: file.data },
    });
    expect(ok.status, ok.text).toBe(200);
    const [stored] = await t.deps.db.select({ title: friendFiles.title }).from(friendFiles);
    expect(stored!.title).not.toMatch(/\p{Cc}/u);
  });

  it("a NUL in a card's text is refused with the card's field named", async () => {
    const before = await rows(friends);
    const card = { spec: 'chara_card_v2', data: { name: 'Nul\u0000Captain', first_mes: 'Ahoy' } };
    const r = await postForm(t.app, DirectPaths.card, {
      bearer: owner,
      fields: { lang: 'en' },
      file: { name: 'nul.json', data: Buffer.from(JSON.stringify(card)) },
    });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text)).toEqual({
      Error: ErrorCode.BAD_INPUT,
      Errstr:
        'The card’s field data.name contains a NUL character (code 0), which cannot be stored. Remove it from the card and try again.',
    });
    expect(await rows(friends)).toBe(before);
  });

  it('a direct JSON endpoint refuses a NUL the same way', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: DirectPaths.payment,
      headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ action: 'getsubscriptiontypes', email: 'owner\u0000', lang: 'en' }),
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ Error: ErrorCode.BAD_INPUT });
    expect(r.json<{ Errstr: string }>().Errstr).toContain('The field email contains a NUL');
  });

  // Found by the fuzzer (scripts/fuzz): a lone half of a surrogate pair (JSON's "\ud835")
  // in a subject's name answered 500. It is no character: it becomes U+FFFD, as UTF-8 has it.
  it('an unpaired surrogate in a subject is stored as U+FFFD, not a 500', async () => {
    const friendid = 'bookworm';
    const payload = `{"action":"UpdateCanvas","friendid":"${friendid}","subject":"a\\ud835b","contents":"x"}`;
    const r = await rpc(t.app, payload, { bearer: owner });
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
    expect(r.body.Error).toBe(ErrorCode.OK);
    const renamed = await rpc(
      t.app,
      `{"action":"UpdateSubject","friendid":"${friendid}","subject":"a\\ud835b","newsubject":"c\\udc00"}`,
      { bearer: owner },
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBeLessThan(500);
    const read = await rpc(
      t.app,
      { action: 'GetCanvas', friendid, subject: renamed.body.Error === 0 ? 'c\ufffd' : 'a\ufffdb' },
      { bearer: owner },
    );
    expect(read.body).toMatchObject({ Error: ErrorCode.OK, canvas: 'x' });
  });
});
