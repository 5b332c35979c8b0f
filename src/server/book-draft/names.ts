import type { BookCharacter } from '../../protocol/actions/book-draft.ts';

/**
 * Names of people in a book, in English and Hebrew: how two names are found to be one person,
 * and how a list found chapter by chapter is merged.
 */

const TITLES =
  /^(?:mr|mrs|ms|miss|dr|sir|lady|lord|madam|madame|mademoiselle|captain|colonel|aunt|uncle|father|mother|professor|prof)\.?\s+/i;
const HE_TITLES = /^(?:מר|גברת|גב'|העלמה|ד"ר|דוקטור|פרופסור|הדוד|הדודה|סבא|סבתא|רב|הרב)\s+/u;
/** One-letter prefixes of Hebrew words: and, the, in, to, from, that, as ("ולרחל", "שדוד"). */
export const HE_PREFIXES = 'ובלמשכה';

/** A name as compared: lower case, apostrophes and dots folded, spaces single. */
export function nameKey(name: string): string {
  return name
    .normalize('NFC')
    .replace(/[\u0591-\u05c7]/g, '') // Hebrew vowel points and cantillation
    .replace(/[’'`"״׳.]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The name without a title ("Miss Bennet" → "bennet"); null when nothing is left. */
function untitled(key: string): string | null {
  const s = key.replace(TITLES, '').replace(HE_TITLES, '').trim();
  return s && s !== key ? s : null;
}

/**
 * A Hebrew name read with its prefix letters ("ולרחל" → "רחל") when the bare name is known;
 * otherwise the name as it is.
 */
export function withoutPrefix(name: string, known: Set<string>): string {
  const key = nameKey(name);
  if (known.has(key) || !/^[\u05d0-\u05ea]/.test(key)) return key;
  for (let i = 1; i <= 3 && i < key.length - 1; i++) {
    if (!HE_PREFIXES.includes(key[i - 1]!)) break;
    const bare = key.slice(i);
    if (known.has(bare)) return bare;
  }
  return key;
}

/** Every key a character is known by: names, aliases, and each without its title. */
export function keysOf(c: Pick<BookCharacter, 'name' | 'aliases'>): Set<string> {
  const out = new Set<string>();
  for (const n of [c.name, ...c.aliases]) {
    const k = nameKey(n);
    if (!k) continue;
    out.add(k);
  }
  return out;
}

const shares = (a: Set<string>, b: Set<string>) => [...a].some((k) => b.has(k));

/**
 * Merges what one more chapter found into the list so far: a character named by any of the
 * known names or aliases (a Hebrew one with its prefixes, an English one without its title
 * when that is unambiguous) is the same person; the more frequent name leads.
 */
export function mergeCharacters(
  known: BookCharacter[],
  found: BookCharacter[],
  max = 60,
): BookCharacter[] {
  const list = known.map((c) => ({ ...c, aliases: [...c.aliases] }));
  for (const f of found) {
    const all = new Set(list.flatMap((c) => [...keysOf(c)]));
    const fKeys = new Set([...keysOf(f)].map((k) => withoutPrefix(k, all)));
    let hit = list.find((c) => shares(keysOf(c), fKeys));
    if (!hit) {
      // "Miss Bennet" / "Bennet": one known character with that name without its title.
      const bare = [...fKeys].map(untitled).filter((k): k is string => !!k);
      const byBare = list.filter((c) =>
        [...keysOf(c)].some((k) => bare.includes(k) || bare.includes(untitled(k) ?? '')),
      );
      if (byBare.length === 1) hit = byBare[0];
    }
    if (!hit) {
      list.push({ ...f, aliases: f.aliases.filter((a) => nameKey(a) !== nameKey(f.name)) });
      continue;
    }
    hit.mentions += f.mentions;
    hit.firstChapter = Math.min(hit.firstChapter, f.firstChapter);
    if (!hit.sample && f.sample) hit.sample = f.sample;
    const have = keysOf(hit);
    for (const n of [f.name, ...f.aliases]) {
      const k = withoutPrefix(n, have);
      if (!have.has(k)) {
        hit.aliases.push(n.trim());
        have.add(k);
      }
    }
  }
  return list
    .sort((a, b) => b.mentions - a.mentions || a.firstChapter - b.firstChapter)
    .slice(0, max);
}
