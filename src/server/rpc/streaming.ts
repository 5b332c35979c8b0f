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
