import type { CharacterDraft, DraftField } from '../../protocol/actions/book-draft.ts';
import type { Passage } from '../knowledge/retrieval.ts';
import { resolveCitations, sourceLabel } from '../reading/citations.ts';
import type { Book } from './book-text.ts';
import { mentionPattern } from './heuristic.ts';

/** Passages a draft is written from (numbered [1]..[n] for the model and the citations). */
export const DRAFT_PASSAGES = 24;

/**
 * The passages that name the character, spread over the book: the first ones (how the book
 * introduces them) and then evenly to the end, in the order of the text.
 */
export function passagesAbout(book: Book, names: string[], max = DRAFT_PASSAGES): Passage[] {
  const patterns = names.filter((n) => n.trim()).map(mentionPattern);
  const hits = book.passages.filter((p) =>
    patterns.some((re) => {
      re.lastIndex = 0;
      return re.test(p.text);
    }),
  );
  if (hits.length <= max) return hits;
  const head = Math.ceil(max / 3);
  const rest = hits.slice(head);
  const step = rest.length / (max - head);
  const spread = Array.from({ length: max - head }, (_, i) => rest[Math.floor(i * step)]!);
  return [...hits.slice(0, head), ...spread];
}

/** The numbered passages as the model reads them ("[3] (Title, chapter 2)\ntext"). */
export function numbered(passages: Passage[], lang: 'he' | 'en'): string {
  return passages.map((p, i) => `[${i + 1}] (${sourceLabel(p, lang)})\n${p.text}`).join('\n\n');
}

/** A drafted text with its marks checked against the passages sent (as answers are). */
export function field(text: string, sent: Passage[]): DraftField {
  const r = resolveCitations(text.trim(), sent);
  return { text: r.content, citations: r.citations };
}

const QUOTE = /[“"„«]([^“”"„«»\n]{6,240})[”"“»]/g;
const DASH_LINE = /^[-–—]\s*(.{6,240}?)[,.!?]?\s*[-–—,]\s/mu;

/** Quoted words near the name in a passage (within a line or two of it). */
function quotesIn(text: string, name: RegExp): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(QUOTE)) {
    const around = text.slice(Math.max(0, m.index - 100), m.index + m[0].length + 100);
    name.lastIndex = 0;
    if (name.test(around)) out.push(m[1]!.trim().replace(/[,]$/, ''));
  }
  for (const line of text.split('\n')) {
    name.lastIndex = 0;
    const d = DASH_LINE.exec(line);
    if (d && name.test(line)) out.push(d[1]!.trim());
  }
  return out;
}

function sentencesWith(text: string, name: RegExp): string[] {
  return text
    .replace(QUOTE, ' ')
    .split(/(?<=[.!?…])\s+|\n+/u)
    .map((s) => s.trim())
    .filter((s) => {
      name.lastIndex = 0;
      return s.length > 25 && s.length < 300 && name.test(s);
    });
}

/**
 * The offline draft: the character's own quoted words (how they speak), the sentences that
 * name them (who they are), their first line as the first message, and the first sentence
 * that describes them for the image. Every statement is a passage's own words with its mark.
 */
export function heuristicDraft(
  book: Book,
  name: string,
  aliases: string[],
  firstChapter: number,
  lang: 'he' | 'en',
): CharacterDraft {
  const sent = passagesAbout(book, [name, ...aliases]);
  const he = lang === 'he';
  const res = [name, ...aliases].map(mentionPattern);
  const quotes: { q: string; n: number }[] = [];
  const lines: { s: string; n: number }[] = [];
  sent.forEach((p, i) => {
    for (const re of res) {
      for (const q of quotesIn(p.text, re))
        if (!quotes.some((x) => x.q === q)) quotes.push({ q, n: i + 1 });
      for (const s of sentencesWith(p.text, re))
        if (!lines.some((x) => x.s === s)) lines.push({ s, n: i + 1 });
    }
  });
  const say = (q: { q: string; n: number }) => `“${q.q}” [${q.n}]`;
  const personality = quotes.length
    ? `${he ? `כך ${name} מדבר/ת בספר:` : `How ${name} speaks in the book:`} ${quotes.slice(0, 4).map(say).join(' ')}`
    : he
      ? `${name} לא מדבר/ת בציטוטים שנמצאו; ${lines[0] ? `${lines[0].s} [${lines[0].n}]` : ''}`
      : `No quoted words of ${name} were found; ${lines[0] ? `${lines[0].s} [${lines[0].n}]` : ''}`;
  const background = lines
    .slice(0, 4)
    .map((l) => `${l.s} [${l.n}]`)
    .join(' ');
  const first = quotes[0] ?? (lines[0] ? { q: lines[0].s, n: lines[0].n } : null);
  const look =
    lines.find((l) =>
      /\b(eyes|hair|face|tall|wore|dress|coat|looked)\b|עיני|שיער|פני|גבוה|לבש|שמלה|מעיל/u.test(
        l.s,
      ),
    ) ?? lines[0];
  const image = he
    ? `דיוקן של ${name} מתוך "${book.title}"${look ? `: ${look.s} [${look.n}]` : ''}`
    : `A portrait of ${name} from “${book.title}”${look ? `: ${look.s} [${look.n}]` : ''}`;
  return {
    name,
    personality: field(personality, sent),
    background: field(background, sent),
    firstMessage: field(first ? `${first.q} [${first.n}]` : '', sent),
    examples: quotes.slice(1, 5).map((q) => field(`${q.q} [${q.n}]`, sent)),
    firstChapter,
    imagePrompt: field(image, sent),
  };
}
