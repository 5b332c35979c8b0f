/**
 * Publish/subscribe by topic, across instances when the deployment has several (PostgreSQL
 * LISTEN/NOTIFY or Redis pub/sub), in process otherwise. Delivery is at most once and may be
 * lost on a reconnect: what must not be lost is written to the database first, and events only
 * tell others sooner (a reply's deltas, a finished turn).
 */
export interface Events {
  publish(topic: string, payload: unknown): Promise<void>;
  /**
   * Resolves, with an unsubscribe function, once events published from then on will reach
   * `listener` (on PostgreSQL and Redis that takes a round trip). Listeners see one
   * publisher's events in the order it published them.
   */
  subscribe(topic: string, listener: (payload: unknown) => void): Promise<() => void>;
  describe(): string;
  close(): Promise<void>;
}

/** Why an arriving event was dropped (counted in the metrics): not JSON, or a listener threw. */
export type DroppedEvent = 'unparsable' | 'listener';

/** What both transports share: local listeners by topic, fed by whatever carries the events. */
export function topicListeners(onError: (err: unknown) => void) {
  const byTopic = new Map<string, Set<(payload: unknown) => void>>();
  return {
    add(topic: string, listener: (payload: unknown) => void): () => void {
      let set = byTopic.get(topic);
      if (!set) byTopic.set(topic, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (!set.size) byTopic.delete(topic);
      };
    },
    has: (topic: string) => byTopic.has(topic),
    topics: () => [...byTopic.keys()],
    deliver(topic: string, payload: unknown) {
      const set = byTopic.get(topic);
      if (!set) return;
      for (const fn of [...set]) {
        try {
          fn(payload);
        } catch (err) {
          onError(err);
        }
      }
    },
  };
}

/** One process: events reach this instance's listeners only (the embedded default). */
export function memoryEvents(onError: (err: unknown) => void = () => {}): Events {
  const listeners = topicListeners(onError);
  return {
    async publish(topic, payload) {
      // As a transport would: the same limits, a copy of the payload, and delivery after the
      // publisher's current step, never inside the code that published.
      const text = encodeEvent(payload);
      checkTopic(topic);
      queueMicrotask(() => listeners.deliver(topic, JSON.parse(text)));
    },
    subscribe: async (topic, listener) => listeners.add(checkTopic(topic), listener),
    describe: () => 'in process',
    async close() {},
  };
}

/** PostgreSQL NOTIFY payloads are limited to 8000 bytes; keep a margin for the envelope. */
export const MAX_EVENT_BYTES = 7000;

export function encodeEvent(payload: unknown): string {
  const text = JSON.stringify(payload);
  if (Buffer.byteLength(text) > MAX_EVENT_BYTES)
    throw new Error(`event payload over ${MAX_EVENT_BYTES} bytes`);
  return text;
}

/** Topics become channel names: short, and safe to quote. */
export function checkTopic(topic: string): string {
  if (!/^[a-z0-9_.:-]{1,60}$/.test(topic)) throw new Error(`bad event topic: ${topic}`);
  return topic;
}
