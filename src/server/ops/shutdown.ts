import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { ChatEngine } from '../ai/engine.ts';

/** Waits `ms` unless `cancel` fires first; tests pass one they resolve themselves. */
export type GraceTimer = (ms: number, cancel: AbortSignal) => Promise<void>;

export const realGraceTimer: GraceTimer = (ms, cancel) =>
  delay(ms, undefined, { signal: cancel, ref: false }).catch(() => {});

/**
 * What the server does between "stop" and "closed": running replies get a bounded time to
 * finish; when it runs out their model calls are cancelled, which stores them as failed
 * replies the user can retry (instead of leaving them `streaming` until another instance
 * notices the row went stale).
 */
export function createShutdown() {
  const abort = new AbortController();
  const streams = new Set<{ end(): void }>();
  return {
    /** Cancelled when the grace runs out: every model call of the app carries it. */
    signal: abort.signal,

    /** The engine the services use: its calls stop when the grace runs out. */
    engine(engine: ChatEngine): ChatEngine {
      const withSignal = <R extends { signal?: AbortSignal | undefined }>(req: R): R => ({
        ...req,
        signal: req.signal ? AbortSignal.any([req.signal, abort.signal]) : abort.signal,
      });
      return {
        ...engine,
        stream: (req, handlers) => engine.stream(withSignal(req), handlers),
        generate: (req) => engine.generate(withSignal(req)),
      };
    },

    /** An open event stream to end at shutdown (a follower of a reply on another instance). */
    track(stream: { end(): void; once(event: 'close', fn: () => void): unknown }) {
      streams.add(stream);
      stream.once('close', () => streams.delete(stream));
    },

    /**
     * Registers the drain in `preClose`: fastify has already stopped routing new requests
     * (they get 503) and has not yet closed the listening socket, whose close waits for
     * the requests still open.
     */
    register(
      app: FastifyInstance,
      opts: { drain: () => Promise<void>; graceMs: number; timer?: GraceTimer | undefined },
    ) {
      const timer = opts.timer ?? realGraceTimer;
      app.addHook('preClose', async () => {
        const drained = opts.drain().then(() => 'finished' as const);
        const stopTimer = new AbortController();
        const outcome = await Promise.race([
          drained,
          timer(opts.graceMs, stopTimer.signal).then(() => 'late' as const),
        ]);
        stopTimer.abort();
        if (outcome === 'late') {
          app.log.warn({ graceMs: opts.graceMs }, 'shutdown: replies still running are cancelled');
          abort.abort(new Error('the server is shutting down'));
          await drained;
        }
        // Followers of replies running elsewhere: the client follows again on another instance.
        for (const s of streams) s.end();
      });
    },
  };
}

export type Shutdown = ReturnType<typeof createShutdown>;
