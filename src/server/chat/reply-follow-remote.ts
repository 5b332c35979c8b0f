import type { Events } from '../platform/events.ts';
import type { Log } from '../rpc/context.ts';
import type { ReplyEvent, ReplyRow, ReplyStore, RunnerOptions } from './reply-runner.ts';
import type { FollowWire, ReplyWire } from './reply-wire.ts';

/** Stops following; `ready` resolves once every later delta will reach the listener. */
export type Unfollow = (() => void) & { ready: Promise<void> };
export const unfollow = (stop: () => void, ready: Promise<void> = Promise.resolve()): Unfollow =>
  Object.assign(stop, { ready });

/** Followers on other instances say so here (`reply.follow` for the chat; FollowWire). */
export const followTopicOf = (topic: (replyId: number) => string) =>
  topic(0).replace(/0$/, 'follow');

/** What following a reply written elsewhere needs of its runner. */
export interface RemoteFollowDeps<Row extends ReplyRow> {
  repo: ReplyStore<Row>;
  events: Events;
  log: Log;
  opts: RunnerOptions;
  /** The event topic of a reply. */
  topic: (replyId: number) => string;
  /** The reply runs in this process (its row is not stale, whatever its age). */
  isLocal: (replyId: number) => boolean;
}

/**
 * Another instance is writing it (or nobody is, if that instance stopped): its deltas come
 * as events; the row is read first, on a gap, at the end, and every `checkMs` in case an
 * event was lost or the writer died. Reads and events are handled one at a time, in order.
 */
export function followRemote<Row extends ReplyRow>(
  { repo, events, log, opts, topic, isLocal }: RemoteFollowDeps<Row>,
  replyId: number,
  offset: number,
  listener: (e: ReplyEvent<Row>) => void,
): Unfollow {
  let stopped = false;
  let shown = offset;
  let generation: number | null = null;
  let unsubscribe: (() => void) | null = null;
  let timer: NodeJS.Timeout | undefined;
  const warn = (err: unknown) => log.warn({ err, replyId }, 'following a reply failed');

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe?.();
  };

  /**
   * Catches up with the stored row. The row lags the events (it is written every
   * `flushMs`), so a shorter row means a restart only on the first read or once final.
   */
  const read = async (first: boolean) => {
    const found = await repo.messageById(replyId);
    if (stopped) return;
    if (!found) {
      // Deleted (its conversation reset or rewound): it has ended, with nothing to show.
      stop();
      return listener({ type: 'lost', why: 'deleted' });
    }
    let row = found.message;
    if (
      row.status === 'streaming' &&
      !isLocal(replyId) &&
      Date.now() - row.updatedAt.getTime() > opts.staleMs
    ) {
      row = (await repo.updateMessage(replyId, { status: 'failed', error: null }))!;
    }
    const final = row.status !== 'streaming';
    if (row.content.length < shown && (first || final)) {
      listener({ type: 'restart' });
      shown = 0;
    }
    if (row.content.length > shown) {
      listener({ type: 'delta', text: row.content.slice(shown) });
      shown = row.content.length;
    }
    if (final) {
      stop();
      listener({ type: 'done', row });
    }
  };

  const apply = async (w: ReplyWire) => {
    if (w.k === 'f') return read(false);
    if (w.k === 'r') {
      generation = w.g;
      shown = 0;
      return listener({ type: 'restart' });
    }
    if (generation !== null && w.g < generation) return; // an abandoned attempt
    if (generation !== null && w.g > generation) {
      // Its restart event was lost: start over from the row.
      listener({ type: 'restart' });
      shown = 0;
      generation = w.g;
      await read(false);
    }
    generation = w.g;
    if (w.o > shown) await read(false); // missed events: the row has them, or will
    if (stopped || w.o > shown) return;
    const end = w.o + w.x.length;
    if (end > shown) {
      listener({ type: 'delta', text: w.x.slice(shown - w.o) });
      shown = end;
    }
  };

  /** Tells the writer that someone here follows (FollowWire): its deltas then come. */
  const announce = () =>
    events.publish(followTopicOf(topic), { id: replyId } satisfies FollowWire).catch(warn);
  const subscribed = events
    .subscribe(topic(replyId), (payload) => enqueue(() => apply(payload as ReplyWire)))
    .then((off) => {
      if (stopped) off();
      else unsubscribe = off;
    })
    .then(async () => {
      if (!stopped) await announce();
    });
  let chain: Promise<unknown> = subscribed;
  function enqueue(fn: () => unknown) {
    chain = chain.then(() => (stopped ? undefined : fn())).catch(warn);
  }
  const check = () => {
    timer = setTimeout(() => {
      void announce();
      enqueue(() => read(false));
      enqueue(() => !stopped && check());
    }, opts.checkMs);
    timer.unref();
  };
  // Subscribed first, then read: whatever is published after the read arrives as events.
  enqueue(() => read(true));
  enqueue(check);
  return unfollow(stop, subscribed.catch(warn));
}
