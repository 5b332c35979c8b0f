import type { Answer } from '../../../protocol/answer.ts';
import type { ActionInput, StreamActionName, StreamEvents } from '../../../protocol/registry.ts';
import type { ChatStreamEvents } from '../../../protocol/streams.ts';
import { NetworkError } from './errors.ts';
import { beginActivity } from '../hooks/activity.ts';
import { createSseParser } from './sse.ts';
import { xsrfToken } from './xsrf.ts';

/** The chat's streaming actions: those whose registry entry declares the chat's events. */
export type ChatStreamAction = {
  [A in StreamActionName]: StreamEvents<A> extends ChatStreamEvents ? A : never;
}[StreamActionName];

/** One event of a stream whose events are `E` (as a registry entry declares them). */
export type StreamEvent<E extends object> = {
  [K in keyof E & string]: { event: K; data: E[K] };
}[keyof E & string];

export interface StreamHandlers {
  onStart?(start: ChatStreamEvents['start']): void;
  onDelta?(text: string): void;
  /** The server retries the model: drop the text shown so far. */
  onRestart?(): void;
}

/** The stream ended without its `done` event (the connection dropped). */
export class StreamCutError extends NetworkError {
  override name = 'StreamCutError';
}

/**
 * POST /api asking for text/event-stream, with fetch and a stream reader (EventSource
 * cannot POST). Resolves with the answer the `done` event carries, or with the plain JSON
 * answer when the server refused before streaming (bad input, no permission). Like `call`,
 * Error ≠ 0 is returned, not thrown; a network failure or a cut stream throws.
 */
export async function streamCall<A extends ChatStreamAction>(
  action: A,
  input: ActionInput<A>,
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<Answer<A>> {
  // An app update never reloads the page while an answer is streaming in.
  const end = beginActivity();
  try {
    return await streamAnswer(action, input, handlers, signal);
  } finally {
    end();
  }
}

function streamAnswer<A extends ChatStreamAction>(
  action: A,
  input: ActionInput<A>,
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<Answer<A>> {
  return postActionStream<A, ChatStreamEvents>(
    action,
    input,
    (e) => {
      if (e.event === 'start') handlers.onStart?.(e.data);
      else if (e.event === 'delta') handlers.onDelta?.(String(e.data.text ?? ''));
      else if (e.event === 'restart') handlers.onRestart?.();
    },
    signal,
  );
}

/**
 * POSTs a streaming action asking for Server-Sent Events (EventSource cannot POST) and hands
 * each event but `done` to `onEvent`, typed by the events its registry entry declares (`E`,
 * given only where the action is generic). Resolves with the `done` event's payload, or the
 * plain JSON answer of a refusal; a network failure throws NetworkError, a stream cut before
 * `done` StreamCutError. Every streaming action of the web (chat, group chat, designer)
 * reads through here. The server sends only declared events; a payload is the server's, so
 * handlers still read its fields with care.
 */
export async function postActionStream<
  A extends StreamActionName,
  E extends object = StreamEvents<A>,
>(
  action: A,
  input: ActionInput<A>,
  onEvent: (event: StreamEvent<E>) => void,
  signal?: AbortSignal,
): Promise<Answer<A>> {
  type T = Answer<A>;
  let res: Response;
  try {
    res = await fetch('/api', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        'X-XSRF-TOKEN': await xsrfToken(),
      },
      body: JSON.stringify({ ...input, action }),
      ...(signal ? { signal } : {}),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new NetworkError(String(err));
  }

  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream') || !res.body) {
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new NetworkError(`not JSON (HTTP ${res.status})`);
    }
    if (typeof (json as { Error?: unknown } | null)?.Error !== 'number')
      throw new NetworkError(`no Error field (HTTP ${res.status})`);
    return json as T;
  }

  let done: T | undefined;
  const parser = createSseParser(({ event, data }) => {
    if (done) return;
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return;
    }
    if (event === 'done') done = payload as T;
    else onEvent({ event, data: payload } as StreamEvent<E>);
  });

  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      // `stream: true` keeps a Hebrew letter split between two chunks whole.
      parser.push(decoder.decode(value, { stream: true }));
      if (done) break;
    }
    parser.push(decoder.decode());
    parser.end();
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new StreamCutError(String(err));
  } finally {
    reader.releaseLock?.();
  }
  if (!done) throw new StreamCutError('the stream ended before its answer');
  return done;
}
