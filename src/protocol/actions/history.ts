import { z } from 'zod';
import { defineAction } from '../action.ts';
import { FriendId, Lang } from '../fields.ts';
import { ChatMessage } from './chat.ts';

/**
 * The history viewer (spec part 2 §2, §6): admins (usertype 0) only, checked on the first
 * line of the service, so that anyone else gets the spec's "no right to view chat history"
 * (and malformed input is still refused as such first). The `email` of these actions names
 * the user being looked at (or the start of one), not the caller: it is not an identity field.
 */
export const historyActions = {
  /** E-mails of users who have conversations, starting with (or containing) `email`. */
  GetAllChatEmails: defineAction({
    input: z.object({ email: z.string().trim().max(254).optional(), lang: Lang }),
    output: z.object({ emails: z.array(z.string()) }),
    access: 'user',
    identity: null,
    mutates: false,
  }),
  /** The characters the user `email` talked to. */
  GetFriendsChatsForEmail: defineAction({
    input: z.object({ email: z.string().trim().min(1).max(254), lang: Lang }),
    output: z.object({
      friends: z.array(
        z.object({ friendid: z.string(), friendname: z.string(), image: z.string() }),
      ),
    }),
    access: 'user',
    identity: null,
    mutates: false,
  }),
  /** Every subject of `user` with character `friendid`, read only; the viewing is audited. */
  GetChatHistory: defineAction({
    input: z.object({
      user: z.string().trim().min(1).max(254),
      friendid: FriendId,
      lang: Lang,
    }),
    output: z.object({
      user: z.string(),
      friendname: z.string(),
      image: z.string(),
      subjects: z.array(z.object({ subject: z.string(), chat: z.array(ChatMessage) })),
    }),
    access: 'user',
    identity: null,
    // It writes the audit record.
    mutates: true,
  }),
};
