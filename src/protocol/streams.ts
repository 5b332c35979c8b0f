import type { ChatMessage } from './actions/chat.ts';
import type { GroupAnswer, GroupMessage } from './actions/group.ts';

/**
 * The events of the streaming actions (Server-Sent Events, DESIGN.md §4), zod-free: each
 * streaming action's registry entry declares its events with `streamOf`, the server's
 * handler may send only those, and the web reads them typed from the same declaration.
 * Every stream ends with `done`, which carries the action's answer (its JSON answer).
 */
export interface StreamDecl<E extends object = object> extends AnyStreamDecl {
  /** The events sent before `done`, in no particular order. */
  readonly events: readonly (keyof E & string)[];
  /** Type only, never set: the payload of each event. */
  readonly payloads?: E;
}

/** Any stream's declaration (what a registry entry's `stream` may hold). */
export interface AnyStreamDecl {
  readonly events: readonly string[];
  readonly payloads?: object;
}

/** Declares a stream: every event of `E` must be named (a missing one fails the type check). */
export function streamOf<E extends object>(names: { [K in keyof E]-?: true }): StreamDecl<E> {
  return { events: Object.keys(names) as (keyof E & string)[] };
}

/** A character's reply (AskFriend, FollowReply, RetryReply, RegenerateReply, EditMessage). */
export interface ChatStreamEvents {
  /** The reply began: its id and subject; AskFriend and EditMessage add the message as stored. */
  start: { replyid: number; subject: string; usermessage?: ChatMessage };
  /** More text of the reply. */
  delta: { text: string };
  /** The server retries the model: drop the text shown so far. */
  restart: Record<string, never>;
}

/** One speaker of a group turn, as the `speaker` event names it. */
export interface GroupSpeaker {
  replyid: number;
  friendid: string;
  speaker: string;
  image: string;
}

/** A group turn (MultiChatAsk, FollowMultiChat, RetryMultiChatAnswer). */
export interface GroupStreamEvents {
  /** MultiChatAsk: the user's message as stored and who will answer, in order. */
  start: {
    usermessage: GroupMessage;
    speakers: Omit<GroupSpeaker, 'replyid'>[];
    /** How the speakers were chosen (asked by name, mentioned, relevance, the director). */
    by: string;
  };
  /** A character begins (or, when followed again, begins again from the start). */
  speaker: GroupSpeaker;
  delta: { replyid: number; text: string };
  restart: { replyid: number };
  /** A character's answer is finished and stored. */
  answer: GroupAnswer;
}

/** The graphical designer's answer (AskGraphicalDesigner). */
export interface DesignerStreamEvents {
  delta: { text: string };
  /** The designer made image `num`: generate it and show it first, loading. */
  image: { num: number };
}

export const chatStream = streamOf<ChatStreamEvents>({ start: true, delta: true, restart: true });
export const groupStream = streamOf<GroupStreamEvents>({
  start: true,
  speaker: true,
  delta: true,
  restart: true,
  answer: true,
});
export const designerStream = streamOf<DesignerStreamEvents>({ delta: true, image: true });
