import type { ChatMessage } from '../../../protocol/actions/chat.ts';
import type { ActionInput } from '../../../protocol/registry.ts';
import type { Answer } from './client.ts';
import { NetworkError } from './errors.ts';
import { beginActivity } from '../hooks/activity.ts';
import { createSseParser } from './sse.ts';
import { xsrfToken } from './xsrf.ts';

/** Actions whose answer streams as Server-Sent Events (DESIGN.md §4). */
export type StreamAction =
  'AskFriend' | 'FollowReply' | 'RetryReply' | 'RegenerateReply' | 'EditMessage';

export interface StreamStart {
  replyid: number;
  subject: string;
  /** AskFriend and EditMessage: the user's message as stored. */
  usermessage?: ChatMessage;
}

export interface StreamHandlers {
  onStart?(start: StreamStart): void;
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
export async function streamCall<A extends StreamAction>(
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

function streamAnswer<A extends StreamAction>(
  action: A,
  input: ActionInput<A>,
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<Answer<A>> {
  return postActionStream<Answer<A>>(
    action,
    input,
    (event, payload) => {
      if (event === 'start') handlers.onStart?.(payload as StreamStart);
      else if (event === 'delta')
        handlers.onDelta?.(String((payload as { text?: unknown }).text ?? ''));
      else if (event === 'restart') handlers.onRestart?.();
    },
    signal,
  );
}

/**
 * POSTs an action asking for Server-Sent Events (EventSource cannot POST) and hands each
 * event but `done` to `onEvent`. Resolves with the `done` event's payload, or the plain JSON
 * answer of a refusal; a network failure throws NetworkError, a stream cut before `done`
 * StreamCutError. Every streaming action of the web (chat, group chat) reads through here.
 */
export async function postActionStream<T>(
  action: string,
  input: object,
  onEvent: (event: string, payload: unknown) => void,
  signal?: AbortSignal,
): Promise<T> {
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
    else onEvent(event, payload);
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
