/** The card fields' limits and choices (zod-free: the studio imports them as values). */
export const LORE_LIMITS = {
  entries: 1_000,
  keys: 50,
  key: 200,
  content: 20_000,
  name: 200,
  comment: 2_000,
  scanDepth: 100,
  tokenBudget: 100_000,
  order: 1_000_000,
  depth: 1_000,
  note: 20_000,
  tags: 30,
  tag: 60,
  creator: 200,
  version: 100,
} as const;

/** Where an entry goes: before the character's description, after it, or at a depth of the chat. */
export const LORE_POSITIONS = ['before_char', 'after_char', 'at_depth'] as const;
export const NOTE_ROLES = ['system', 'user', 'assistant'] as const;
