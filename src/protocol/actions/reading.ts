import { z } from 'zod';
import { defineAction } from '../action.ts';
import { Flag, FriendId, IdentityEmail } from '../fields.ts';

/**
 * Faithful to the book (issue 18): cited answers and the reader's spoiler horizon.
 */

/** One passage an answer cites: `[n]` in the answer's text opens it. */
export const Citation = z.object({
  /** The number the answer's mark carries. */
  n: z.number().int(),
  kind: z.enum(['file', 'knowledge']),
  /** The file's title, or the knowledge subject's name. */
  title: z.string(),
  /** The chapter the passage is in, when the text has chapters. */
  chapter: z.number().int().optional(),
  /** The page it starts on, when the text has pages (PDF). */
  page: z.number().int().optional(),
  text: z.string(),
});
export type Citation = z.infer<typeof Citation>;

/** A chapter number a reader has read up to (null: no horizon, everything may be told). */
const Chapter = z.coerce.number().int().min(0).max(100_000);

export const readingActions = {
  /**
   * Whether a character cites its sources (editors only). With `citations` it is set, else
   * read. Citations are on by default.
   */
  GetSetCitations: defineAction({
    input: z.object({ email: IdentityEmail, friendid: FriendId, citations: Flag.optional() }),
    output: z.object({ citations: z.number().int() }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  /**
   * The caller's spoiler horizon with a character: the last chapter they have read. With
   * `chapter` it is set (null clears it), else read. `chapters` is the highest chapter
   * found in the character's files (0: none found).
   */
  GetSetHorizon: defineAction({
    input: z.object({
      email: IdentityEmail,
      friendid: FriendId,
      chapter: Chapter.nullable().optional(),
    }),
    output: z.object({ chapter: z.number().int().nullable(), chapters: z.number().int() }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
};
