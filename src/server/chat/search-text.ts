import {
  QUERY_MIN_REST,
  queryTerms,
  tsLexeme,
  variants,
  words,
  type QueryTerm,
} from '../knowledge/text-search.ts';

/**
 * The conversation search's words (the knowledge index's, knowledge/text-search.ts): a
 * question's words, each with its shorter forms; the last one also as the start of a longer
 * word, since people search as they type. Stop words are dropped unless nothing else is left
 * ("what" alone is still searched).
 */
export function searchTerms(q: string): QueryTerm[] {
  const terms = queryTerms(q);
  if (terms.length) return terms;
  return [...new Set(words(q))]
    .slice(0, 8)
    .map((w) => ({ word: w, forms: variants(w, QUERY_MIN_REST) }));
}

/** Every term must be found, under any of its forms: `(a | b) & (c:*)`. */
export function searchQuery(terms: QueryTerm[]): string {
  return terms
    .map((t, i) => {
      const last = i === terms.length - 1;
      const forms = t.forms.map((f) => (last && f === t.word ? `${tsLexeme(f)}:*` : tsLexeme(f)));
      return `(${forms.join(' | ')})`;
    })
    .join(' & ');
}

const TOKEN = /[\p{L}\p{N}\p{M}'"\u05F3\u05F4\u2019]+/gu;
const SNIPPET = 160;
const BEFORE = 50;

/**
 * The part of a message around its first match, with the matched words marked: a word
 * matches when one of its indexed forms is a term's form (or starts with the last term).
 */
export function snippetOf(content: string, terms: QueryTerm[]) {
  const exact = new Set(terms.flatMap((t) => t.forms));
  const prefix = terms.at(-1)?.word ?? '';
  const found: [number, number][] = [];
  for (const m of content.matchAll(TOKEN)) {
    const hit = words(m[0]).some((w) =>
      variants(w).some((v) => exact.has(v) || (prefix && v.startsWith(prefix))),
    );
    if (hit) found.push([m.index, m.index + m[0].length]);
  }
  let start = found.length ? Math.max(0, found[0]![0] - BEFORE) : 0;
  // Start at a word's beginning.
  if (start > 0) {
    const space = content.slice(start, found[0]![0]).search(/\s/);
    if (space >= 0) start += space + 1;
  }
  const end = Math.min(content.length, start + SNIPPET);
  const lead = start > 0 ? '…' : '';
  const text =
    lead + content.slice(start, end).replace(/\s/g, ' ') + (end < content.length ? '…' : '');
  const shift = lead.length - start;
  const marks = found
    .filter(([a, b]) => a >= start && b <= end)
    .map(([a, b]) => [a + shift, b + shift] as [number, number]);
  return { snippet: text, marks };
}
