import type { FriendRow } from '../friends/friends.repo.ts';
import type { Ctx, SessionUser } from '../rpc/context.ts';

/**
 * A stand-in for a repository (or any port) in a service's unit test: the methods the test
 * gives, and a clear failure for any other the service calls, so a test never passes on a
 * method it did not mean to fake.
 */
export function fake<T extends object>(methods: Partial<T>, name = 'fake'): T {
  return new Proxy(methods, {
    get(target, prop, receiver) {
      if (prop in target) return Reflect.get(target, prop, receiver) as unknown;
      if (typeof prop === 'symbol' || prop === 'then') return undefined;
      return () => {
        throw new Error(`${name}.${prop} is not faked in this test`);
      };
    },
  }) as T;
}

export function sessionUser(id: number, email: string, more: Partial<SessionUser> = {}) {
  return {
    id,
    email,
    fullname: email.split('@')[0]!,
    usertype: 1,
    canadd: false,
    imgedit: false,
    globalpriv: false,
    lang: 'he',
    ...more,
  } satisfies SessionUser;
}

const quiet = { info() {}, warn() {}, error() {}, debug() {} };

/** A request context for `user`, as the dispatcher would make it. */
export function ctxFor(user: SessionUser | null, more: Partial<Ctx> = {}): Ctx {
  return {
    user,
    sessionHash: null,
    ip: '127.0.0.1',
    lang: 'he',
    acceptLanguage: '',
    host: 'localhost',
    log: quiet,
    session: { begin() {}, end() {} },
    ...more,
  };
}

/** A character row with what the access rules read; the rest as a new one's defaults. */
export function friendRow(
  more: Partial<FriendRow> & Pick<FriendRow, 'id' | 'friendid'>,
): FriendRow {
  const at = new Date('2026-01-01T10:00:00Z');
  return {
    ownerId: null,
    friendname: more.friendid,
    personality: '',
    background: '',
    description: '',
    firstprompt: '',
    image: '',
    temp: 80,
    topP: 20,
    friendtype: 0,
    voice: '',
    voiceInstructions: '',
    model: 'auto',
    category: 0,
    publicfriend: 0,
    lang: null,
    citations: 1,
    note: '',
    noteDepth: 4,
    noteRole: 'system',
    lorebook: null,
    tags: [],
    cardCreator: '',
    cardVersion: '',
    fromCard: 0,
    lastupdate: at,
    createdAt: at,
    ...more,
  };
}
