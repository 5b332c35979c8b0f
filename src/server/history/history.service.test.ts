import { describe, expect, it } from 'vitest';
import { UserType } from '../../protocol/constants.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { AppError } from '../errors.ts';
import type { Repos } from '../repos.ts';
import { ctxFor, fake, friendRow, sessionUser } from '../test/fakes.ts';
import type { UserRow } from '../users/users.repo.ts';
import { historyService } from './history.service.ts';

type AuditEntry = Parameters<Repos['audit']['record']>[0];

/** The history viewer on repositories kept in memory: no database. */
function setup() {
  const admin = sessionUser(1, 'admin@example.com', { usertype: UserType.admin });
  const reader = sessionUser(2, 'reader@example.com');
  const holmes = friendRow({ id: 10, friendid: 'holmes', friendname: 'Holmes' });
  const audits: AuditEntry[] = [];
  const steps: string[] = [];
  const asked: string[] = [];
  const service = historyService({
    history: fake<Repos['history']>(
      {
        async emailsWithChats(q) {
          asked.push(q);
          return [reader.email];
        },
        async conversation(userId, friendRowId) {
          steps.push(`read ${userId}/${friendRowId}`);
          return [];
        },
      },
      'history',
    ),
    audit: fake<Repos['audit']>(
      {
        async record(e) {
          steps.push('audit');
          audits.push(e);
        },
      },
      'audit',
    ),
    users: fake<Repos['users']>(
      {
        async byEmail(email) {
          return email === reader.email ? ({ id: reader.id, email } as UserRow) : undefined;
        },
      },
      'users',
    ),
    friends: fake<Repos['friends']>(
      {
        async byFriendId(id) {
          return id === 'holmes'
            ? { friend: holmes, ownerEmail: null, ownerName: null }
            : undefined;
        },
      },
      'friends',
    ),
  });
  return { service, admin, reader, audits, steps, asked };
}

async function refusalOf(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return { code: (err as AppError).code, key: (err as AppError).ref?.key };
}

describe('history service (fake repositories)', () => {
  it('only admins read it, refused with a message key', async () => {
    const t = setup();
    const ctx = ctxFor(t.reader);
    expect(await refusalOf(t.service.emails({ lang: undefined }, ctx))).toEqual({
      code: ErrorCode.FORBIDDEN,
      key: 'historyNoRight',
    });
    expect(
      await refusalOf(
        t.service.conversation({ user: t.reader.email, friendid: 'holmes', lang: undefined }, ctx),
      ),
    ).toEqual({ code: ErrorCode.FORBIDDEN, key: 'historyNoRight' });
    expect(t.steps).toEqual([]);
  });

  it('unknown people and characters are named in the refusal; nothing is recorded', async () => {
    const t = setup();
    const ctx = ctxFor(t.admin);
    expect(
      await refusalOf(t.service.friendsFor({ email: 'Nobody@example.com', lang: undefined }, ctx)),
    ).toEqual({
      code: ErrorCode.NOT_FOUND,
      key: 'historyUserNotFound',
    });
    expect(
      await refusalOf(
        t.service.conversation(
          { user: t.reader.email, friendid: 'moriarty', lang: undefined },
          ctx,
        ),
      ),
    ).toEqual({ code: ErrorCode.NOT_FOUND, key: 'friendNotFound' });
    expect(t.audits).toEqual([]);
  });

  it('records the viewing before reading the conversation', async () => {
    const t = setup();
    const out = await t.service.conversation(
      { user: 'Reader@Example.com', friendid: 'holmes', lang: undefined },
      ctxFor(t.admin),
    );
    expect(out).toEqual({ user: t.reader.email, friendname: 'Holmes', image: '', subjects: [] });
    expect(t.steps).toEqual(['audit', 'read 2/10']);
    expect(t.audits).toEqual([
      {
        viewerId: t.admin.id,
        viewerEmail: t.admin.email,
        targetEmail: t.reader.email,
        friendid: 'holmes',
      },
    ]);
  });

  it('searches addresses in lower case', async () => {
    const t = setup();
    expect(await t.service.emails({ email: 'REA', lang: undefined }, ctxFor(t.admin))).toEqual({
      emails: [t.reader.email],
    });
    expect(t.asked).toEqual(['rea']);
  });
});
