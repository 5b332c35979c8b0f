import { describe, expect, it } from 'vitest';
import { EditPriv } from '../../protocol/constants.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { AppError } from '../errors.ts';
import { manualClock } from '../infra/clock.ts';
import type { Repos } from '../repos.ts';
import { ctxFor, fake, friendRow, sessionUser } from '../test/fakes.ts';
import { readingService } from './reading.service.ts';

type Access = Awaited<ReturnType<Repos['friends']['accessFor']>>;

/** Citations and the spoiler horizon on repositories kept in memory: no database. */
function setup() {
  const owner = sessionUser(1, 'owner@example.com');
  const reader = sessionUser(2, 'reader@example.com');
  const stranger = sessionUser(3, 'stranger@example.com');
  const keeper = friendRow({ id: 10, friendid: 'keeper', ownerId: owner.id, citations: 1 });
  const clock = manualClock(new Date('2026-11-25T12:00:00Z'));
  const horizons = new Map<string, { chapter: number; at: Date }>();
  const writes: string[] = [];

  const friends = fake<Repos['friends']>(
    {
      async byFriendId(id) {
        if (id.toLowerCase() !== keeper.friendid) return undefined;
        return { friend: keeper, ownerEmail: owner.email, ownerName: owner.fullname };
      },
      async accessFor(_friendRowId: number, email: string) {
        return email === reader.email ? ({ editpriv: EditPriv.view } as Access) : undefined;
      },
    },
    'friends',
  );
  const reading = fake<Repos['reading']>(
    {
      async horizon(userId, friendRowId) {
        return horizons.get(`${userId}/${friendRowId}`)?.chapter ?? null;
      },
      async setHorizon(userId, friendRowId, chapter, at) {
        writes.push(`horizon ${userId}/${friendRowId}=${chapter}`);
        if (chapter === null) horizons.delete(`${userId}/${friendRowId}`);
        else horizons.set(`${userId}/${friendRowId}`, { chapter, at });
      },
      async chapters(friendRowId) {
        return friendRowId === keeper.id ? 12 : 0;
      },
      async setCitations(friendRowId, on) {
        writes.push(`citations ${friendRowId}=${on}`);
      },
    },
    'reading',
  );
  const service = readingService({ clock }, { friends, reading });
  return { service, owner, reader, stranger, horizons, writes, clock };
}

/** The refusal a call ends in: its code and message key (worded later by the dispatcher). */
async function refusalOf(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  return { code: e.code, key: e.ref?.key };
}

const who = { email: 'x@example.com' };

describe('reading service (fake repositories)', () => {
  it('a reader keeps their own horizon, stamped with the clock, beside the chapter count', async () => {
    const t = setup();
    const ctx = ctxFor(t.reader);
    expect(await t.service.horizon({ ...who, friendid: 'Keeper' }, ctx)).toEqual({
      chapter: null,
      chapters: 12,
    });
    expect(await t.service.horizon({ ...who, friendid: 'keeper', chapter: 7 }, ctx)).toEqual({
      chapter: 7,
      chapters: 12,
    });
    expect(t.horizons.get('2/10')).toEqual({ chapter: 7, at: t.clock.now() });
    // Read back from the repository it was given.
    expect(await t.service.horizon({ ...who, friendid: 'keeper' }, ctx)).toEqual({
      chapter: 7,
      chapters: 12,
    });
    await t.service.horizon({ ...who, friendid: 'keeper', chapter: null }, ctx);
    expect(t.horizons.size).toBe(0);
  });

  it('editors read and set citations; a viewer may not set them', async () => {
    const t = setup();
    expect(await t.service.citations({ ...who, friendid: 'keeper' }, ctxFor(t.owner))).toEqual({
      citations: 1,
    });
    expect(
      await t.service.citations({ ...who, friendid: 'keeper', citations: 0 }, ctxFor(t.owner)),
    ).toEqual({ citations: 0 });
    expect(t.writes).toEqual(['citations 10=0']);
    expect(
      await refusalOf(
        t.service.citations({ ...who, friendid: 'keeper', citations: 1 }, ctxFor(t.reader)),
      ),
    ).toEqual({ code: ErrorCode.FORBIDDEN, key: 'noEditPermission' });
    expect(t.writes).toEqual(['citations 10=0']);
  });

  it('refuses strangers and unknown characters by key, writing nothing', async () => {
    const t = setup();
    const set = { ...who, chapter: 3 };
    expect(
      await refusalOf(t.service.horizon({ ...set, friendid: 'keeper' }, ctxFor(t.stranger))),
    ).toEqual({ code: ErrorCode.FORBIDDEN, key: 'friendNoAccess' });
    expect(
      await refusalOf(t.service.horizon({ ...set, friendid: 'nobody' }, ctxFor(t.reader))),
    ).toEqual({ code: ErrorCode.NOT_FOUND, key: 'friendNotFound' });
    expect(t.writes).toEqual([]);
  });
});
