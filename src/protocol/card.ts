import { z } from 'zod';
import { DirectPaths } from './paths.ts';
import { FriendId } from './fields.ts';

/**
 * Character Cards (V2 `chara_card_v2`, V3 `chara_card_v3`), the format SillyTavern, RisuAI
 * and others share: `POST` imports one (multipart `file`, JSON or PNG with the card in its
 * text chunk), `GET ?friendid=&format=json|png` exports one.
 */
export const CARD_PATH = DirectPaths.card;

/** The largest card file accepted (a PNG card carries its picture). */
export const CARD_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The most lorebook entries a card may have. A character keeps at most 500 knowledge
 * subjects (the rest are reported as not kept); this leaves room for disabled and empty
 * entries, and refuses a book of tens of thousands before any of it is read.
 */
export const CARD_BOOK_MAX_ENTRIES = 1_000;

/** The export's query; `spec` picks V3 (default, with the V2 fields kept) or plain V2. */
export const CardExportQuery = z.object({
  friendid: FriendId,
  format: z.enum(['json', 'png']).default('json'),
  spec: z.enum(['v2', 'v3']).default('v3'),
  lang: z.string().max(16).optional(),
});
export type CardExportQuery = z.input<typeof CardExportQuery>;

/**
 * What an import answers (JSON). `friendid` is the new character's id (derived from the
 * card's name, made unique); `lost` lists, in the caller's language, what of the card
 * could not be kept.
 */
export interface CardImportAnswer {
  Error: number;
  Errstr?: string;
  friendid?: string;
  lost?: string[];
}
