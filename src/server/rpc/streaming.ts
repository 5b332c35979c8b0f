/**
 * An answer that streams: Server-Sent Events when the client asks for them, otherwise the
 * final object as plain JSON. `subscribe` sends the events before the last one; `done`
 * resolves with the answer the last event (and the JSON reply) carries.
 */
export interface Streaming<O> {
  kind: 'stream';
  subscribe(send: (event: string, data: unknown) => void): () => void;
  done: Promise<O>;
}

export function isStreaming(v: unknown): v is Streaming<unknown> {
  return typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'stream';
}

/**
 * Runs `run` at once, independent of any client: each event it sends is kept, so a client
 * that subscribes late still gets them all, in order, before the live ones.
 */
export function streamingRun<O>(
  run: (send: (event: string, data: unknown) => void) => Promise<O>,
): Streaming<O> {
  const sent: [string, unknown][] = [];
  const subscribers = new Set<(event: string, data: unknown) => void>();
  const send = (event: string, data: unknown) => {
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
