import type { ChatEngine, EngineRequest, EngineResult } from '../ai/engine.ts';
import type { Log } from '../rpc/context.ts';
import type { ChatRepo, MessageRow } from './chat.repo.ts';

export type ReplyEvent =
  { type: 'delta'; text: string } | { type: 'restart' } | { type: 'done'; row: MessageRow };

type Listener = (e: ReplyEvent) => void;

interface Live {
  content: string;
  listeners: Set<Listener>;
  done: Promise<MessageRow>;
  /** Set once stored: a late follower gets `done` at once. */
  final?: MessageRow;
}

export interface RunnerOptions {
  /** How often the growing answer is written to the database. */
  flushMs: number;
  /** How often a follower on another instance reads the database. */
  pollMs: number;
  /** A streaming row untouched for this long was cut off by a stopped server. */
  staleMs: number;
}

export const DEFAULT_RUNNER: RunnerOptions = { flushMs: 250, pollMs: 300, staleMs: 30_000 };

/**
 * Writes replies in the background, independent of any request: the answer is saved as it
 * streams and finished even if every client went away. Clients follow a reply live when it
 * runs in this process, or by reading the database when it runs on another instance.
 */
export function createReplyRunner(
  repo: ChatRepo,
  engine: ChatEngine,
  log: Log,
  opts: RunnerOptions = DEFAULT_RUNNER,
) {
  const live = new Map<number, Live>();

  function emit(l: Live, e: ReplyEvent) {
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
     * (markers, usage); a final failure is stored as a failed reply with `failText`.
     */
    start(
      replyId: number,
      request: EngineRequest,
      finish: (result: EngineResult, content: string) => Promise<MessageRow>,
      failText: (err: unknown) => string,
    ): void {
      const l: Live = {
        content: '',
        listeners: new Set(),
        done: Promise.resolve(null as unknown as MessageRow),
      };
      live.set(replyId, l);
      let dirty = false;
      let lastWrite = Date.now();
      const flush = async () => {
        if (!dirty && Date.now() - lastWrite < 5_000) return;
        dirty = false;
        lastWrite = Date.now();
        await repo.updateMessage(replyId, { content: l.content });
      };
      const timer = setInterval(() => {
        flush().catch((err: unknown) => log.warn({ err, replyId }, 'reply flush failed'));
      }, opts.flushMs);
      timer.unref();

      l.done = (async () => {
        try {
          const result = await engine.stream(request, {
            onDelta: (text) => {
              l.content += text;
              dirty = true;
              emit(l, { type: 'delta', text });
            },
            onRestart: () => {
              l.content = '';
              dirty = true;
              emit(l, { type: 'restart' });
            },
          });
          clearInterval(timer);
          return await finish(result, l.content);
        } catch (err) {
          clearInterval(timer);
          log.error({ err, replyId }, 'reply failed');
          const row = await repo.updateMessage(replyId, {
            status: 'failed',
            error: failText(err),
            content: l.content,
          });
          return row!;
        }
      })();
      void l.done
        .then((row) => {
          l.final = row;
          emit(l, { type: 'done', row });
        })
        .catch((err: unknown) => log.error({ err, replyId }, 'reply could not be stored'))
        .finally(() => live.delete(replyId));
    },

    isLocal: (replyId: number) => live.has(replyId),

    /**
     * Follows a reply from `offset` characters on: what is written so far comes first, then
     * live deltas, then `done`. Answers an unsubscribe function.
     */
    follow(replyId: number, offset: number, listener: Listener): () => void {
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
          return () => {};
        }
        l.listeners.add(listener);
        return () => l.listeners.delete(listener);
      }
      return followFromDatabase(replyId, offset, listener);
    },

    /** Resolves when every reply running here has been stored (shutdown, tests). */
    async drain() {
      await Promise.allSettled([...live.values()].map((l) => l.done));
    },
  };

  /** Another instance is writing it (or nobody is, if that instance stopped). */
  function followFromDatabase(replyId: number, offset: number, listener: Listener): () => void {
    let stopped = false;
    let shown = offset;
    const tick = async () => {
      if (stopped) return;
      const found = await repo.messageById(replyId);
      if (!found) {
        stopped = true;
        return;
      }
      let row = found.message;
      if (row.content.length < shown) {
        listener({ type: 'restart' });
        shown = 0;
      }
      if (row.content.length > shown) {
        listener({ type: 'delta', text: row.content.slice(shown) });
        shown = row.content.length;
      }
      if (
        row.status === 'streaming' &&
        !live.has(replyId) &&
        Date.now() - row.updatedAt.getTime() > opts.staleMs
      ) {
        row = (await repo.updateMessage(replyId, { status: 'failed', error: null }))!;
      }
      if (row.status !== 'streaming') {
        stopped = true;
        listener({ type: 'done', row });
        return;
      }
      setTimeout(
        () => void tick().catch((err: unknown) => log.warn({ err }, 'follow poll failed')),
        opts.pollMs,
      ).unref();
    };
    void tick().catch((err: unknown) => log.warn({ err }, 'follow poll failed'));
    return () => {
      stopped = true;
    };
  }
}

export type ReplyRunner = ReturnType<typeof createReplyRunner>;
