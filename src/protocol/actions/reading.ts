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

/** A file's number (GetFiles `num`). */
const FileNum = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

/** A chapter heading an editor keeps: a line of the file's text and the chapter it starts. */
const Heading = z.object({ n: Chapter, line: z.string().trim().min(1).max(300) });

/** One chapter of a file, as the files manager shows it. */
export const FileChapter = z.object({
  n: z.number().int(),
  /** The heading line as it stands in the text. */
  line: z.string(),
  /** The page it starts on (texts with pages); null otherwise. */
  page: z.number().int().nullable(),
  /** How many of the file's passages it holds. */
  passages: z.number().int(),
});
export type FileChapter = z.infer<typeof FileChapter>;

/** The most headings a file keeps. */
export const MAX_FILE_CHAPTERS = 2000;

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
  /**
   * A file's chapters (its heading lines, found when it was indexed) and pages. With
   * `chapters` an editor corrects them: the list replaces the file's headings (in the order
   * of the text; each line must be a line of the file), and the file's passages are split
   * again by it. Removing a heading merges its chapter into the one before; adding a line
   * splits a chapter there; a heading's number can be changed. The caller's files only: a
   * character's editors its shared files, other users of a helper their own.
   */
  GetSetFileChapters: defineAction({
    input: z.object({
      email: IdentityEmail,
      friendid: FriendId,
      num: FileNum,
      chapters: z.array(Heading).max(MAX_FILE_CHAPTERS).optional(),
    }),
    output: z.object({
      chapters: z.array(FileChapter),
      /** Pages of the text (0: it has none). */
      pages: z.number().int(),
      passages: z.number().int(),
    }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
};
