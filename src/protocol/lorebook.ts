import { z } from 'zod';
import { LORE_LIMITS, LORE_POSITIONS, NOTE_ROLES } from './lorebook-limits.ts';

/**
 * What a character keeps from a SillyTavern / Chub card beyond its texts (issue 34): the
 * character's note (`extensions.depth_prompt`), the lorebook (`character_book`) with its
 * keys and settings, free tags, and the card's own creator and version. Limits are ours.
 */
export { LORE_LIMITS, LORE_POSITIONS, NOTE_ROLES } from './lorebook-limits.ts';

const Key = z.string().trim().min(1).max(LORE_LIMITS.key);
const Keys = z.array(Key).max(LORE_LIMITS.keys);
const Depth = z.coerce.number().int().min(0).max(LORE_LIMITS.depth);

export const LoreEntry = z.strictObject({
  keys: Keys.default([]),
  secondaryKeys: Keys.default([]),
  content: z.string().max(LORE_LIMITS.content).default(''),
  name: z.string().max(LORE_LIMITS.name).default(''),
  comment: z.string().max(LORE_LIMITS.comment).default(''),
  enabled: z.boolean().default(true),
  /** In every prompt, keys or not. */
  constant: z.boolean().default(false),
  /** Needs a secondary key too (by `selectiveLogic`: 0 any, 1 not all, 2 none, 3 all). */
  selective: z.boolean().default(false),
  selectiveLogic: z.number().int().min(0).max(3).default(0),
  caseSensitive: z.boolean().default(false),
  /** Lower first; when the budget is short, higher orders are kept first (SillyTavern's rule). */
  insertionOrder: z.coerce
    .number()
    .int()
    .min(-LORE_LIMITS.order)
    .max(LORE_LIMITS.order)
    .default(100),
  position: z.enum(LORE_POSITIONS).default('after_char'),
  /** For `at_depth`: how many messages from the end, and as whom. */
  depth: Depth.default(4),
  role: z.enum(NOTE_ROLES).default('system'),
  /** This entry's own scan depth (null: the book's). */
  scanDepth: z.number().int().min(1).max(LORE_LIMITS.scanDepth).nullable().default(null),
  /** The card's other entry settings, kept as they came so an export gives them back. */
  extensions: z.record(z.string(), z.unknown()).default({}),
});
export type LoreEntry = z.output<typeof LoreEntry>;

export const Lorebook = z.strictObject({
  name: z.string().max(LORE_LIMITS.name).default(''),
  description: z.string().max(LORE_LIMITS.comment).default(''),
  /** How many of the last messages are searched for keys. */
  scanDepth: z.coerce.number().int().min(1).max(LORE_LIMITS.scanDepth).default(2),
  /** Tokens the triggered entries may take in one prompt. */
  tokenBudget: z.coerce.number().int().min(1).max(LORE_LIMITS.tokenBudget).default(2_048),
  recursiveScanning: z.boolean().default(false),
  extensions: z.record(z.string(), z.unknown()).default({}),
  entries: z.array(LoreEntry).max(LORE_LIMITS.entries).default([]),
});
export type Lorebook = z.output<typeof Lorebook>;

/** The character's note's fields, without defaults (a save that leaves one out keeps it). */
export const NoteFields = {
  prompt: z.string().max(LORE_LIMITS.note),
  depth: Depth,
  role: z.enum(NOTE_ROLES),
};

/** The character's note: text put into the chat at a depth, as a role. */
export const CharacterNote = z.object({
  prompt: NoteFields.prompt.default(''),
  depth: NoteFields.depth.default(4),
  role: NoteFields.role.default('system'),
});
export type CharacterNote = z.output<typeof CharacterNote>;

export const TagList = z.array(z.string().trim().min(1).max(LORE_LIMITS.tag)).max(LORE_LIMITS.tags);
export const FreeTags = TagList.default([]);
