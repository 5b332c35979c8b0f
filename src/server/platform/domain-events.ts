import type { Log } from '../rpc/context.ts';

/** What one domain tells the others, by name. Add a topic here with its payload. */
export interface DomainEventMap {
  /** A character's answer was stored (chat, and later group chat). */
  'turn.finished': {
    userId: number;
    /** The character's row id and its public id. */
    friendRowId: number;
    friendid: string;
    replyId: number;
    model: string;
    offline: boolean;
    tokensIn: number;
    tokensCached: number;
    tokensOut: number;
    /** US dollars at the model's list price, or null when the price is not known. */
    cost: number | null;
    at: string;
  };
  /** A generated image finished (ok) or failed (images domain). */
  'image.created': { userId: number; imageNum: number; ok: boolean; at: string };
  /** An order was paid and its grants applied, once per order (billing domain). */
  'order.paid': { userId: number; orderId: number; amountAgorot: number; at: string };
  /** A session began (auth domain): usage analytics count sign-ins. */
  'user.signed-in': { userId: number; at: string };
  /** A character was shared with a registered user (access domain). */
  'friend.shared': { byUserId: number; userId: number; friendid: string; at: string };
}

export type DomainEvent = keyof DomainEventMap;

/**
 * Domains hear about each other here instead of importing each other's services: chat emits
 * `turn.finished`, billing and analytics handle it. Handlers run once, on the instance where
 * the event happened (not on every instance, as live `Events` would: a turn must be billed
 * once), after the emitter's step; a handler whose work must survive a crash queues a job.
 */
export function createDomainEvents(log: Log) {
  const handlers = new Map<DomainEvent, Set<(payload: never) => Promise<void> | void>>();
  const running = new Set<Promise<void>>();
  const flushers = new Set<() => Promise<void>>();
  return {
    on<K extends DomainEvent>(
      topic: K,
      handler: (payload: DomainEventMap[K]) => Promise<void> | void,
    ): () => void {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    emit<K extends DomainEvent>(topic: K, payload: DomainEventMap[K]): void {
      for (const handler of handlers.get(topic) ?? []) {
        const p = Promise.resolve()
          .then(() => (handler as (p: DomainEventMap[K]) => Promise<void> | void)(payload))
          .catch((err: unknown) => log.warn({ err, topic }, 'domain event handler failed'))
          .finally(() => running.delete(p));
        running.add(p);
      }
    },
    /**
     * Work a handler keeps in memory to write later in one go (analytics counts): `settled`
     * writes it, so nothing is lost on a graceful shutdown and tests read it without waiting.
     */
    onSettle(flush: () => Promise<void>): () => void {
      flushers.add(flush);
      return () => flushers.delete(flush);
    },
    /**
     * Resolves when every handler started so far has finished and what they kept in memory
     * is written (shutdown, tests).
     */
    async settled() {
      do {
        while (running.size) await Promise.allSettled([...running]);
        for (const flush of flushers) {
          await flush().catch((err: unknown) => log.warn({ err }, 'domain event flush failed'));
        }
      } while (running.size);
    },
  };
}

export type DomainEvents = ReturnType<typeof createDomainEvents>;
