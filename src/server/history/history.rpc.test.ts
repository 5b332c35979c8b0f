import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { runAdminCommand } from '../admin/admin-run.ts';
import { chatRepo } from '../chat/chat.repo.ts';
import { historyAudit } from '../db/schema.ts';
import { friendsRepo } from '../friends/friends.repo.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { usersRepo } from '../users/users.repo.ts';

describe.each(testDatabases())('history viewer on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let reader: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await userWithSession(t, 'root@example.com', { usertype: 0, name: 'Root' });
    reader = await userWithSession(t, 'reader@example.com', { name: 'Dana Reader' });
    await userWithSession(t, 'quiet@example.com');
    // Dana talked to Holmes in two subjects; Quiet never wrote anything.
    const chat = chatRepo(t.deps.db);
    const dana = await usersRepo(t.deps.db).byEmail('reader@example.com');
    const holmes = (await friendsRepo(t.deps.db).byFriendId('holmesen'))!.friend;
    for (const [name, text] of [
      ['Baker Street', 'Who lives at 221B?'],
      ['שאלות', 'מי גר ברחוב בייקר?'],
    ] as const) {
      const { subject } = await chat.createSubject(dana!.id, holmes.id, name);
      await chat.insertMessage({
        subjectId: subject.id,
        role: 'user',
        content: text,
        speaker: 'Dana',
      });
      await chat.insertMessage({
        subjectId: subject.id,
        role: 'assistant',
        content: `Answer to: ${text}`,
        speaker: holmes.friendname,
      });
    }
  });
  afterAll(() => t.close());

  const call = (body: Record<string, unknown>, bearer: string) =>
    rpc(t.app, { lang: 'en', ...body }, { bearer });

  it('suggests e-mails of users with conversations, and the characters they talked to', async () => {
    const all = await call({ action: 'GetAllChatEmails', email: '' }, admin);
    expect(all.body).toMatchObject({ Error: 0, emails: ['reader@example.com'] });
    const some = await call({ action: 'GetAllChatEmails', email: 'READ' }, admin);
    expect(some.body.emails).toEqual(['reader@example.com']);
    const none = await call({ action: 'GetAllChatEmails', email: '%' }, admin);
    expect(none.body.emails).toEqual([]);
    const friends = await call(
      { action: 'GetFriendsChatsForEmail', email: 'reader@example.com' },
      admin,
    );
    expect(friends.body.friends).toEqual([
      { friendid: 'holmesen', friendname: 'Sherlock Holmes', image: '/friends/holmes.svg' },
    ]);
  });

  it('shows every subject read-only and records the viewing for `npm run admin -- audit`', async () => {
    const before = (await t.deps.db.select().from(historyAudit)).length;
    const r = await call(
      { action: 'GetChatHistory', user: 'reader@example.com', friendid: 'holmesen' },
      admin,
    );
    expect(r.body.Error).toBe(0);
    const subjects = r.body.subjects as { subject: string; chat: { message: string }[] }[];
    expect(subjects.map((s) => s.subject)).toEqual(['Baker Street', 'שאלות']);
    expect(subjects[1]!.chat.map((m) => m.message)).toEqual([
      'מי גר ברחוב בייקר?',
      'Answer to: מי גר ברחוב בייקר?',
    ]);
    // The older RetrieveConversation path for admins is audited too.
    const old = await call(
      { action: 'RetrieveConversation', user: 'reader@example.com', friendid: 'holmesen' },
      admin,
    );
    expect(old.body.Error).toBe(0);
    const rows = await t.deps.db.select().from(historyAudit);
    expect(rows.length).toBe(before + 2);
    expect(rows.at(-1)).toMatchObject({
      viewerEmail: 'root@example.com',
      targetEmail: 'reader@example.com',
      friendid: 'holmesen',
    });
    const listed = await runAdminCommand(t.deps.db, { command: 'audit' });
    expect(listed).toContain('root@example.com viewed reader@example.com with holmesen');
  });

  it('refuses everyone but admins, records nothing, and explains unknown users', async () => {
    const before = (await t.deps.db.select().from(historyAudit)).length;
    for (const body of [
      { action: 'GetAllChatEmails', email: '' },
      { action: 'GetFriendsChatsForEmail', email: 'reader@example.com' },
      { action: 'GetChatHistory', user: 'reader@example.com', friendid: 'holmesen' },
      { action: 'RetrieveConversation', user: 'root@example.com', friendid: 'holmesen' },
    ]) {
      const r = await call(body, reader);
      expect([ErrorCode.FORBIDDEN, ErrorCode.IDENTITY_MISMATCH]).toContain(r.body.Error);
      expect(JSON.stringify(r.body)).not.toContain('221B');
    }
    const refused = await call({ action: 'GetAllChatEmails', email: '' }, reader);
    expect(refused.body.Errstr).toBe('You have no right to view chat history');
    const unknown = await call(
      { action: 'GetChatHistory', user: 'nobody@example.com', friendid: 'holmesen', lang: 'he' },
      admin,
    );
    expect(unknown.body).toMatchObject({
      Error: ErrorCode.NOT_FOUND,
      Errstr: 'לא נמצא משתמש עם הדוא"ל הזה.',
    });
    expect((await t.deps.db.select().from(historyAudit)).length).toBe(before);
  });
});
