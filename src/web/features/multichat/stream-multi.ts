import type { GroupAnswer, GroupMessage } from '../../../protocol/actions/group.ts';
import type { ActionInput } from '../../../protocol/registry.ts';
import type { Answer } from '../../shared/api/client.ts';
import { postActionStream } from '../../shared/api/stream.ts';

type GroupStreamAction = 'MultiChatAsk' | 'FollowMultiChat' | 'RetryMultiChatAnswer';

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
 * A group turn as Server-Sent Events. Resolves with the answer of the `done` event, or the
 * plain JSON answer of a refusal; a network failure or a stream cut before `done` throws
 * NetworkError.
 */
export function streamGroup<A extends GroupStreamAction>(
  action: A,
  input: ActionInput<A>,
  h: GroupStreamHandlers,
  signal?: AbortSignal,
): Promise<Answer<A>> {
  return postActionStream<Answer<A>>(
    action,
    input,
    (event, payload) => {
      const p = (payload ?? {}) as Record<string, unknown>;
      const id = Number(p.replyid);
      if (event === 'start') h.onStart?.(p as never);
      else if (event === 'speaker') h.onSpeaker?.(p as unknown as SpeakerInfo);
      else if (event === 'delta') h.onDelta?.(id, String(p.text ?? ''));
      else if (event === 'restart') h.onRestart?.(id);
      else if (event === 'answer') h.onAnswer?.(p as unknown as GroupAnswer);
    },
    signal,
  );
}
