import type { Citation } from '../../protocol/actions/reading.ts';
import type { Passage } from '../knowledge/retrieval.ts';

/**
 * Cited answers (issue 18). The passages a turn sends the model are numbered [1]..[n]; the
 * model is asked to put a passage's number after what it took from it. When the answer is
 * done the server keeps the marks of passages it really sent, drops any other number (an
 * invented source must not look like one), and stores what each kept mark points to.
 */

/** `[2]`, `[1, 3]`, `[1][3]` (a run of marks is read one bracket at a time). */
const MARK = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;
/** Markdown links `[text](url)` and references `[x]:` are not citations. */
const NOT_A_MARK = /\]\(|\]:/y;

/** How a passage's source reads in the prompt: its title, chapter and page when known. */
export function sourceLabel(p: Passage, lang: 'he' | 'en'): string {
  const parts = [p.source.title.trim()];
  if (p.chapter != null && p.chapter > 0)
    parts.push(lang === 'he' ? `פרק ${p.chapter}` : `chapter ${p.chapter}`);
  if (p.page != null) parts.push(lang === 'he' ? `עמוד ${p.page}` : `page ${p.page}`);
  return parts.filter(Boolean).join(', ');
}

export function toCitation(p: Passage, n: number): Citation {
  return {
    n,
    kind: p.source.kind,
    title: p.source.title,
    ...(p.chapter != null && p.chapter > 0 ? { chapter: p.chapter } : {}),
    ...(p.page != null ? { page: p.page } : {}),
    text: p.text,
  };
}

/**
 * The answer with invented marks taken out, and the passages its kept marks cite (by their
 * number in the prompt, in that order). Marks inside code are left alone.
 */
export function resolveCitations(
  content: string,
  sent: Passage[],
): { content: string; citations: Citation[] } {
  const cited = new Set<number>();
  const DROPPED = '\uE000'; // a private-use character: never in a model's answer
  // Code spans and blocks are copied as they are: `[1]` there is code, not a citation.
  const pieces = content.split(/(```[\s\S]*?(?:```|$)|`[^`\n]*`)/);
  const text = pieces
    .map((piece, i) => {
      if (i % 2 === 1) return piece;
      return (
        piece
          .replace(MARK, (whole, list: string, at: number) => {
            NOT_A_MARK.lastIndex = at + whole.length - 1;
            if (NOT_A_MARK.test(piece)) return whole;
            const kept = list
              .split(',')
              .map((x) => Number(x.trim()))
              .filter((n) => n >= 1 && n <= sent.length);
            for (const n of kept) cited.add(n);
            return kept.length ? kept.map((n) => `[${n}]`).join('') : DROPPED;
          })
          // A dropped mark takes the space before it along.
          .replace(/[ \t]*\uE000/g, '')
      );
    })
    .join('');
  const citations = [...cited].sort((a, b) => a - b).map((n) => toCitation(sent[n - 1]!, n));
  return { content: text, citations };
}
