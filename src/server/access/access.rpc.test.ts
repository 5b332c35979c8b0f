import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';

describe.each(testDatabases())('access list on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let pal: string;
  let reader: string;
  let stranger: string;
  const call = (token: string, body: Record<string, unknown>) =>
    rpc(t.app, body, { bearer: token });

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await userWithSession(t, 'owner@example.com', { grant: 'canadd' });
    pal = await userWithSession(t, 'pal@example.com', { name: 'Pal Friendly' });
    reader = await userWithSession(t, 'reader@example.com');
    stranger = await userWithSession(t, 'stranger@example.com', { grant: 'canadd' });
    const r = await call(owner, {
      action: 'SetFriendDetails',
      insert: 1,
      friendid: 'alicegarden',
      friendname: 'Alice',
      image: '/friends/alice.svg',
      personality: 'Curious.',
      firstprompt: 'Hello!',
    });
    expect(r.body.Error).toBe(0);
  });
  afterAll(() => t.close());

  it('the owner shares with and without edit rights; the list shows names', async () => {
    const a = await call(owner, {
      action: 'AddEmailToFriend',
      friendid: 'alicegarden',
      user: 'Pal@Example.com',
      editpriv: 1,
    });
    expect(a.body.Error).toBe(0);
    const b = await call(owner, {
      action: 'AddEmailToFriend',
      friendid: 'alicegarden',
      user: 'reader@example.com',
      fullname: 'Rita Reader',
    });
    expect(b.body.friendemails).toEqual([
      { user: 'pal@example.com', fullname: 'Pal Friendly', priv: 1 },
      { user: 'reader@example.com', fullname: 'reader', priv: 0 },
    ]);
    const list = await call(owner, { action: 'GetFriendEmails', friendid: 'alicegarden' });
    expect(list.body.friendemails).toHaveLength(2);
    // Not yet registered: the name given is kept.
    const c = await call(owner, {
      action: 'AddEmailToFriend',
      friendid: 'alicegarden',
      user: 'newbie@example.com',
      fullname: 'New Bie',
    });
    expect(c.body.friendemails).toContainEqual({
      user: 'newbie@example.com',
      fullname: 'New Bie',
      priv: 0,
    });
    const self = await call(owner, {
      action: 'AddEmailToFriend',
      friendid: 'alicegarden',
      user: 'owner@example.com',
    });
    expect(self.body.Error).toBe(ErrorCode.BAD_INPUT);
  });

  it('the other users see the shared character; edit rights decide who edits', async () => {
    const seen = await call(reader, { action: 'GetFriends' });
    expect((seen.body.friends as { friendid: string }[]).map((f) => f.friendid)).toContain(
      'alicegarden',
    );
    const hidden = await call(stranger, { action: 'GetFriends' });
    expect((hidden.body.friends as { friendid: string }[]).map((f) => f.friendid)).not.toContain(
      'alicegarden',
    );
    const edit = await call(pal, {
      action: 'UpdateFriendDetails',
      friendid: 'alicegarden',
      subject: 'description',
      contents: 'Down the rabbit hole',
    });
    expect(edit.body.Error).toBe(0);
    const noEdit = await call(reader, {
      action: 'UpdateFriendDetails',
      friendid: 'alicegarden',
      subject: 'description',
      contents: 'x',
      lang: 'en',
    });
    expect(noEdit.body).toMatchObject({
      Error: ErrorCode.FORBIDDEN,
      Errstr: 'You have no permission to edit this character',
    });
  });

  it('editors read the list, only the owner changes it; viewers and strangers do neither', async () => {
    expect(
      (await call(pal, { action: 'GetFriendEmails', friendid: 'alicegarden' })).body.Error,
    ).toBe(0);
    const palAdds = await call(pal, {
      action: 'AddEmailToFriend',
      friendid: 'alicegarden',
      user: 'x@example.com',
    });
    expect(palAdds.body.Error).toBe(ErrorCode.FORBIDDEN);
    expect(
      (await call(reader, { action: 'GetFriendEmails', friendid: 'alicegarden' })).body.Error,
    ).toBe(ErrorCode.FORBIDDEN);
    const strangerAdds = await call(stranger, {
      action: 'AddEmailToFriend',
      friendid: 'alicegarden',
      user: 'stranger@example.com',
      editpriv: 1,
    });
    expect(strangerAdds.body.Error).toBe(ErrorCode.FORBIDDEN);
    const strangerRemoves = await call(stranger, {
      action: 'DeleteEmail',
      friendid: 'alicegarden',
      user: 'pal@example.com',
    });
    expect(strangerRemoves.body.Error).toBe(ErrorCode.FORBIDDEN);
  });

  it('a viewer leaves; the owner removes and changes rights', async () => {
    const leave = await call(reader, { action: 'DeleteEmail', friendid: 'alicegarden' });
    expect(leave.body).toEqual({ Error: 0, friendemails: [] });
    const seen = await call(reader, { action: 'GetFriendDetails', friendid: 'alicegarden' });
    expect(seen.body.Error).toBe(ErrorCode.FORBIDDEN);

    const demote = await call(owner, {
      action: 'AddEmailToFriend',
      friendid: 'alicegarden',
      user: 'pal@example.com',
      editpriv: 0,
    });
    expect(demote.body.friendemails).toContainEqual({
      user: 'pal@example.com',
      fullname: 'Pal Friendly',
      priv: 0,
    });
    const remove = await call(owner, {
      action: 'DeleteEmail',
      friendid: 'alicegarden',
      user: 'newbie@example.com',
    });
    expect(remove.body.friendemails).toEqual([
      { user: 'pal@example.com', fullname: 'Pal Friendly', priv: 0 },
    ]);
    const again = await call(owner, {
      action: 'DeleteEmail',
      friendid: 'alicegarden',
      user: 'newbie@example.com',
    });
    expect(again.body.Error).toBe(ErrorCode.NOT_FOUND);
  });

  it('GetEmailComplete suggests only related addresses, and an exact one once typed, to creators only', async () => {
    const two = await call(owner, { action: 'GetEmailComplete', email: 'pa' });
    expect(two.body.emails).toEqual(['pal@example.com']);
    // Registered but unrelated: typing three letters no longer lists anyone's address.
    const three = await call(owner, { action: 'GetEmailComplete', email: 'rea' });
    expect(three.body.emails).toEqual([]);
    const exact = await call(owner, { action: 'GetEmailComplete', email: 'Reader@Example.com' });
    expect(exact.body.emails).toEqual(['reader@example.com']);
    const unknownExact = await call(owner, { action: 'GetEmailComplete', email: 'nobody@x.io' });
    expect(unknownExact.body.emails).toEqual([]);
    const wildcard = await call(owner, { action: 'GetEmailComplete', email: '%%%' });
    expect(wildcard.body.emails).toEqual([]);
    const notCreator = await call(reader, { action: 'GetEmailComplete', email: 'pal' });
    expect(notCreator.body.Error).toBe(ErrorCode.FORBIDDEN);

    // A creator who has nothing to do with the owner learns nothing by typing.
    for (const text of ['o', 'own', 'pal', 'p', '@']) {
      const r = await call(stranger, { action: 'GetEmailComplete', email: text });
      expect(r.body.emails, text).toEqual([]);
    }
    // Once the owner shares with them, the owner is a suggestion for them (and only the owner).
    await call(owner, {
      action: 'AddEmailToFriend',
      friendid: 'alicegarden',
      user: 'stranger@example.com',
    });
    const related = await call(stranger, { action: 'GetEmailComplete', email: 'o' });
    expect(related.body.emails).toEqual(['owner@example.com']);
    const notCoMembers = await call(stranger, { action: 'GetEmailComplete', email: 'pa' });
    expect(notCoMembers.body.emails).toEqual([]);
  });
});
