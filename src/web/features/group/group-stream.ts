import type { GroupAnswer } from '../../../protocol/actions/group.ts';
import type { Answer } from '../../../protocol/answer.ts';
import type { ActionInput, StreamActionName, StreamEvents } from '../../../protocol/registry.ts';
import type { GroupSpeaker, GroupStreamEvents } from '../../../protocol/streams.ts';
import { postActionStream } from '../../shared/api/stream.ts';

/** The group chat's streaming actions: those whose entry declares the group's events. */
type GroupStreamAction = {
  [A in StreamActionName]: StreamEvents<A> extends GroupStreamEvents ? A : never;
}[StreamActionName];

export type SpeakerInfo = GroupSpeaker;

export interface GroupStreamHandlers {
  onStart?(start: GroupStreamEvents['start']): void;
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
  return postActionStream<A, GroupStreamEvents>(
    action,
    input,
    (e) => {
      if (e.event === 'start') h.onStart?.(e.data);
      else if (e.event === 'speaker') h.onSpeaker?.(e.data);
      else if (e.event === 'delta') h.onDelta?.(Number(e.data.replyid), String(e.data.text ?? ''));
      else if (e.event === 'restart') h.onRestart?.(Number(e.data.replyid));
      else if (e.event === 'answer') h.onAnswer?.(e.data);
    },
    signal,
  );
}
