import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { AppError } from '../errors.ts';
import { manualClock } from '../infra/clock.ts';
import { createDomainEvents } from '../platform/domain-events.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { RateLimiter } from '../infra/rate-limit.ts';
import type { Repos } from '../repos.ts';
import { ctxFor, fake, friendRow, sessionUser } from '../test/fakes.ts';
import { MAX_ACCESS_ENTRIES, accessService } from './access.service.ts';

/** The access service on repositories kept in memory: no database. */
function setup() {
  const owner = sessionUser(1, 'owner@example.com', { canadd: true });
  const viewer = sessionUser(2, 'viewer@example.com');
  const holmes = friendRow({ id: 10, friendid: 'holmes', ownerId: owner.id });
  const registered = new Set([owner.email, viewer.email, 'watson@example.com']);
  const lists = new Map<number, { user: string; fullname: string; priv: number }[]>();
  const listOf = (id: number) => lists.get(id) ?? [];

  const friends = fake<Repos['friends']>(
    {
      async byFriendId(id) {
        if (id.toLowerCase() !== holmes.friendid) return undefined;
        return { friend: holmes, ownerEmail: owner.email, ownerName: owner.fullname };
      },
      async accessFor(friendRowId: number, email: string) {
        const e = listOf(friendRowId).find((x) => x.user === email);
        return e
          ? ({ editpriv: e.priv } as Awaited<ReturnType<Repos['friends']['accessFor']>>)
          : undefined;
      },
    },
    'friends',
  );
  const access = fake<Repos['access']>(
    {
      async list(id) {
        return listOf(id);
      },
      async upsert(id, entry, max) {
        const list = listOf(id);
        const found = list.find((e) => e.user === entry.email);
        if (found) found.priv = entry.editpriv;
        else if (list.length >= max) return false;
        else list.push({ user: entry.email, fullname: entry.fullname, priv: entry.editpriv });
        lists.set(id, list);
        return true;
      },
      async remove(id, email) {
        const list = listOf(id);
        lists.set(
          id,
          list.filter((e) => e.user !== email),
        );
        return list.some((e) => e.user === email);
      },
    },
    'access',
  );
  const users = fake<Repos['users']>(
    {
      async byEmail(email) {
        return registered.has(email)
          ? ({ id: 100 + [...registered].indexOf(email), email } as Awaited<
              ReturnType<Repos['users']['byEmail']>
            >)
          : undefined;
      },
    },
    'users',
  );

  const domain = createDomainEvents(ctxFor(null).log);
  const shared: { userId: number; friendid: string }[] = [];
  domain.on('friend.shared', (e) => {
    shared.push({ userId: e.userId, friendid: e.friendid });
  });
  let allowed = true;
  const limiter = fake<RateLimiter>({
    hit: async () =>
      allowed
        ? { allowed: true, count: 1, retryAfter: 0 }
        : { allowed: false, count: 301, retryAfter: 42 },
  });
  const service = accessService(
    { clock: manualClock(), domain, limiter },
    { friends, access, users },
  );
  return {
    service,
    owner,
    viewer,
    holmes,
    lists,
    shared,
    domain,
    limit: (on: boolean) => (allowed = on),
  };
}

type Add = ParsedInput<'AddEmailToFriend'>;

/** The refusal a call ends in: its code and message key (worded later by the dispatcher). */
async function refusalOf(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  return { code: e.code, key: e.ref?.key, vars: e.ref?.vars, extra: e.extra };
}

describe('access service (fake repositories)', () => {
  it('the owner shares a character; a registered person hears of it once', async () => {
    const t = setup();
    const ctx = ctxFor(t.owner);
    const add: Add = {
      email: t.owner.email,
      friendid: 'Holmes',
      user: 'watson@example.com',
      editpriv: 0,
    };
    const out = await t.service.addEmailToFriend(add, ctx);
    expect(out.friendemails).toEqual([{ user: 'watson@example.com', fullname: '', priv: 0 }]);
    await t.service.addEmailToFriend({ ...add, editpriv: 1 }, ctx);
    await t.domain.settled();
    expect(t.shared).toEqual([{ userId: 102, friendid: 'holmes' }]);
    expect(t.lists.get(10)).toEqual([{ user: 'watson@example.com', fullname: '', priv: 1 }]);
  });

  it('refuses with message keys, never with worded texts', async () => {
    const t = setup();
    const own = ctxFor(t.owner);
    const add: Add = { email: t.owner.email, friendid: 'holmes', user: t.owner.email, editpriv: 0 };
    expect(await refusalOf(t.service.addEmailToFriend(add, own))).toMatchObject({
      code: ErrorCode.BAD_INPUT,
      key: 'accessIsOwner',
    });
    expect(
      await refusalOf(
        t.service.getFriendEmails({ email: t.owner.email, friendid: 'moriarty' }, own),
      ),
    ).toMatchObject({ code: ErrorCode.NOT_FOUND, key: 'friendNotFound' });

    // On the list with view rights: may look, may not share onward.
    await t.service.addEmailToFriend({ ...add, user: t.viewer.email }, own);
    const viewer = ctxFor(t.viewer);
    expect(
      await refusalOf(
        t.service.addEmailToFriend(
          { ...add, email: t.viewer.email, user: 'x@example.com' },
          viewer,
        ),
      ),
    ).toMatchObject({ code: ErrorCode.FORBIDDEN, key: 'accessOwnerOnly' });
    expect(
      await refusalOf(
        t.service.getFriendEmails({ email: t.viewer.email, friendid: 'holmes' }, viewer),
      ),
    ).toMatchObject({ code: ErrorCode.FORBIDDEN, key: 'noEditPermission' });
  });

  it('a full list is refused with its size as the message variable', async () => {
    const t = setup();
    t.lists.set(
      10,
      Array.from({ length: MAX_ACCESS_ENTRIES }, (_, i) => ({
        user: `p${i}@example.com`,
        fullname: '',
        priv: 0,
      })),
    );
    const add: Add = {
      email: t.owner.email,
      friendid: 'holmes',
      user: 'new@example.com',
      editpriv: 0,
    };
    expect(await refusalOf(t.service.addEmailToFriend(add, ctxFor(t.owner)))).toEqual({
      code: ErrorCode.BAD_INPUT,
      key: 'accessTooMany',
      vars: { max: String(MAX_ACCESS_ENTRIES) },
      extra: undefined,
    });
  });

  it('someone on the list may leave it; an address not on it is not found', async () => {
    const t = setup();
    const own = ctxFor(t.owner);
    const base: Add = { email: t.owner.email, friendid: 'holmes', user: '', editpriv: 0 };
    await t.service.addEmailToFriend({ ...base, user: t.viewer.email }, own);
    const left = await t.service.deleteEmail(
      { email: t.viewer.email, friendid: 'holmes' },
      ctxFor(t.viewer),
    );
    expect(left).toEqual({ friendemails: [] });
    expect(t.lists.get(10)).toEqual([]);
    expect(
      await refusalOf(
        t.service.deleteEmail(
          { email: t.owner.email, friendid: 'holmes', user: 'nobody@example.com' },
          own,
        ),
      ),
    ).toMatchObject({ code: ErrorCode.NOT_FOUND, key: 'accessNotListed' });
  });

  it('address suggestions: creators only, and rate limited with a retry time', async () => {
    const t = setup();
    expect(
      await refusalOf(t.service.getEmailComplete({ email: 'w' }, ctxFor(t.viewer))),
    ).toMatchObject({ code: ErrorCode.FORBIDDEN, key: 'completeNeedsCanadd' });
    t.limit(false);
    expect(await refusalOf(t.service.getEmailComplete({ email: 'w' }, ctxFor(t.owner)))).toEqual({
      code: ErrorCode.RATE_LIMITED,
      key: undefined,
      vars: undefined,
      extra: { retryAfter: 42 },
    });
  });
});
