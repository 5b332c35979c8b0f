import {
  EngineStopped,
  type ChatEngine,
  type EngineRequest,
  type EngineResult,
} from '../ai/engine.ts';
import type { Events } from '../platform/events.ts';
import type { Log } from '../rpc/context.ts';
import type { MessageRow } from './chat.repo.ts';
import { followRemote, followTopicOf, unfollow, type Unfollow } from './reply-follow-remote.ts';
import { replyPublisher, replyTopic, type FollowWire, type ReplyWire } from './reply-wire.ts';

/**
 * How a reply ended without a row to show: `deleted`, its row went while it was written (its
 * conversation was reset or rewound); `unstored`, its final write failed (the sweep fails the
 * row later). Either way it has ended: a follower stops waiting.
 */
export type ReplyLost = 'deleted' | 'unstored';

export type ReplyEvent<Row = MessageRow> =
  | { type: 'delta'; text: string }
  | { type: 'restart' }
  | { type: 'done'; row: Row }
  | { type: 'lost'; why: ReplyLost };

/** What the runner needs of a reply's row (the chat's messages, or the group chat's). */
export interface ReplyRow {
  content: string;
  status: string;
  updatedAt: Date;
}

/** Where the runner reads and writes replies: the chat repo, or another table of replies. */
export interface ReplyStore<Row extends ReplyRow> {
  updateMessage(
    id: number,
    patch: { content?: string; status?: string; error?: string | null },
  ): Promise<Row | undefined>;
  messageById(id: number): Promise<{ message: Row } | undefined>;
  /**
   * Writes the growing text of several streaming replies in one statement (the flush of one
   * tick); a reply no longer streaming is left as it is. Without it, one update per reply.
   */
  saveStreaming?(rows: { id: number; content: string }[]): Promise<void>;
}

interface Live<Row> {
  content: string;
  listeners: Set<(e: ReplyEvent<Row>) => void>;
  /** The stored row; undefined when it went while the reply was written. */
  done: Promise<Row | undefined>;
  /** Set once stored: a late follower gets `done` at once. */
  final?: Row;
  /** Set when it ended with no row to show: a late follower is told at once. */
  lost?: ReplyLost;
  /** Cuts the model call when the asker stops the reply. */
  abort: AbortController;
  /** The asker stopped it: what was written so far is stored as a stopped reply. */
  stopped: boolean;
  /** The model's answer is complete: a stop from now on changes nothing. */
  answered: boolean;
  /** The text changed since it was last written. */
  dirty: boolean;
  /** When the row was last written (Date.now()). */
  written: number;
  /** Until when a follower on another instance wants the deltas (Date.now(); FollowWire). */
  followedUntil: number;
  /** The model's restarts so far (the events' `g`). */
  generation: number;
  wire: ReturnType<typeof replyPublisher>;
}

/** Stop requests travel here to the instance writing the reply (`reply.stop` for the chat). */
export const stopTopicOf = (topic: (replyId: number) => string) => topic(0).replace(/0$/, 'stop');
interface StopWire {
  id: number;
}

export interface RunnerOptions {
  /**
   * How often the growing answer is written to the database. Followers hear the text as it
   * comes (in process, or as events from another instance), so the row only has to keep it
   * safe: a follower that arrives reads the row, then the events.
   */
  flushMs: number;
  /**
   * How often a follower on another instance also reads the row: deltas come as events, but
   * an event can be lost (a reconnect) and the writing instance can die.
   */
  checkMs: number;
  /** A streaming row untouched for this long was cut off by a stopped server. */
  staleMs: number;
  /** Told how each reply ended: its stored status, or `unstored` (the metrics). */
  onOutcome?: (status: string) => void;
}

export const DEFAULT_RUNNER: RunnerOptions = { flushMs: 1_000, checkMs: 5_000, staleMs: 30_000 };

/** An unchanged streaming row is still touched this often, so it never looks stale. */
const TOUCH_MS = 5_000;

/**
 * Writes replies in the background, independent of any request: the answer is saved as it
 * streams and finished even if every client went away. Clients follow a reply live when it
 * runs in this process, or through events (`reply-wire.ts`) when it runs on another instance.
 */
export function createReplyRunner<Row extends ReplyRow = MessageRow>(
  repo: ReplyStore<Row>,
  engine: ChatEngine,
  events: Events,
  log: Log,
  opts: RunnerOptions = DEFAULT_RUNNER,
  /** The event topic of a reply (another table of replies needs its own). */
  topic: (replyId: number) => string = replyTopic,
) {
  type Listener = (e: ReplyEvent<Row>) => void;
  const live = new Map<number, Live<Row>>();
  const remote = { repo, events, log, opts, topic, isLocal: (id: number) => live.has(id) };

  /** Marks a reply running here as stopped and cuts its model call; false if it is not here. */
  function stopLocal(replyId: number): boolean {
    const l = live.get(replyId);
    if (!l || l.answered) return false;
    l.stopped = true;
    l.abort.abort(new Error('stopped by the asker'));
    return true;
  }
  // Every instance hears every stop and acts on the ones it holds. Subscribed once, here.
  const stopSubscription = events
    .subscribe(stopTopicOf(topic), (payload) => {
      const id = (payload as StopWire | null)?.id;
      if (typeof id === 'number') stopLocal(id);
    })
    .catch((err: unknown) => {
      log.error({ err }, 'stop requests from other instances will not be heard');
      return () => {};
    });

  /**
   * Followers elsewhere, by reply: how long each still wants deltas. A follower that asks
   * before the reply starts here (its row is stored a moment before) is remembered briefly.
   */
  const followedFor = () => opts.checkMs * 3;
  const early = new Map<number, number>();
  /**
   * Replies that ended here while nobody elsewhere followed them (until when that is worth
   * remembering): their end was not published, so a follower's word that arrives now is
   * answered with the end (it may have read the row just before the final write).
   */
  const endedUnheard = new Map<number, number>();
  const prune = (m: Map<number, number>) => {
    if (m.size > 1000) for (const [id, t] of m) if (t < Date.now()) m.delete(id);
  };
  function followedElsewhere(replyId: number) {
    const until = Date.now() + followedFor();
    const l = live.get(replyId);
    if (!l) {
      if ((endedUnheard.get(replyId) ?? 0) > Date.now()) {
        endedUnheard.delete(replyId);
        events
          .publish(topic(replyId), { k: 'f' } satisfies ReplyWire)
          .catch((err: unknown) => log.warn({ err, replyId }, 'reply event not published'));
        return;
      }
      prune(early);
      early.set(replyId, until);
      return;
    }
    const was = l.followedUntil > Date.now();
    l.followedUntil = until;
    if (!was && !l.answered) l.wire.catchUp(l.generation, l.content);
  }
  const followSubscription = events
    .subscribe(followTopicOf(topic), (payload) => {
      const id = (payload as FollowWire | null)?.id;
      if (typeof id === 'number') followedElsewhere(id);
    })
    .catch((err: unknown) => {
      log.error({ err }, 'followers on other instances will get the text only from the rows');
      return () => {};
    });

  /**
   * One flush for all the replies streaming here, every `flushMs`: what changed is written in
   * one statement (ReplyStore.saveStreaming), and a reply unchanged for TOUCH_MS is touched.
   * A tick that finds the previous one still writing is skipped.
   */
  let flushTimer: NodeJS.Timeout | null = null;
  let flushing = false;
  async function flushAll() {
    const now = Date.now();
    const due: { id: number; content: string }[] = [];
    for (const [id, l] of live) {
      if (l.answered || (!l.dirty && now - l.written < TOUCH_MS)) continue;
      l.dirty = false;
      l.written = now;
      due.push({ id, content: l.content });
    }
    if (!due.length) return;
    if (repo.saveStreaming) return repo.saveStreaming(due);
    await Promise.all(due.map((d) => repo.updateMessage(d.id, { content: d.content })));
  }
  function flushTick() {
    if (flushing) return;
    flushing = true;
    flushAll()
      .catch((err: unknown) => log.warn({ err }, 'reply flush failed'))
      .finally(() => {
        flushing = false;
      });
  }
  function flushWhileLive() {
    if (live.size && !flushTimer) {
      flushTimer = setInterval(flushTick, opts.flushMs);
      flushTimer.unref();
    } else if (!live.size && flushTimer) {
      clearInterval(flushTimer);
      flushTimer = null;
    }
  }

  function emit(l: Live<Row>, e: ReplyEvent<Row>) {
    for (const fn of l.listeners) {
      try {
        fn(e);
      } catch (err) {
        log.warn({ err }, 'reply listener failed');
      }
    }
  }

  return {
    /**
     * Starts writing reply `replyId`. `finish` turns the model's result into the stored row
     * (markers, usage); a final failure is stored as a failed reply with `failText`; a reply
     * the asker stopped is stored by `stopped` with what the model used so far, when given.
     * Each answers undefined when the row is gone (deleted meanwhile): followers get `lost`.
     */
    start(
      replyId: number,
      request: EngineRequest,
      finish: (result: EngineResult, content: string) => Promise<Row | undefined>,
      failText: (err: unknown) => string,
      stopped?: (used: EngineResult, content: string) => Promise<Row | undefined>,
    ): void {
      const followedUntil = early.get(replyId) ?? 0;
      early.delete(replyId);
      const l: Live<Row> = {
        content: '',
        listeners: new Set(),
        done: Promise.resolve(undefined),
        abort: new AbortController(),
        stopped: false,
        answered: false,
        dirty: false,
        written: Date.now(),
        followedUntil,
        generation: 0,
        wire: null as unknown as Live<Row>['wire'],
      };
      l.wire = replyPublisher(
        events,
        replyId,
        log,
        topic(replyId),
        undefined,
        () => l.followedUntil > Date.now(),
      );
      const signal = request.signal
        ? AbortSignal.any([request.signal, l.abort.signal])
        : l.abort.signal;
      live.set(replyId, l);
      flushWhileLive();
      const { wire } = l;

      l.done = (async (): Promise<Row | undefined> => {
        try {
          const result = await engine.stream(
            { ...request, signal },
            {
              onDelta: (text) => {
                wire.delta(l.generation, l.content.length, text);
                l.content += text;
                l.dirty = true;
                if (l.listeners.size) emit(l, { type: 'delta', text });
              },
              onRestart: () => {
                l.content = '';
                l.dirty = true;
                wire.restart(++l.generation);
                emit(l, { type: 'restart' });
              },
            },
          );
          l.answered = true;
          return await finish(result, l.content);
        } catch (err) {
          const answered = l.answered;
          l.answered = true; // no flush from now on: the end is written here
          if (l.stopped && !answered) {
            // The conversation goes on from the text so far; what it used is still counted.
            if (stopped && err instanceof EngineStopped) return await stopped(err.used, l.content);
            return repo.updateMessage(replyId, {
              status: 'stopped',
              error: null,
              content: l.content,
            });
          }
          log.error({ err, replyId }, 'reply failed');
          return repo.updateMessage(replyId, {
            status: 'failed',
            error: failText(err),
            content: l.content,
          });
        }
      })();
      /** Ended with no row to show: followers here are told, those elsewhere read the row. */
      const lose = (why: ReplyLost) => {
        l.lost = why;
        if (l.followedUntil > Date.now()) wire.finished();
        opts.onOutcome?.(why);
        emit(l, { type: 'lost', why });
      };
      void l.done
        .then((row: Row | undefined) => {
          // Its row went while it was written (the conversation reset or rewound): nothing to
          // store or show, but the reply has ended (found by the fuzzer, issue 35).
          if (!row) {
            log.info({ replyId }, 'reply ended with its row deleted');
            return lose('deleted');
          }
          l.final = row;
          // The end goes out as an event only to followers elsewhere (on PostgreSQL a NOTIFY
          // per turn otherwise); one whose word comes later is told then (endedUnheard).
          if (l.followedUntil > Date.now()) wire.finished();
          else {
            prune(endedUnheard);
            endedUnheard.set(replyId, Date.now() + followedFor());
          }
          opts.onOutcome?.(row.status);
          emit(l, { type: 'done', row });
        })
        .catch((err: unknown) => {
          log.error({ err, replyId }, 'reply could not be stored');
          lose('unstored');
        })
        .finally(() => {
          live.delete(replyId);
          flushWhileLive();
        });
    },

    isLocal: (replyId: number) => live.has(replyId),

    /**
     * Stops reply `replyId` wherever it runs: here at once, elsewhere through its stop topic.
     * Answers the row once it is final (stopped, or done/failed if the stop came too late),
     * or undefined when it is still streaming after `waitMs` (the writer did not hear).
     */
    async stop(replyId: number, waitMs = 10_000): Promise<Row | undefined> {
      const l = live.get(replyId);
      if (l) {
        stopLocal(replyId);
        return l.done;
      }
      await events.publish(stopTopicOf(topic), { id: replyId } satisfies StopWire);
      return new Promise<Row | undefined>((resolve) => {
        const timer = setTimeout(() => {
          off();
          resolve(undefined);
        }, waitMs);
        timer.unref();
        // Offset past any text: only the final row matters here.
        const off = followRemote(remote, replyId, Number.MAX_SAFE_INTEGER, (e) => {
          if (e.type !== 'done') return;
          clearTimeout(timer);
          resolve(e.row);
        });
      });
    },
    /** Resolves once stop requests and followers from other instances reach this one. */
    stopsHeard: () => Promise.all([stopSubscription, followSubscription]).then(() => undefined),
    /** The replies this instance is writing now. */
    liveIds: () => [...live.keys()],
    options: opts,

    /**
     * Follows a reply from `offset` characters on: what is written so far comes first, then
     * live deltas, then `done`. Answers an unsubscribe function.
     */
    follow(replyId: number, offset: number, listener: Listener): Unfollow {
      const l = live.get(replyId);
      if (l) {
        if (l.content.length < offset) {
          // The model restarted since the follower's text was read: start it over.
          listener({ type: 'restart' });
          if (l.content) listener({ type: 'delta', text: l.content });
        } else if (l.content.length > offset) {
          listener({ type: 'delta', text: l.content.slice(offset) });
        }
        if (l.final) {
          listener({ type: 'done', row: l.final });
          return unfollow(() => {});
        }
        if (l.lost) {
          listener({ type: 'lost', why: l.lost });
          return unfollow(() => {});
        }
        l.listeners.add(listener);
        return unfollow(() => l.listeners.delete(listener));
      }
      return followRemote(remote, replyId, offset, listener);
    },

    /**
     * Replies a dead instance was writing, now stored failed (ops/instances.ts): their
     * followers, on any instance, read the final row at once instead of at their next check.
     */
    async announceEnded(ids: number[]) {
      await Promise.all(
        ids.map((replyId) =>
          events
            .publish(topic(replyId), { k: 'f' } satisfies ReplyWire)
            .catch((err: unknown) => log.warn({ err, replyId }, 'reply event not published')),
        ),
      );
    },

    /** Resolves when every reply running here has been stored (shutdown, tests). */
    async drain() {
      await Promise.allSettled([...live.values()].map((l) => l.done));
    },
  };
}

export type ReplyRunner<Row extends ReplyRow = MessageRow> = ReturnType<
  typeof createReplyRunner<Row>
>;
