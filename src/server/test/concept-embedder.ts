import { createHash } from 'node:crypto';
import { isStopWord, variants, words } from '../knowledge/text-search.ts';

/**
 * A contrived embedding function for tests and the retrieval bench, NOT a language model: each
 * word is looked up in a table of synonym groups written by hand (a word found under any of
 * its forms, "הקברניט" as "קברניט") and replaced by its group's first word; every remaining
 * word stands for itself. A text's vector is the sum of one signed position per word, chosen
 * by a hash of that concept, scaled to unit length. Texts that say the same thing in other
 * words listed in the table come out close; it knows nothing outside its table.
 */
export function conceptEmbedder(groups: string[][], dims = 256): (text: string) => number[] {
  const concept = new Map<string, string>();
  for (const g of groups) for (const w of g) concept.set(words(w).join(' '), g[0]!);
  const slot = (c: string) => {
    const d = createHash('sha256').update(c).digest();
    return { at: d.readUInt32LE(0) % dims, sign: d[4]! & 1 ? 1 : -1 };
  };
  return (text) => {
    const v = new Array<number>(dims).fill(0);
    for (const w of words(text)) {
      if (isStopWord(w) || w.length < 2) continue;
      const found = variants(w).find((f) => concept.has(f));
      const { at, sign } = slot(found ? concept.get(found)! : w);
      v[at]! += sign;
    }
    const n = Math.hypot(...v) || 1;
    return v.map((x) => x / n);
  };
}
