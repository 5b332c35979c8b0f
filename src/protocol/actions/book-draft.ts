import { z } from 'zod';
import { defineAction } from '../action.ts';
import { FriendId, IdentityEmail, Lang } from '../fields.ts';
import { Citation } from './reading.ts';

/**
 * A character drafted from a book (issue 36): the characters of a book that is one of the
 * caller's character's knowledge files, and a draft of one of them, each statement citing
 * passages of the book. Both run as durable jobs; the answers carry the job's state.
 */

const FileNum = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);
const JobId = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

/** none: not started (the answer is the estimate); the rest are a job's. */
export const BookJobState = z.enum(['none', 'queued', 'running', 'done', 'failed', 'cancelled']);
export type BookJobState = z.infer<typeof BookJobState>;

export const BookCharacter = z.object({
  name: z.string(),
  /** Other names the book calls them by ("Lizzy", "Miss Bennet"). */
  aliases: z.array(z.string()),
  /** How often the book names them. */
  mentions: z.number().int(),
  /** The first chapter they appear in (0: before the first heading). */
  firstChapter: z.number().int(),
  /** A short passage where they speak or are named. */
  sample: z.string(),
});
export type BookCharacter = z.infer<typeof BookCharacter>;

/** One drafted field: its text with `[n]` marks, and the passages they cite. */
export const DraftField = z.object({
  text: z.string(),
  citations: z.array(Citation),
});
export type DraftField = z.infer<typeof DraftField>;

export const CharacterDraft = z.object({
  name: z.string(),
  /** How the character thinks and speaks, with short quotes. */
  personality: DraftField,
  background: DraftField,
  /** Their first message, in their voice. */
  firstMessage: DraftField,
  /** Lines they say (or would), each with its sources. */
  examples: z.array(DraftField),
  /** The chapter they first appear in: a default spoiler horizon. */
  firstChapter: z.number().int(),
  /** A prompt for the image designer. */
  imagePrompt: DraftField,
});
export type CharacterDraft = z.infer<typeof CharacterDraft>;

/** What a job's answer says besides its result. */
const JobFields = {
  job: z.number().int(),
  state: BookJobState,
  /** 0..100 */
  progress: z.number().int(),
  /** The heuristic reads the book (no model is configured): the screen says so. */
  offline: z.boolean(),
  /** Credits it costs (an estimate before it starts, what was charged after). */
  cost: z.number().int(),
  /** Why it failed, in the caller's language. */
  failure: z.string().optional(),
};

export const bookDraftActions = {
  /**
   * The characters of file `num` of character `friend`. Without `start` it answers the last
   * listing of this file (or state `none` and the estimated cost); with `start: 1` it starts
   * one (a finished listing is started again). Ask again to follow its progress.
   */
  FindBookCharacters: defineAction({
    input: z.object({
      email: IdentityEmail,
      friend: FriendId,
      num: FileNum,
      lang: Lang,
      start: z.coerce.number().int().min(0).max(1).optional(),
    }),
    output: z.object({ ...JobFields, characters: z.array(BookCharacter) }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  /** Starts drafting the character `name` of the book (a durable job; follow GetCharacterDraft). */
  DraftCharacterFromBook: defineAction({
    input: z.object({
      email: IdentityEmail,
      friend: FriendId,
      num: FileNum,
      name: z.string().trim().min(1).max(200),
      lang: Lang,
    }),
    output: z.object({
      job: z.number().int(),
      state: BookJobState,
      offline: z.boolean(),
      cost: z.number().int(),
    }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  /** A draft's state and what is drafted so far (the caller's own jobs only). */
  GetCharacterDraft: defineAction({
    input: z.object({ email: IdentityEmail, job: JobId, lang: Lang }),
    output: z.object({ ...JobFields, draft: CharacterDraft.nullable() }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  /** Stops a listing or a draft of the caller's; what it read so far is kept. */
  CancelBookJob: defineAction({
    input: z.object({ email: IdentityEmail, job: JobId }),
    output: z.object({ state: BookJobState }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
};
