import { z } from 'zod';
import { VOICES } from './constants.ts';
import { FriendId, IdentityEmail, Lang, RowId } from './fields.ts';
import { VOICE_LIMITS } from './voice-constants.ts';

export const VoiceName = z.enum(VOICES.map((v) => v.voice) as [string, ...string[]]);

/**
 * `POST /api/speech` (spec part 1 §7, part 2 §7: text, voice, voice_instructions; answers
 * audio). The text must be part of an answer the character gave the caller: the server looks
 * for it in the caller's conversations with `friendid` (`messageid`, the answer's id, is a
 * faster key, optional), or the
 * request is a studio `preview` of a voice for a character the caller may edit (then the
 * server speaks its own sample sentence, whatever `text` says).
 */
export const SpeechInput = z.object({
  email: IdentityEmail,
  text: z.string().max(VOICE_LIMITS.speechMaxChars).default(''),
  voice: z
    .union([VoiceName, z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  voice_instructions: z.string().max(VOICE_LIMITS.instructionsMaxChars).optional(),
  /** The character; empty only for a preview in the studio before the character is saved. */
  friendid: z.union([FriendId, z.literal('')]).default(''),
  /**
   * Optional: the answer this text belongs to (its id in RetrieveConversation, AskFriend's
   * replyid). Without it the server finds the answer among the character's last ones.
   */
  messageid: RowId.optional(),
  preview: z.union([z.literal(1), z.literal(true), z.literal('1')]).optional(),
  lang: Lang,
});
export type SpeechInput = z.input<typeof SpeechInput>;
