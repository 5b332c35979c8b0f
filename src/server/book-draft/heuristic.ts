import type { BookCharacter } from '../../protocol/actions/book-draft.ts';
import type { Book, BookChapter } from './book-text.ts';
import { HE_PREFIXES, mergeCharacters, nameKey } from './names.ts';

/**
 * The offline reader (no model configured): a character is a name the book puts beside a
 * speech verb ("said Elizabeth", "Elizabeth replied", "אמרה רחל", "ויאמר דוד"), counted by
 * how often; then every mention of it is counted. Plain and honest: the screen says it is the
 * offline one.
 */

const EN_VERBS =
  'said|says|asked|replied|cried|answered|whispered|shouted|exclaimed|continued|added|called|muttered|observed|returned|remarked|sighed|laughed|began';
const TITLE = '(?:Mr\\.?|Mrs\\.?|Ms\\.?|Miss|Dr\\.?|Sir|Lady|Lord|Captain|Colonel|Aunt|Uncle)';
const EN_NAME = `(?:${TITLE}\\s+)?[A-Z][a-z]+(?:\\s+[A-Z][a-z]+)?`;
const EN_AFTER = new RegExp(`\\b(?:${EN_VERBS})\\s+(${EN_NAME})`, 'g');
const EN_BEFORE = new RegExp(`(${EN_NAME})\\s+(?:${EN_VERBS})\\b`, 'g');
const EN_NOT_NAMES = new Set(
  'he she i it they we you the a an his her their but and then so yet when while as if this that there here what who my our your one mother father'.split(
    ' ',
  ),
);

const HE_VERBS =
  'אמר|אמרה|שאל|שאלה|ענה|ענתה|צעק|צעקה|לחש|לחשה|קרא|קראה|השיב|השיבה|הוסיף|הוסיפה|המשיך|המשיכה|צחק|צחקה|ויאמר|ותאמר|וישאל|ותשאל|ויען|ותען';
const HE_WORD = '[\\u05d0-\\u05ea][\\u05d0-\\u05ea"׳״\']+';
const HE_AFTER = new RegExp(`(?:^|[\\s,.:;!?"“”])ו?(?:${HE_VERBS})\\s+(${HE_WORD})`, 'gu');
const HE_BEFORE = new RegExp(`(${HE_WORD})\\s+ו?(?:${HE_VERBS})(?=[\\s,.:;!?"“”]|$)`, 'gu');
const HE_NOT_NAMES = new Set(
  'הוא היא הם הן אני אתה את אנחנו אתם לו לה להם אליו אליה אליהם שוב עוד בשקט בקול מיד אז כך זה זאת גם רק לא כן אבל ואז אחר כעבור פתאום לאט עכשיו כאשר כש מה מי איך למה'.split(
    ' ',
  ),
);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isHebrew = (s: string) => /[\u05d0-\u05ea]/.test(s);

/** A name and how it is searched for in the text (Hebrew with its prefix letters). */
export function mentionPattern(name: string): RegExp {
  const n = escape(name.trim());
  return isHebrew(name)
    ? new RegExp(`(?<![\\u05d0-\\u05ea])[${HE_PREFIXES}]{0,3}${n}(?![\\u05d0-\\u05ea])`, 'gu')
    : new RegExp(`\\b${n}\\b`, 'g');
}

function count(text: string, re: RegExp): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text)) n++;
  return n;
}

/** Names beside speech verbs in one chapter, with how often. */
export function speakers(text: string): Map<string, number> {
  const out = new Map<string, number>();
  const add = (raw: string) => {
    const name = raw.trim().replace(/\s+/g, ' ');
    const first = nameKey(name.split(' ')[0]!);
    if (EN_NOT_NAMES.has(first) || HE_NOT_NAMES.has(nameKey(name))) return;
    if (name.length < 2) return;
    out.set(name, (out.get(name) ?? 0) + 1);
  };
  for (const re of [EN_AFTER, EN_BEFORE, HE_AFTER, HE_BEFORE]) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) add(m[1]!);
  }
  return out;
}

/** A short line of the text where `name` speaks or is named. */
export function sampleOf(text: string, name: string): string {
  const re = mentionPattern(name);
  const m = re.exec(text);
  if (!m) return '';
  const start = Math.max(0, text.lastIndexOf('\n', m.index) + 1, m.index - 160);
  const endLine = text.indexOf('\n', m.index);
  const end = Math.min(endLine < 0 ? text.length : endLine, m.index + 200);
  return text.slice(start, end).trim();
}

/** One chapter's characters by the heuristic (names spoken beside speech verbs). */
export function chapterCharacters(ch: BookChapter): BookCharacter[] {
  const found = speakers(ch.text);
  return [...found].map(([name, spoke]) => ({
    name,
    aliases: [],
    mentions: Math.max(spoke, count(ch.text, mentionPattern(name))),
    firstChapter: ch.n,
    sample: sampleOf(ch.text, name),
  }));
}

/**
 * The book's characters by the heuristic: each chapter's speakers merged, names that are part
 * of a longer one ("Elizabeth", "Elizabeth Bennet") taken as its aliases, the rarest dropped.
 */
export function heuristicCharacters(
  book: Book,
  onChapter?: (done: number) => void,
): BookCharacter[] {
  let list: BookCharacter[] = [];
  book.chapters.forEach((ch, i) => {
    list = mergeCharacters(list, chapterCharacters(ch), 200);
    onChapter?.(i + 1);
  });
  // Mentions are counted over the whole book, every name of theirs with its prefixes: a
  // chapter where they are only spoken of counts too.
  const whole = book.chapters.map((c) => c.text).join('\n');
  return foldPartNames(list)
    .map((c) => ({
      ...c,
      mentions: Math.max(
        c.mentions,
        [c.name, ...c.aliases].reduce((n, name) => n + count(whole, mentionPattern(name)), 0),
      ),
    }))
    .sort((a, b) => b.mentions - a.mentions || a.firstChapter - b.firstChapter)
    .filter((c) => c.mentions >= 2 || list.length < 5)
    .slice(0, 30);
}

/** "Elizabeth" and "Elizabeth Bennet": the shorter one is an alias of the longer. */
function foldPartNames(list: BookCharacter[]): BookCharacter[] {
  const out: BookCharacter[] = [];
  const sorted = [...list].sort((a, b) => b.name.split(' ').length - a.name.split(' ').length);
  for (const c of sorted) {
    const words = nameKey(c.name).split(' ');
    const whole = out.find((o) =>
      words.length === 1 ? nameKey(o.name).split(' ').includes(words[0]!) : false,
    );
    const matches = out.filter(
      (o) => words.length === 1 && nameKey(o.name).split(' ').includes(words[0]!),
    );
    if (whole && matches.length === 1) {
      whole.aliases.push(c.name, ...c.aliases);
      whole.mentions = Math.max(whole.mentions, c.mentions);
      whole.firstChapter = Math.min(whole.firstChapter, c.firstChapter);
    } else out.push({ ...c, aliases: [...c.aliases] });
  }
  return out.sort((a, b) => b.mentions - a.mentions || a.firstChapter - b.firstChapter);
}
