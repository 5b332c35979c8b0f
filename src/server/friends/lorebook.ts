import type { Lorebook, LoreEntry } from '../../protocol/lorebook.ts';
import { estimateTokens } from '../ai/tokens.ts';
import { variants, words } from '../knowledge/text-search.ts';

/**
 * A lorebook read the way SillyTavern's world info reads one: an entry whose key appears
 * in the last `scanDepth` messages enters the prompt; `constant` entries always; a
 * `selective` entry needs its secondary keys too (by its logic); the chosen entries are
 * kept within the book's token budget, higher insertion orders first (constant ones before
 * them), and are placed by position in ascending order. Keys match whole words with the
 * knowledge search's forms: Hebrew one-letter prefixes (ו ה ב ל מ ש כ) and English plurals
 * fold, so the key "בית" is found in "ובבית" and "whale" in "whales". A case-sensitive
 * entry also needs the key's exact letters. Recursive scanning and regular-expression keys
 * are kept for export but not applied (keys are read as words).
 */

/** A scanned text as its words, each with the forms it is found under. */
interface Scanned {
  raw: string;
  forms: Set<string>[];
}

function scan(text: string): Scanned {
  return { raw: text, forms: words(text).map((w) => new Set(variants(w))) };
}

function keyMatches(key: string, text: Scanned, caseSensitive: boolean): boolean {
  const keyWords = words(key);
  if (keyWords.length === 0) return key.trim() !== '' && text.raw.includes(key.trim());
  if (caseSensitive && !text.raw.includes(key.trim())) return false;
  const f = text.forms;
  outer: for (let i = 0; i + keyWords.length <= f.length; i++) {
    for (let j = 0; j < keyWords.length; j++) if (!f[i + j]!.has(keyWords[j]!)) continue outer;
    return true;
  }
  return false;
}

function secondaryPasses(e: LoreEntry, text: Scanned): boolean {
  if (!e.selective || e.secondaryKeys.length === 0) return true;
  const hits = e.secondaryKeys.filter((k) => keyMatches(k, text, e.caseSensitive)).length;
  switch (e.selectiveLogic) {
    case 1:
      return hits < e.secondaryKeys.length;
    case 2:
      return hits === 0;
    case 3:
      return hits === e.secondaryKeys.length;
    default:
      return hits > 0;
  }
}

export interface TriggeredEntry {
  entry: LoreEntry;
  /** Whether it came in by being constant (for tests and logs). */
  constant: boolean;
}

/**
 * The entries a prompt takes, in placement order. `recent` is the conversation's texts,
 * oldest first, the new message last.
 */
export function triggeredEntries(book: Lorebook | null | undefined, recent: string[]) {
  if (!book?.entries.length) return [];
  const scans = new Map<number, Scanned>();
  const scanOf = (depth: number) => {
    let s = scans.get(depth);
    if (!s) scans.set(depth, (s = scan(recent.slice(-depth).join('\n'))));
    return s;
  };
  const chosen: TriggeredEntry[] = [];
  for (const entry of book.entries) {
    if (!entry.enabled || !entry.content.trim()) continue;
    if (entry.constant) {
      chosen.push({ entry, constant: true });
      continue;
    }
    const text = scanOf(entry.scanDepth ?? book.scanDepth);
    if (!entry.keys.some((k) => keyMatches(k, text, entry.caseSensitive))) continue;
    if (!secondaryPasses(entry, text)) continue;
    chosen.push({ entry, constant: false });
  }
  // Within the budget: constant entries first, then the higher orders.
  const byPriority = [...chosen].sort(
    (a, b) =>
      Number(b.constant) - Number(a.constant) || b.entry.insertionOrder - a.entry.insertionOrder,
  );
  let room = book.tokenBudget;
  const kept = new Set<TriggeredEntry>();
  for (const c of byPriority) {
    const cost = estimateTokens(c.entry.content);
    if (cost > room) continue;
    room -= cost;
    kept.add(c);
  }
  return chosen
    .filter((c) => kept.has(c))
    .sort((a, b) => a.entry.insertionOrder - b.entry.insertionOrder);
}
