/**
 * Shape of the starter content seeded once on first start.
 *
 * Every character is seeded as two friends, one per language: the Hebrew one keeps `id`,
 * the English one gets `id + "en"` (friend ids are English letters and digits only). Helpers
 * the product names by a fixed id (`sharoneditor`, `graphicdesigner`) keep it in Hebrew.
 */
export interface SeedTexts {
  /** Display name, e.g. "שרלוק הולמס" / "Sherlock Holmes". */
  friendname: string;
  /** One or two sentences shown on the character card. */
  description: string;
  /** How the character speaks and behaves (system-prompt material), 150-400 words. */
  personality: string;
  /** The character's world, history and key facts from the book, 200-600 words. */
  background: string;
  /** The first message the character says when a conversation starts, in character. */
  firstprompt: string;
}

/** Friend types (spec part 1 §3): 0 literary character, 1 helper, 2 dictionary/brand assistant, 3 editor, 4 system. */
export type SeedFriendType = 0 | 1 | 2 | 3 | 4;

export interface SeedCharacter {
  /** Lowercase English letters and digits only, e.g. "holmes". */
  id: string;
  friendtype: SeedFriendType;
  /** Bitmask of category ids from ./categories.ts */
  category: number;
  publicfriend: 0 | 1;
  /** One of the voices of spec part 1 §9: alloy, echo, fable, onyx, nova, shimmer, breeze, cove, ember, juniper, sky. */
  voice: string;
  /** Short speaking-style hint for text-to-speech, in English. */
  voice_instructions: string;
  he: SeedTexts;
  en: SeedTexts;
}

export interface SeedCategory {
  /** A single bit: 1, 2, 4, 8, ... */
  id: number;
  he: string;
  en: string;
}
