import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friends, meta } from '../db/schema.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { seedStarterContent } from './seed.ts';

describe.each(testDatabases())('starter characters on %s', (kind) => {
  let t: TestApp;
  let creator: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    creator = await userWithSession(t, 'creator@example.com', { grant: 'canadd' });
  });
  afterAll(() => t.close());

  const list = async (lang: string) =>
    (
      (await rpc(t.app, { action: 'GetFriends', lang }, { bearer: creator })).body.friends as {
        friendid: string;
        friendname: string;
        description: string;
      }[]
    ).filter((f) => /graphicdesigner|sharoneditor/.test(f.friendid));

  it('the graphic designer and Sharon have an English record like the other helpers', async () => {
    const en = await list('en');
    expect(en.map((f) => [f.friendid, f.friendname])).toEqual(
      expect.arrayContaining([
        ['graphicdesigneren', 'The graphic designer'],
        ['sharoneditoren', 'Sharon the editor'],
      ]),
    );
    expect(en).toHaveLength(2);
    for (const f of en) expect(f.friendname + f.description).not.toMatch(/[\u0590-\u05ff]/);
    const he = await list('he');
    expect(he.map((f) => [f.friendid, f.friendname])).toEqual(
      expect.arrayContaining([
        ['graphicdesigner', 'המעצב הגרפי'],
        ['sharoneditor', 'שרון העורכת'],
      ]),
    );
    expect(he).toHaveLength(2);
  });

  it('a database seeded before gets the English records once, and keeps edits', async () => {
    const { db } = t.deps;
    // As the first seed left it: one record for both languages, an editor's change to Sharon.
    await db
      .delete(friends)
      .where(inArray(friends.friendid, ['graphicdesigneren', 'sharoneditoren']));
    await db
      .update(friends)
      .set({ lang: null, friendname: 'המעצב הגרפי · The graphic designer' })
      .where(eq(friends.friendid, 'graphicdesigner'));
    await db
      .update(friends)
      .set({ lang: null, friendname: 'שרון שלנו' })
      .where(eq(friends.friendid, 'sharoneditor'));
    await db.update(meta).set({ value: '1' }).where(eq(meta.key, 'starter-content'));

    await seedStarterContent(db);
    await seedStarterContent(db);
    expect((await list('en')).map((f) => f.friendid).sort()).toEqual([
      'graphicdesigneren',
      'sharoneditoren',
    ]);
    const [designer] = await db
      .select()
      .from(friends)
      .where(and(eq(friends.friendid, 'graphicdesigner')));
    expect(designer).toMatchObject({ lang: 'he', friendname: 'המעצב הגרפי' });
    const [sharon] = await db.select().from(friends).where(eq(friends.friendid, 'sharoneditor'));
    expect(sharon).toMatchObject({ lang: 'he', friendname: 'שרון שלנו' });
  });
});
