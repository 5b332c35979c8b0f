import { z } from 'zod';
import { defineAction } from '../action.ts';
import { TEXT_LIMITS } from '../constants.ts';
import { groupStream } from '../streams.ts';
import { FriendId, IdentityEmail, Lang, RowId } from '../fields.ts';

/** Most characters in one group: more would drown the user (and the prompt budget). */
export const GROUP_MAX_FRIENDS = 6;

/** The ticked characters: comma-separated ids as the spec sends them, or a list. */
const FriendList = z
  .union([z.string().max(GROUP_MAX_FRIENDS * 70), z.array(FriendId).max(GROUP_MAX_FRIENDS)])
  .transform((v) =>
    (Array.isArray(v) ? v : v.split(','))
      .map((s) => s.trim())
      .filter(Boolean)
      .filter((s, i, all) => all.findIndex((x) => x.toLowerCase() === s.toLowerCase()) === i),
  )
  .pipe(z.array(FriendId).max(GROUP_MAX_FRIENDS, `at most ${GROUP_MAX_FRIENDS} characters`));

/** One line of the group conversation. */
export const GroupMessage = z.object({
  id: z.number().int(),
  role: z.enum(['user', 'assistant']),
  /** YYYY-MM-DD HH:MM:SS (UTC). */
  tm: z.string(),
  message: z.string(),
  speaker: z.string(),
  /** The speaking character (assistant lines). */
  friendid: z.string(),
  /** The speaking character's image (assistant lines). */
  image: z.string(),
  status: z.enum(['done', 'streaming', 'failed']),
  error: z.string().optional(),
  offline: z.number().int().optional(),
});
export type GroupMessage = z.infer<typeof GroupMessage>;

/** One character's answer in a group turn (spec part 2 §3: message, tm, image, speaker). */
export const GroupAnswer = z.object({
  replyid: z.number().int(),
  friendid: z.string(),
  message: z.string(),
  tm: z.string(),
  image: z.string(),
  speaker: z.string(),
  status: z.enum(['done', 'failed']),
  error: z.string().optional(),
  offline: z.number().int(),
});
export type GroupAnswer = z.infer<typeof GroupAnswer>;

/** A friend list entry with the group selection (spec part 2 §3). */
export const GroupFriend = z.object({
  friendid: z.string(),
  friendname: z.string(),
  image: z.string(),
  /** 1: ticked for the group chat. */
  checked: z.number().int(),
  /** 0: the caller edits this character (the edit icon shows). */
  priv: z.number().int(),
});

const TurnOut = z.object({ answers: z.array(GroupAnswer) });

export const groupActions = {
  /**
   * One message to the ticked characters; a director picks who answers and in what order
   * (`to` asks one character by id). With `Accept: text/event-stream` the answers stream:
   * `start` (the stored message and the speakers), then per speaker `speaker`, `delta`,
   * `restart` and `answer`; `done` carries this action's answer.
   */
  MultiChatAsk: defineAction({
    input: z.object({
      email: IdentityEmail,
      friends: FriendList,
      message: z
        .string()
        .max(TEXT_LIMITS.message)
        .refine((s) => s.trim().length > 0, 'empty message'),
      to: z.union([FriendId, z.literal('')]).optional(),
      lang: Lang,
    }),
    output: TurnOut,
    access: 'user',
    identity: 'email',
    mutates: true,
    stream: groupStream,
  }),
  /**
   * Writes a failed answer of the last round again (the same character, seeing the round as
   * it stands); streams like MultiChatAsk, without `start`.
   */
  RetryMultiChatAnswer: defineAction({
    input: z.object({
      email: IdentityEmail,
      replyid: RowId,
      lang: Lang,
    }),
    output: TurnOut,
    access: 'user',
    identity: 'email',
    mutates: true,
    stream: groupStream,
  }),
  /** Follows the group turn being written (after a refresh, another tab or device). */
  FollowMultiChat: defineAction({
    input: z.object({ email: IdentityEmail, lang: Lang }),
    output: TurnOut,
    access: 'user',
    identity: 'email',
    mutates: false,
    stream: groupStream,
  }),
  /** The group conversation and the characters the caller may tick. */
  RetrieveMultiConversaion: defineAction({
    input: z.object({ email: IdentityEmail, lang: Lang }),
    output: z.object({
      friends: z.array(GroupFriend),
      chat: z.array(GroupMessage),
      /** A turn is still being written: follow it with FollowMultiChat. */
      running: z.boolean(),
    }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  /** Clears the group conversation (and keeps `friends` as the selection when sent). */
  ResetMultiConversation: defineAction({
    input: z.object({ email: IdentityEmail, friends: FriendList.optional() }),
    output: z.object({}),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  /** Deletes every group message after the given one (`id`, or its time `tm`). */
  RewindMultiConversation: defineAction({
    input: z.object({
      email: IdentityEmail,
      id: RowId.optional(),
      tm: z.string().max(40).optional(),
    }),
    output: z.object({ removed: z.number().int() }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
};
