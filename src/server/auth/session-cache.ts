import type { Clock } from '../infra/clock.ts';
import type { Events } from '../platform/events.ts';
import type { Log, SessionUser } from '../rpc/context.ts';

/**
 * Who a session is, kept for a few seconds per instance so that a request does not read the
 * session and its user from the database every time (issue 17: it was the first statement of
 * every signed-in request).
 *
 * It is forgotten at once, on this instance, whenever the database changes what it answered:
 * the repositories that end sessions (auth.repo) or change a user's row (users.repo) call
 * `sessionsChanged` when their statement returns, which every cache of this process hears
 * (over-forgetting is harmless), and each cache passes the change to the other instances
 * through the events bus (`SESSION_TOPIC`); the operator's CLI publishes its changes there too.
 * Events between instances are at most once: a change lost on the way is seen there when the
 * entry ends (`ttlMs`). A lookup that was reading while a change came in is not kept.
 */
export type SessionChange = { hash: string } | { userId: number };

export const SESSION_TOPIC = 'auth.sessions';

const listeners = new Set<(change: SessionChange) => void>();

/** Told by the repositories when a session ended or a user's row changed. */
export function sessionsChanged(change: SessionChange) {
  for (const listener of [...listeners]) listener(change);
}

/** Passes this process's session changes to other instances (the CLI, with no cache). */
export function publishSessionChanges(events: Pick<Events, 'publish'>, log: Log) {
  const sent: Promise<void>[] = [];
  const listener = (change: SessionChange) => {
    sent.push(
      events
        .publish(SESSION_TOPIC, change)
        .catch((err: unknown) => log.warn({ err }, 'session change not published')),
    );
  };
  listeners.add(listener);
  return {
    /** Waits for what was published, and stops listening. */
    async close() {
      listeners.delete(listener);
      await Promise.all(sent);
    },
  };
}

function asChange(payload: unknown): SessionChange | null {
  const p = payload as { hash?: unknown; userId?: unknown } | null;
  if (typeof p?.hash === 'string') return { hash: p.hash };
  if (typeof p?.userId === 'number') return { userId: p.userId };
  return null;
}

export interface SessionCacheOptions {
  /** How long an entry is believed without reading the database again. */
  ttlMs: number;
  /** Entries kept at most (the oldest goes first). */
  max: number;
}

export const SESSION_CACHE: SessionCacheOptions = { ttlMs: 30_000, max: 10_000 };

export function sessionCache(
  deps: { events: Events; clock: Clock; log: Log },
  opts: SessionCacheOptions = SESSION_CACHE,
) {
  const entries = new Map<string, { user: SessionUser; expiresAt: number; until: number }>();
  /** Counts the changes heard: a read that saw one happen meanwhile is not kept. */
  let generation = 0;

  const forget = (change: SessionChange) => {
    generation++;
    if ('hash' in change) entries.delete(change.hash);
    else for (const [hash, e] of entries) if (e.user.id === change.userId) entries.delete(hash);
  };
  const local = (change: SessionChange) => {
    forget(change);
    void deps.events
      .publish(SESSION_TOPIC, change)
      .catch((err: unknown) => deps.log.warn({ err }, 'session change not published'));
  };
  listeners.add(local);
  let unsubscribe: (() => void) | null = null;
  let closed = false;
  const subscribed = deps.events
    .subscribe(SESSION_TOPIC, (payload) => {
      const change = asChange(payload);
      if (change) forget(change);
    })
    .then(
      (off) => {
        if (closed) off();
        else unsubscribe = off;
      },
      (err: unknown) => deps.log.warn({ err }, 'session changes of other instances not heard'),
    );

  return {
    /** The session's user: from the cache while it is fresh, else from `read` (and kept). */
    async lookup(
      hash: string,
      read: () => Promise<{ user: SessionUser; expiresAt: Date } | null | undefined>,
    ): Promise<SessionUser | null> {
      const now = deps.clock.now().getTime();
      const hit = entries.get(hash);
      if (hit && hit.until > now && hit.expiresAt > now) return hit.user;
      if (hit) entries.delete(hash);
      const seen = generation;
      const row = await read();
      if (!row) return null;
      const user = Object.freeze(row.user);
      if (seen === generation) {
        if (entries.size >= opts.max) entries.delete(entries.keys().next().value!);
        entries.set(hash, { user, expiresAt: row.expiresAt.getTime(), until: now + opts.ttlMs });
      }
      return user;
    },
    /** Stops hearing changes (the app closes). */
    async close() {
      closed = true;
      listeners.delete(local);
      entries.clear();
      await subscribed;
      unsubscribe?.();
    },
  };
}

export type SessionCache = ReturnType<typeof sessionCache>;
