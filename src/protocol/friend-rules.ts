import { VOICES } from './constants.ts';

/**
 * The rules of a character's save (spec part 1 §5), zod-free: the studio checks a form with
 * them before sending it, and the server checks SetFriendDetails with the same function.
 * Each end words the problem from its key (web locales `studio.validation`, server
 * messages.ts), in Hebrew and English.
 */

/** A character id: English letters and digits only (it becomes the chat's address). */
export const FRIEND_ID_PATTERN = /^[A-Za-z0-9]+$/;
export const FRIEND_ID_MAX = 64;
/** The site's own files (`/files/images/…`, `/friends/…`) or an https address; nothing else. */
export const FRIEND_IMAGE_PATTERN = /^(\/(?![/\\])|https:\/\/)[^\s"'<>\\]*$/;
/** A model's name as the model list gives it. */
export const MODEL_NAME_PATTERN = /^[A-Za-z0-9._:/-]{1,100}$/;

/** What a save may lack, first failure only, in the order the spec's messages come. */
export type FriendProblem =
  | 'noFriendId'
  | 'friendIdChars'
  | 'noFriendName'
  | 'noImage'
  | 'badImagePath'
  | 'noPersonality'
  | 'noFirstPrompt'
  | 'badVoice'
  | 'badModel';

/** The fields of a character the rules look at. */
export interface FriendDraft {
  friendid: string;
  friendname: string;
  image: string;
  personality: string;
  background: string;
  firstprompt: string;
  voice: string;
  model: string;
}

/** The id alone (the server checks it before it looks the character up). */
export function validateFriendId(friendid: string): FriendProblem | null {
  if (!friendid.trim()) return 'noFriendId';
  if (friendid.length > FRIEND_ID_MAX || !FRIEND_ID_PATTERN.test(friendid)) return 'friendIdChars';
  return null;
}

/**
 * The first problem of a save, or null. An autosave (`autosave`) may still lack the
 * personality (or background) and the first message.
 */
export function validateFriend(
  f: FriendDraft,
  opts: { autosave?: boolean } = {},
): FriendProblem | null {
  const id = validateFriendId(f.friendid);
  if (id) return id;
  if (!f.friendname.trim()) return 'noFriendName';
  if (!f.image.trim()) return 'noImage';
  if (!FRIEND_IMAGE_PATTERN.test(f.image)) return 'badImagePath';
  if (!opts.autosave) {
    if (!f.personality.trim() && !f.background.trim()) return 'noPersonality';
    if (!f.firstprompt.trim()) return 'noFirstPrompt';
  }
  if (f.voice && !VOICES.some((v) => v.voice === f.voice)) return 'badVoice';
  if (!MODEL_NAME_PATTERN.test(f.model)) return 'badModel';
  return null;
}
