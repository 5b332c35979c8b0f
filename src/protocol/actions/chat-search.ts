import { z } from 'zod';
import { defineAction } from '../action.ts';
import { FriendId, IdentityEmail, Lang, RowId } from '../fields.ts';

/** One message found: where it is (subject, id) and the part of it around the words. */
export const SearchHit = z.object({
  /** The message's id: the conversation view jumps to it. */
  id: z.number().int(),
  subject: z.string(),
  role: z.enum(['user', 'assistant']),
  speaker: z.string(),
  /** YYYY-MM-DD HH:MM:SS (UTC). */
  tm: z.string(),
  /** Up to about 160 characters of the message around its first match ("…" where cut). */
  snippet: z.string(),
  /** The matched words in `snippet`: [start, end) character offsets, in order. */
  marks: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type SearchHit = z.infer<typeof SearchHit>;

export const chatSearchActions = {
  /**
   * Searches the caller's own conversations with one character, every subject, by words
   * (Hebrew words also without their one-letter prefixes; English plurals folded; the last
   * word also as the start of a longer one). Newest first; `before` (the last hit's id) pages.
   */
  SearchConversations: defineAction({
    input: z.object({
      email: IdentityEmail,
      friendid: FriendId,
      q: z.string().trim().min(1).max(200),
      before: RowId.optional(),
      limit: z.coerce.number().int().min(1).max(50).optional(),
      lang: Lang,
    }),
    output: z.object({ hits: z.array(SearchHit), hasmore: z.boolean() }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
};
