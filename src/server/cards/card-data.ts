import { z } from 'zod';

/**
 * A Character Card's contents, read leniently: V1 (fields at the root), V2
 * (`chara_card_v2`) and V3 (`chara_card_v3`) end up in this one shape. A field of the wrong
 * type reads as empty rather than refusing the whole card, as both specifications ask
 * (apps must import cards with fields they do not know).
 * Specs: github.com/malfoyslastname/character-card-spec-v2, kwaroran/character-card-spec-v3.
 */
const Text = z.string().catch('');
const Strings = z
  .array(z.unknown())
  .catch([])
  .transform((a) => a.filter((s): s is string => typeof s === 'string'));
const Extensions = z.record(z.string(), z.unknown()).catch({});
const Num = z.number().optional().catch(undefined);

const Entry = z.object({
  keys: Strings.default([]),
  content: Text.default(''),
  enabled: z.boolean().catch(true).default(true),
  insertion_order: Num,
  name: z.string().optional().catch(undefined),
  comment: z.string().optional().catch(undefined),
  secondary_keys: Strings.optional(),
  constant: z.boolean().optional().catch(undefined),
  selective: z.boolean().optional().catch(undefined),
  use_regex: z.boolean().optional().catch(undefined),
  case_sensitive: z.boolean().optional().catch(undefined),
  position: z.string().optional().catch(undefined),
  extensions: Extensions.default({}),
});

const Book = z.object({
  name: z.string().optional().catch(undefined),
  description: z.string().optional().catch(undefined),
  scan_depth: Num,
  token_budget: Num,
  recursive_scanning: z.boolean().optional().catch(undefined),
  extensions: Extensions.default({}),
  entries: z
    .array(z.unknown())
    .catch([])
    .transform((a) => a.flatMap((e) => Entry.safeParse(e).data ?? [])),
});

const Asset = z.object({ type: z.string(), uri: z.string(), name: Text, ext: Text });

export const CardData = z.object({
  name: Text.default(''),
  description: Text.default(''),
  personality: Text.default(''),
  scenario: Text.default(''),
  first_mes: Text.default(''),
  mes_example: Text.default(''),
  creator_notes: Text.default(''),
  system_prompt: Text.default(''),
  post_history_instructions: Text.default(''),
  alternate_greetings: Strings.default([]),
  group_only_greetings: Strings.default([]),
  tags: Strings.default([]),
  creator: Text.default(''),
  character_version: Text.default(''),
  extensions: Extensions.default({}),
  character_book: Book.optional().catch(undefined),
  assets: z
    .array(z.unknown())
    .catch([])
    .transform((a) => a.flatMap((x) => Asset.safeParse(x).data ?? []))
    .optional(),
  nickname: Text.optional(),
  source: Strings.optional(),
  creator_notes_multilingual: z.record(z.string(), z.string()).optional().catch(undefined),
});
export type CardData = z.output<typeof CardData>;
export type CardEntry = z.output<typeof Entry>;
export type CardBook = z.output<typeof Book>;

export interface ParsedCard {
  version: 1 | 2 | 3;
  data: CardData;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * How many lorebook entries a parsed card's JSON holds, counted before anything else reads
 * it (the bound is checked first: a huge book costs in every step after). Looks where
 * `parseCard` will: under `data` for V2 and V3, at the root for V1.
 */
export function bookEntryCount(raw: unknown): number {
  if (!isObject(raw)) return 0;
  const body = raw.spec === 'chara_card_v3' || raw.spec === 'chara_card_v2' ? raw.data : raw;
  const book = isObject(body) ? body.character_book : undefined;
  const entries = isObject(book) ? book.entries : undefined;
  return Array.isArray(entries) ? entries.length : 0;
}

/** The card in a parsed JSON value, or null when it is not a character card (or has no name). */
export function parseCard(raw: unknown): ParsedCard | null {
  if (!isObject(raw)) return null;
  let version: ParsedCard['version'];
  let body: unknown;
  if (raw.spec === 'chara_card_v3' || raw.spec === 'chara_card_v2') {
    version = raw.spec === 'chara_card_v3' ? 3 : 2;
    body = raw.data;
  } else if (typeof raw.name === 'string' && ('first_mes' in raw || 'description' in raw)) {
    version = 1;
    body = raw;
  } else {
    return null;
  }
  const parsed = CardData.safeParse(body);
  if (!parsed.success || !parsed.data.name.trim()) return null;
  return { version, data: parsed.data };
}
