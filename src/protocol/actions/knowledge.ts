import { z } from 'zod';
import { defineAction } from '../action.ts';
import { FriendId, IdentityEmail } from '../fields.ts';

const Num = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);
const Title = z.string().max(300);

export const FileEntry = z.object({
  num: z.number().int(),
  tm: z.string(),
  title: z.string(),
  subject: z.string(),
  /** Chapter headings found in its text (GetSetFileChapters lists and corrects them). */
  chapters: z.number().int(),
  /** Pages of its text (0: none). */
  pages: z.number().int(),
});
export const KnowledgeEntry = z.object({
  num: z.number().int(),
  subject: z.string(),
  tm: z.string(),
});

export const knowledgeActions = {
  /**
   * The files of a character, most recently moved to the top first. Spec name of the id
   * field: `friend`. Editors see the character's shared files (`personal: false`); a user
   * who may talk to a helper or editor character but not edit it sees their own personal
   * files on it (`personal: true`).
   */
  GetFiles: defineAction({
    input: z.object({ email: IdentityEmail, friend: FriendId }),
    output: z.object({
      files: z.array(FileEntry),
      personal: z.boolean(),
      /**
       * How the character's knowledge is searched: by its words alone, or also by meaning
       * (an embedding model is configured). Ours; spec clients ignore it.
       */
      search: z.enum(['words', 'meaning']).optional(),
    }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  DelFile: defineAction({
    input: z.object({ email: IdentityEmail, friendid: FriendId, num: Num }),
    output: z.object({}),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  UpdateTitle: defineAction({
    input: z.object({ email: IdentityEmail, friendid: FriendId, num: Num, title: Title }),
    output: z.object({}),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  UpdateFileSubject: defineAction({
    input: z.object({ email: IdentityEmail, friendid: FriendId, num: Num, subject: Title }),
    output: z.object({}),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  /** Finds a title in the file's own text (its first heading or line) and answers it. */
  GetFileTitle: defineAction({
    input: z.object({ email: IdentityEmail, friendid: FriendId, num: Num }),
    output: z.object({ title: z.string() }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  /** Puts a file first in the list (and first in what the character reads). */
  MoveFileToTop: defineAction({
    input: z.object({ email: IdentityEmail, friendid: FriendId, num: Num }),
    output: z.object({}),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  GetKnowlegeSubjects: defineAction({
    input: z.object({ email: IdentityEmail, friendid: FriendId }),
    output: z.object({ subjects: z.array(KnowledgeEntry) }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  DelKnowledgeManual: defineAction({
    input: z.object({ email: IdentityEmail, friendid: FriendId, num: Num }),
    output: z.object({}),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  /**
   * Reads one knowledge subject (`num` without `contents`), or saves one: a new subject when
   * `num` is absent, else the one numbered.
   */
  GetSetKnowledge: defineAction({
    input: z.object({
      email: IdentityEmail,
      friendid: FriendId,
      /** 0 (what spec clients send for a new subject) means new, like no num. */
      num: z.coerce
        .number()
        .int()
        .min(0)
        .max(2 ** 31 - 1)
        .optional(),
      subject: Title.optional(),
      contents: z.string().max(2_000_000).optional(),
    }),
    output: z.object({
      num: z.number().int(),
      subject: z.string(),
      contents: z.string(),
      tm: z.string(),
    }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
};
