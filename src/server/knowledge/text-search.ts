/**
 * The words a passage is indexed by and a question is searched by. PostgreSQL's `simple`
 * configuration would keep "ובבית" and "בית" apart and "keepers" and "keeper" too, so the
 * server makes the lexemes itself and stores them with `array_to_tsvector`:
 *
 * - lower case; Hebrew points (niqqud, cantillation) removed; geresh and gershayim inside a
 *   word dropped (צה"ל → צהל), apostrophes likewise (keeper's → keepers);
 * - Hebrew words also under their forms without the one-letter prefixes ו ה ב ל מ ש כ
 *   (up to three of them, leaving at least two letters): ובבית → ובבית, בבית, בית;
 * - English words also under a light plural fold (Harman's S-stemmer): keepers → keeper.
 *
 * Questions get the same treatment, minus stop words.
 */

const POINTS = /[\u0591-\u05BD\u05BF\u05C1-\u05C2\u05C4-\u05C5\u05C7]/g;
const INNER_QUOTES = /(?<=[\p{L}\p{N}])['"\u05F3\u05F4\u2019](?=[\p{L}\p{N}])/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const HEBREW_WORD = /^[\u05D0-\u05EA]+$/;
const LATIN_WORD = /^[a-z]+$/;
const PREFIX_LETTERS = 'והבלמשכ';
/** Longest lexeme kept (a GIN index entry must stay small; longer "words" are noise). */
const MAX_WORD = 60;

/** The words of a text, normalised, in order. */
export function words(text: string): string[] {
  const clean = text.normalize('NFC').replace(POINTS, '').replace(INNER_QUOTES, '').toLowerCase();
  const out: string[] = [];
  for (const m of clean.matchAll(WORD)) if (m[0].length <= MAX_WORD) out.push(m[0]);
  return out;
}

/** Harman's S-stemmer: folds the regular English plural. */
export function foldPlural(w: string): string {
  if (w.length <= 3 || !LATIN_WORD.test(w)) return w;
  if (w.endsWith('ies') && !w.endsWith('eies') && !w.endsWith('aies')) return `${w.slice(0, -3)}y`;
  if (w.endsWith('es') && !/(aes|ees|oes)$/.test(w)) return w.slice(0, -1);
  if (w.endsWith('s') && !w.endsWith('us') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

/**
 * A word and the forms it is also found under, the word itself first, then each shorter
 * form, down to `minRest` letters. `ובבית` → [ובבית, בבית, בית, ית]; `keepers` → [keepers,
 * keeper]. Passages are indexed down to two letters (לעץ → עץ); questions are searched down
 * to three (QUERY_MIN_REST), so that asking about a בית does not match every ית.
 */
export function variants(w: string, minRest = 2): string[] {
  const out = [w];
  if (HEBREW_WORD.test(w)) {
    let rest = w;
    for (let i = 0; i < 3 && rest.length > minRest && PREFIX_LETTERS.includes(rest[0]!); i++) {
      rest = rest.slice(1);
      out.push(rest);
    }
  } else {
    const f = foldPlural(w);
    if (f !== w) out.push(f);
  }
  return out;
}

/** Every lexeme a passage is indexed under (distinct). */
export function indexLexemes(text: string): string[] {
  return [...positionsOf(text).keys()];
}

/** PostgreSQL keeps word positions up to this; later words count as being there. */
const MAX_POSITION = 16383;

/** Each lexeme of a text with the positions (1-based) of the words it comes from. */
export function positionsOf(text: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  words(text).forEach((w, i) => {
    const pos = Math.min(i + 1, MAX_POSITION);
    for (const v of variants(w)) {
      const at = out.get(v);
      if (!at) out.set(v, [pos]);
      else if (at[at.length - 1] !== pos) at.push(pos);
    }
  });
  return out;
}

/**
 * A passage as a tsvector literal: its lexemes with positions (so phrase operators like
 * `<->` work) plus `tags` without positions. Lexemes hold letters, digits and '#' only.
 */
export function tsvectorLiteral(text: string | Map<string, number[]>, tags: string[] = []): string {
  const parts = tags.map(tsLexeme);
  for (const [lexeme, at] of typeof text === 'string' ? positionsOf(text) : text) {
    // PostgreSQL keeps at most 256 positions per lexeme.
    parts.push(`${tsLexeme(lexeme)}:${at.slice(0, 256).join(',')}`);
  }
  return parts.join(' ');
}

/** Function words that say nothing about which passage answers (he and en). */
const STOP = new Set(
  (
    'את של על עם זה זו זאת הוא היא הם הן אני אתה אתם אנחנו מה מי איפה היכן איך כיצד למה ' +
    'מדוע מתי כמה האם לא כן גם רק אל אם כי או אבל יש אין היה היתה הייתה היו כל עוד כבר ' +
    'מאוד אשר לו לה להם שלו שלה שלהם אותו אותה אותם בו בה הזה הזאת ההוא ההיא עליו עליה ' +
    'the a an of to in on at for with from by as into onto about and or but not no is are ' +
    'was were be been being do does did has have had what who whom whose where when why how ' +
    'which that this these those it its he she they them his her their hers theirs there ' +
    'here then than so too very can could would should will shall may might must me my we ' +
    'our you your i tell say said'
  ).split(/\s+/),
);

/** A word questions are not searched by ("the", "של"). */
export const isStopWord = (w: string) => STOP.has(w);

export interface QueryTerm {
  /** The word as asked. */
  word: string;
  /** The word and its shorter forms (see `variants`). */
  forms: string[];
}

/** Shortest form a question word is cut down to (see `variants`). */
export const QUERY_MIN_REST = 3;

/** Most distinct words of a question that are searched (a long chat message keeps its first). */
export const MAX_QUERY_TERMS = 24;

/** The searchable words of a question: distinct, stop words out, each with its forms. */
export function queryTerms(question: string): QueryTerm[] {
  const seen = new Set<string>();
  const out: QueryTerm[] = [];
  for (const w of words(question)) {
    if (STOP.has(w) || seen.has(w)) continue;
    if (w.length < 2 && !/\d/.test(w)) continue;
    seen.add(w);
    out.push({ word: w, forms: variants(w, QUERY_MIN_REST) });
    if (out.length >= MAX_QUERY_TERMS) break;
  }
  return out;
}

/** A lexeme as a tsquery operand. Lexemes hold letters, digits and '#' only, so quoting is safe. */
export function tsLexeme(lexeme: string): string {
  return `'${lexeme.replace(/'/g, "''")}'`;
}

/** The lexeme that tags every passage of one character (no word can produce a '#'). */
// chunks.repo's passageCountsSql spells these two tags in SQL too.
export const friendLexeme = (friendRowId: number) => `#f${friendRowId}`;

/**
 * The lexeme that tags the passages of one user's personal files on one character, in place
 * of `friendLexeme`: a search reaches them only when it asks for that user.
 */
export const personalLexeme = (friendRowId: number, userId: number) => `#f${friendRowId}u${userId}`;
