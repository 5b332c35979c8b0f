import type { GroupAnswer, GroupMessage } from '../../../protocol/actions/group.ts';
import type { ActionInput } from '../../../protocol/registry.ts';
import type { Answer } from '../../shared/api/client.ts';
import { NetworkError } from '../../shared/api/errors.ts';
import { createSseParser } from '../../shared/api/sse.ts';
import { xsrfToken } from '../../shared/api/xsrf.ts';

type GroupStreamAction = 'MultiChatAsk' | 'FollowMultiChat';

export interface SpeakerInfo {
  replyid: number;
  friendid: string;
  speaker: string;
  image: string;
}

export interface GroupStreamHandlers {
  onStart?(start: { usermessage: GroupMessage; speakers: Omit<SpeakerInfo, 'replyid'>[] }): void;
  /** A character begins (or, when followed again, begins again from the start). */
  onSpeaker?(s: SpeakerInfo): void;
  onDelta?(replyid: number, text: string): void;
  onRestart?(replyid: number): void;
  onAnswer?(a: GroupAnswer): void;
}

/**
 * A group turn as Server-Sent Events (POST with fetch: EventSource cannot POST). Resolves
 * with the answer of the `done` event, or the plain JSON answer of a refusal; a network
 * failure or a stream cut before `done` throws NetworkError.
 */
export async function streamGroup<A extends GroupStreamAction>(
  action: A,
  input: ActionInput<A>,
  h: GroupStreamHandlers,
  signal?: AbortSignal,
): Promise<Answer<A>> {
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
    return json as Answer<A>;
  }
  let done: Answer<A> | undefined;
  const parser = createSseParser(({ event, data }) => {
    if (done) return;
    let p: Record<string, unknown>;
    try {
      p = JSON.parse(data) as Record<string, unknown>;
    } catch {
      return;
    }
    const id = Number(p.replyid);
    if (event === 'start') h.onStart?.(p as never);
    else if (event === 'speaker') h.onSpeaker?.(p as unknown as SpeakerInfo);
    else if (event === 'delta') h.onDelta?.(id, String(p.text ?? ''));
    else if (event === 'restart') h.onRestart?.(id);
    else if (event === 'answer') h.onAnswer?.(p as unknown as GroupAnswer);
    else if (event === 'done') done = p as unknown as Answer<A>;
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      parser.push(decoder.decode(value, { stream: true }));
      if (done) break;
    }
    parser.push(decoder.decode());
    parser.end();
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new NetworkError(String(err));
  } finally {
    reader.releaseLock?.();
  }
  if (!done) throw new NetworkError('the stream ended before its answer');
  return done;
}
