import { indexText, type ChapterHeading, type IndexedPassage } from '../knowledge/chapters.ts';
import type { Passage } from '../knowledge/retrieval.ts';

/** One chapter of a book: its number (0 before the first heading) and its text. */
export interface BookChapter {
  n: number;
  text: string;
}

/** A book as the readers of this domain see it: chapters to read and passages to cite. */
export interface Book {
  title: string;
  /** The file's number (Passage.source.num). */
  num: number;
  chapters: BookChapter[];
  passages: Passage[];
}

/**
 * The text split at its heading lines (the file's chapters, as indexed and corrected in the
 * files manager), in the order of the text; a text without headings is one chapter 0.
 */
export function splitChapters(text: string, headings: ChapterHeading[]): BookChapter[] {
  const out: BookChapter[] = [];
  let current: BookChapter = { n: 0, text: '' };
  const lines: string[] = [];
  let next = 0;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\f/g, '').trim();
    if (next < headings.length && line && line === headings[next]!.line) {
      current.text = lines.join('\n').trim();
      if (current.text) out.push(current);
      lines.length = 0;
      current = { n: headings[next]!.n, text: '' };
      next++;
      continue;
    }
    lines.push(raw.replace(/\f/g, '\n'));
  }
  current.text = lines.join('\n').trim();
  if (current.text) out.push(current);
  return out;
}

/** Pieces of a chapter no longer than `max` characters, cut at paragraph ends where possible. */
export function pieces(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + max);
    if (end < text.length) {
      const para = text.lastIndexOf('\n\n', end);
      const sentence = text.lastIndexOf('. ', end);
      if (para > at + max / 2) end = para;
      else if (sentence > at + max / 2) end = sentence + 1;
    }
    out.push(text.slice(at, end).trim());
    at = end;
  }
  return out.filter(Boolean);
}

export function readBook(
  text: string,
  file: { num: number; title: string; chapters: ChapterHeading[] },
): Book {
  const indexed: IndexedPassage[] = indexText(text, file.chapters);
  return {
    title: file.title,
    num: file.num,
    chapters: splitChapters(text, file.chapters),
    passages: indexed.map((p, seq) => ({
      text: p.content,
      score: 0,
      source: { kind: 'file', num: file.num, title: file.title },
      seq,
      chapter: p.chapter,
      page: p.page,
    })),
  };
}
