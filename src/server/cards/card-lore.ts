import {
  CharacterNote,
  LORE_LIMITS,
  Lorebook,
  NOTE_ROLES,
  type LoreEntry,
} from '../../protocol/lorebook.ts';
import type { CardBook, CardEntry } from './card-data.ts';

/**
 * A card's lorebook and character's note both ways. The spec's fields map to ours; the
 * settings SillyTavern keeps in an entry's `extensions` (position as a number, depth, role,
 * selective logic, scan depth, case sensitivity) are read from there and written back there,
 * and every other extension is kept as it came.
 */

/** Our own knowledge subjects travel as entries marked with this (they come back as subjects). */
export const KNOWLEDGE_MARK = 'sefer_knowledge';

const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : undefined;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const roleOf = (v: unknown): LoreEntry['role'] =>
  typeof v === 'number' && NOTE_ROLES[v]
    ? NOTE_ROLES[v]
    : typeof v === 'string' && (NOTE_ROLES as readonly string[]).includes(v)
      ? (v as LoreEntry['role'])
      : 'system';
const keysOf = (keys: string[] | undefined) =>
  (keys ?? [])
    .map((k) => k.trim().slice(0, LORE_LIMITS.key))
    .filter(Boolean)
    .slice(0, LORE_LIMITS.keys);

/** SillyTavern's numbered positions: 0 before the character, 1 after, 4 at a depth. */
const ST_AT_DEPTH = 4;

function entryFromCard(e: CardEntry, cuts: string[]): LoreEntry {
  const ext = e.extensions;
  const stPosition = num(ext.position);
  const position: LoreEntry['position'] =
    stPosition === ST_AT_DEPTH
      ? 'at_depth'
      : e.position === 'before_char' || stPosition === 0
        ? 'before_char'
        : 'after_char';
  if (e.content.length > LORE_LIMITS.content) cuts.push('character_book');
  const scanDepth = num(ext.scan_depth);
  const logic = num(ext.selectiveLogic);
  return {
    keys: keysOf(e.keys),
    secondaryKeys: keysOf(e.secondary_keys),
    content: e.content.slice(0, LORE_LIMITS.content),
    name: (e.name ?? '').slice(0, LORE_LIMITS.name),
    comment: (e.comment ?? '').slice(0, LORE_LIMITS.comment),
    enabled: e.enabled,
    constant: e.constant === true,
    selective: e.selective === true,
    selectiveLogic: logic !== undefined && logic >= 0 && logic <= 3 ? logic : 0,
    caseSensitive: e.case_sensitive === true || ext.case_sensitive === true,
    insertionOrder: clamp(num(e.insertion_order) ?? 100, -LORE_LIMITS.order, LORE_LIMITS.order),
    position,
    depth: clamp(num(ext.depth) ?? 4, 0, LORE_LIMITS.depth),
    role: roleOf(ext.role),
    scanDepth: scanDepth && scanDepth > 0 ? Math.min(scanDepth, LORE_LIMITS.scanDepth) : null,
    extensions: ext,
  };
}

/** A card's book: the lore entries, and the entries that were our own knowledge subjects. */
export function bookFromCard(book: CardBook | undefined, cuts: string[]) {
  if (!book) return { lorebook: null, knowledge: [] as { subject: string; contents: string }[] };
  const knowledge: { subject: string; contents: string }[] = [];
  const entries: LoreEntry[] = [];
  for (const e of book.entries) {
    if (e.extensions[KNOWLEDGE_MARK] === true && e.content.trim()) {
      knowledge.push({ subject: (e.name || e.keys[0] || '').trim(), contents: e.content });
    } else {
      entries.push(entryFromCard(e, cuts));
    }
  }
  const scan = num(book.scan_depth);
  const budget = num(book.token_budget);
  const lorebook = entries.length
    ? Lorebook.parse({
        name: (book.name ?? '').slice(0, LORE_LIMITS.name),
        description: (book.description ?? '').slice(0, LORE_LIMITS.comment),
        scanDepth: scan && scan > 0 ? Math.min(scan, LORE_LIMITS.scanDepth) : undefined,
        tokenBudget: budget && budget > 0 ? Math.min(budget, LORE_LIMITS.tokenBudget) : undefined,
        recursiveScanning: book.recursive_scanning === true,
        extensions: book.extensions,
        entries,
      })
    : null;
  return { lorebook, knowledge };
}

function entryToCard(e: LoreEntry, id: number, v3: boolean): Record<string, unknown> {
  const ext: Record<string, unknown> = { ...e.extensions };
  // SillyTavern reads these from the extensions: written back when they were there or matter.
  const stPosition = e.position === 'at_depth' ? ST_AT_DEPTH : e.position === 'before_char' ? 0 : 1;
  if ('position' in ext || e.position === 'at_depth') ext.position = stPosition;
  if ('depth' in ext || e.position === 'at_depth') ext.depth = e.depth;
  if ('role' in ext || e.position === 'at_depth') ext.role = NOTE_ROLES.indexOf(e.role);
  if ('selectiveLogic' in ext || e.selectiveLogic !== 0) ext.selectiveLogic = e.selectiveLogic;
  if ('scan_depth' in ext || e.scanDepth !== null) ext.scan_depth = e.scanDepth;
  if ('case_sensitive' in ext) ext.case_sensitive = e.caseSensitive;
  return {
    keys: e.keys,
    content: e.content,
    extensions: ext,
    enabled: e.enabled,
    insertion_order: e.insertionOrder,
    case_sensitive: e.caseSensitive,
    name: e.name,
    comment: e.comment,
    id,
    selective: e.selective,
    secondary_keys: e.secondaryKeys,
    constant: e.constant,
    position: e.position === 'before_char' ? 'before_char' : 'after_char',
    ...(v3 ? { use_regex: false } : {}),
  };
}

/** The character's book and knowledge subjects as a card's `character_book` (or none). */
export function bookToCard(
  lorebook: Lorebook | null,
  knowledge: { subject: string; contents: string }[],
  fallbackName: string,
  v3: boolean,
): Record<string, unknown> | null {
  const lore = lorebook?.entries ?? [];
  if (!lore.length && !knowledge.length) return null;
  const entries = lore.map((e, i) => entryToCard(e, i, v3));
  knowledge.forEach((k, i) => {
    entries.push({
      keys: [k.subject],
      content: k.contents,
      extensions: { [KNOWLEDGE_MARK]: true },
      enabled: true,
      insertion_order: i,
      name: k.subject,
      id: lore.length + i,
      ...(v3 ? { use_regex: false, constant: false } : {}),
    });
  });
  return {
    name: lorebook?.name || fallbackName,
    ...(lorebook?.description ? { description: lorebook.description } : {}),
    ...(lorebook
      ? {
          scan_depth: lorebook.scanDepth,
          token_budget: lorebook.tokenBudget,
          recursive_scanning: lorebook.recursiveScanning,
        }
      : {}),
    extensions: lorebook?.extensions ?? {},
    entries,
  };
}

/** `extensions.depth_prompt` as the character's note (and back). */
export function noteFromCard(v: unknown, cuts: string[]): CharacterNote | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.prompt !== 'string' || !o.prompt.trim()) return null;
  if (o.prompt.length > LORE_LIMITS.note) cuts.push('depth_prompt');
  return CharacterNote.parse({
    prompt: o.prompt.slice(0, LORE_LIMITS.note),
    depth: clamp(num(o.depth) ?? 4, 0, LORE_LIMITS.depth),
    role: roleOf(o.role),
  });
}
