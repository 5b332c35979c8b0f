import { z } from 'zod';
import { defineAction } from '../action.ts';
import { TEXT_LIMITS } from '../constants.ts';
import { Bitmask, Flag, FriendId, IdentityEmail } from '../fields.ts';
import { LORE_LIMITS, Lorebook, NoteFields, TagList } from '../lorebook.ts';

/** Long texts of a character; limits are ours (the spec leaves them open). */
const LongText = z.string().max(TEXT_LIMITS.longText);
const ShortText = z.string().max(TEXT_LIMITS.shortText);
const Slider = z.coerce.number().int().min(10).max(100);
const FriendTypeField = z.coerce.number().int().min(0).max(4);

/** The fields UpdateFriendDetails may change one at a time (autosave). */
export const SINGLE_FIELDS = [
  'personality',
  'background',
  'description',
  'firstprompt',
  'category',
  'image',
  'voice',
  'voice_instructions',
] as const;

export const studioActions = {
  /** Is this id free? Checked by the studio when the id is longer than 2 characters. */
  UniqueFriendId: defineAction({
    input: z.object({ friendid: FriendId }),
    output: z.object({ unique: z.number().int() }),
    access: 'user',
    identity: null,
    mutates: false,
  }),
  /** Does a character with this id exist, and may the caller edit it? */
  FriendExists: defineAction({
    input: z.object({ email: IdentityEmail, friendid: FriendId }),
    output: z.object({ exists: z.number().int(), canedit: z.number().int() }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  /**
   * Saves a whole character. `insert: 1` creates it (needs canadd and a free id); otherwise it
   * updates one the caller may edit. Types 2, 3 and 4 and the model need the global privilege.
   */
  SetFriendDetails: defineAction({
    input: z.object({
      email: IdentityEmail,
      /** Checked by the server (empty, letters and digits only) so it can answer the spec's texts. */
      friendid: z.string().trim().max(64),
      friendname: z.string().trim().max(TEXT_LIMITS.friendName),
      personality: LongText.default(''),
      background: LongText.default(''),
      description: ShortText.default(''),
      firstprompt: LongText.default(''),
      /**
       * Required and never empty (the server refuses an empty one with the spec's "you must
       * add an image"; zod leaves that to the service, so the schema says it in its meta).
       */
      image: z
        .string()
        .max(500)
        .meta({ minLength: 1, description: 'The image path (/files/images/…) or an https URL' }),
      temp: Slider.default(80),
      top_p: Slider.default(20),
      friendtype: FriendTypeField.default(0),
      voice: z.string().max(50).default(''),
      voice_instructions: ShortText.default(''),
      model: z.string().max(100).default('auto'),
      category: Bitmask.default(0),
      publicfriend: Flag.default(0),
      insert: Flag.optional(),
      /** Autosave's fallback: skips the first-message and personality/background rules. */
      autosave: Flag.optional(),
      /** Card fields (issue 34); left out, they stay as they are. */
      note: NoteFields.prompt.optional(),
      note_depth: NoteFields.depth.optional(),
      note_role: NoteFields.role.optional(),
      lorebook: Lorebook.nullable().optional(),
      tags: TagList.optional(),
      card_creator: z.string().trim().max(LORE_LIMITS.creator).optional(),
      card_version: z.string().trim().max(LORE_LIMITS.version).optional(),
      lang: z.string().max(16).optional(),
    }),
    output: z.object({ lastupdate: z.string(), description: z.string() }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  /** Autosave of one field. */
  UpdateFriendDetails: defineAction({
    input: z.object({
      email: IdentityEmail,
      friendid: FriendId,
      subject: z.enum(SINGLE_FIELDS),
      contents: z.union([LongText, z.number()]),
    }),
    output: z.object({ lastupdate: z.string() }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  /** Owner or global privilege only. Removes its files, knowledge and access list too. */
  DeleteFriend: defineAction({
    input: z.object({ email: IdentityEmail, friendid: FriendId }),
    output: z.object({}),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  /**
   * The caller's level on a character: 0 edit, 1 view, 2 none. Spec clients read the level
   * from `Error` (see `errorFrom`); ours read `priv`. The Errstr of levels 1 and 2 is the
   * server's ("you have no permission to watch this chat" for 2). `owner` is 1 for the
   * creator and for holders of the global privilege: they alone delete the character and
   * change its access list. Level 2 answers no name or type. An unknown id answers Error 5.
   */
  CheckEditPriv: defineAction({
    input: z.object({ email: IdentityEmail, friendid: FriendId }),
    output: z.object({
      priv: z.number().int(),
      imgedit: z.number().int(),
      friendtype: z.number().int(),
      friendname: z.string(),
      owner: z.number().int(),
    }),
    access: 'user',
    identity: 'email',
    mutates: false,
    errorFrom: 'priv',
  }),
};
