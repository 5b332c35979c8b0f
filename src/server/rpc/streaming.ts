/** Sends one event of a stream whose events are `E` (src/protocol/streams.ts). */
export type Send<E extends object> = <K extends keyof E & string>(event: K, data: E[K]) => void;

/**
 * An answer that streams: Server-Sent Events when the client asks for them, otherwise the
 * final object as plain JSON. `subscribe` sends the events before the last one; `done`
 * resolves with the answer the last event (and the JSON reply) carries. `E` are the events
 * the action's registry entry declares; only such actions may answer with a stream.
 */
export interface Streaming<O, E extends object = Record<string, unknown>> {
  kind: 'stream';
  subscribe(send: Send<E>): () => void;
  done: Promise<O>;
}

export function isStreaming(v: unknown): v is Streaming<unknown> {
  return typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'stream';
}

/**
 * Runs `run` at once, independent of any client: each event it sends is kept, so a client
 * that subscribes late still gets them all, in order, before the live ones.
 */
export function streamingRun<O, E extends object = Record<string, unknown>>(
  run: (send: Send<E>) => Promise<O>,
): Streaming<O, E> {
  type Name = keyof E & string;
  const sent: [Name, E[Name]][] = [];
  const subscribers = new Set<Send<E>>();
  const send: Send<E> = (event, data) => {
    sent.push([event, data]);
    for (const s of subscribers) s(event, data);
  };
  return {
    kind: 'stream',
    done: run(send),
    subscribe(fn) {
      for (const [e, d] of sent) fn(e, d);
      subscribers.add(fn);
      return () => subscribers.delete(fn);
    },
  };
}
