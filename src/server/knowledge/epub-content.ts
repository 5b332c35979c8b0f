import { Parser } from 'htmlparser2';
import type { ChapterHeading } from './chapters.ts';
import { ExtractError } from './extract-error.ts';
import { MAX_HTML_DEPTH, refuseDeclarations } from './xml-bounds.ts';

/**
 * One XHTML content document of an EPUB read into the pieces a book is assembled from
 * (epub.ts): paragraphs, where a chapter of the table of contents starts, and footnotes.
 * Footnotes are taken out of the flow (a note read in the middle of a sentence breaks it)
 * and kept by their id, with where they were referred to, so that each comes back as
 * "[note 1] text" at the end of the chapter that refers to it, the reference in the text
 * reading "[note 1]" ("[הערה 1]" in Hebrew). Not a bare "[1]": that is how the prompt numbers
 * the passages an answer cites, and a note's number would read as a citation.
 */
export type Piece =
  | { kind: 'para'; text: string }
  /** The chapter `start` (its index in the book's list) begins here. */
  | { kind: 'start'; start: number }
  /** The note with this id was referred to here. */
  | { kind: 'ref'; id: string };

export interface ContentDoc {
  pieces: Piece[];
  /** The notes found in the document, by id (or a made-up one), in the order they appear. */
  notes: Map<string, { label: string; text: string }>;
}

const BLOCK = new Set([
  'p', 'div', 'br', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'article',
  'blockquote', 'pre', 'table', 'ul', 'ol', 'header', 'footer', 'hr', 'dd', 'dt', 'aside',
  'figure', 'figcaption', 'nav', 'main', 'td', 'th', 'dl', 'body',
]); // prettier-ignore
/** Not text: images and media carry none, scripts and styles are not to be read. */
const SKIP = new Set([
  'script', 'style', 'noscript', 'template', 'head', 'svg', 'math', 'object', 'iframe',
  'audio', 'video', 'canvas', 'button', 'select',
]); // prettier-ignore
const NOTE_TYPES = new Set(['footnote', 'endnote', 'rearnote', 'note']);
const NOTE_ROLES = new Set(['doc-footnote', 'doc-endnote']);

const tokens = (v: string | undefined) => (v ?? '').toLowerCase().split(/\s+/).filter(Boolean);
/** One line: NUL and page breaks out (they mean something else in our texts), spaces single. */
export const squash = (s: string) =>
  s
    .replaceAll('\u0000', '')
    .replace(/[\s\u00A0]+/g, ' ')
    .trim();

const fragment = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** A reference's label without its brackets: "[12]" and "(12)" are "12". */
const labelOf = (s: string) => squash(s).replace(/^[[(]\s*(.*?)\s*[\])]$/, '$1');

/**
 * `starts` maps the ids of this document's elements that begin a chapter to that chapter;
 * chapters that point at the document itself (no fragment) begin at its top.
 */
export function readContentDoc(
  xhtml: string,
  name: string,
  starts: { top: number[]; at: Map<string, number[]> },
  noteWord: string,
): ContentDoc {
  refuseDeclarations(xhtml, name);
  const pieces: Piece[] = starts.top.map((start) => ({ kind: 'start' as const, start }));
  const notes = new Map<string, { label: string; text: string }>();
  /** Ids that a noteref in this document points at: that element is a note. */
  const noteTargets = new Map<string, string>();
  let para = '';
  let depth = 0;
  let skipping = 0;
  /** The note being read (outermost), and the depth it opened at. */
  let note: { id: string; depth: number; text: string } | null = null;
  /** A noteref being read: its text is the note's label, not part of the sentence. */
  let ref: { id: string | null; depth: number; text: string } | null = null;
  /** Inside a note, the depth of a link back to the text ("↩", "1."): left out. */
  let backlink: number | null = null;

  /** Notes referred to in the paragraph being read: placed after it. */
  const refsAfter: string[] = [];
  const flush = () => {
    const text = squash(para);
    para = '';
    if (text) pieces.push({ kind: 'para', text });
    for (const id of refsAfter.splice(0)) pieces.push({ kind: 'ref', id });
  };

  const parser = new Parser(
    {
      onopentag(tag, attrs) {
        // Thrown out of parser.write: the parse stops here, before the next tag costs more.
        if (++depth > MAX_HTML_DEPTH) {
          throw new ExtractError('deep', `deeper than ${MAX_HTML_DEPTH}`);
        }
        if (SKIP.has(tag)) skipping++;
        const id = attrs.id;
        const types = tokens(attrs['epub:type']);
        const role = (attrs.role ?? '').toLowerCase();
        if (!note) {
          if (BLOCK.has(tag)) flush();
          const chapters = id === undefined ? undefined : starts.at.get(id);
          if (chapters) {
            flush();
            for (const start of chapters) pieces.push({ kind: 'start', start });
          }
          const isNote =
            types.some((t) => NOTE_TYPES.has(t)) ||
            NOTE_ROLES.has(role) ||
            (id !== undefined && noteTargets.has(id));
          if (isNote) {
            const key = id ?? `#note${notes.size + 1}`;
            note = { id: key, depth, text: '' };
            return;
          }
          if (tag === 'a' && (types.includes('noteref') || role === 'doc-noteref')) {
            const href = attrs.href ?? '';
            const local = href.startsWith('#') ? fragment(href.slice(1)) : null;
            ref = { id: local, depth, text: '' };
          }
        } else {
          if (BLOCK.has(tag)) note.text += ' ';
          if (tag === 'a' && backlink === null && (attrs.href ?? '').startsWith('#')) {
            backlink = depth;
          }
        }
      },
      ontext(t) {
        if (skipping) return;
        if (note) {
          if (backlink === null) note.text += t;
        } else if (ref) ref.text += t;
        else para += t;
      },
      onclosetag(tag) {
        if (SKIP.has(tag)) skipping = Math.max(0, skipping - 1);
        if (note) {
          if (depth === note.depth) {
            const label = noteTargets.get(note.id) ?? String(notes.size + 1);
            const text = squash(note.text);
            if (text) notes.set(note.id, { label, text });
            note = null;
          } else if (depth === backlink) backlink = null;
        } else if (ref && depth === ref.depth) {
          const label = labelOf(ref.text) || String(noteTargets.size + 1);
          para += `[${noteWord} ${label}]`;
          if (ref.id !== null) {
            noteTargets.set(ref.id, label);
            refsAfter.push(ref.id);
          }
          ref = null;
        } else if (BLOCK.has(tag)) flush();
        depth--;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(xhtml);
  parser.end();
  flush();
  return { pieces, notes };
}

/** The book's paragraphs, with each chapter's heading line and its notes placed. */
export class BookBuilder {
  private paras: string[] = [];
  private placed: { line: string; at: number }[] = [];
  private pending: string[] = [];
  /** The chapters' titles, in the order the `start` pieces number them. */
  private readonly titles: string[];
  /** How a footnote's mark reads, in the book's language. */
  readonly noteWord: string;
  constructor(titles: string[], language: string | undefined) {
    this.titles = titles;
    this.noteWord = /^(he|iw)\b/i.test(language ?? '') ? 'הערה' : 'note';
  }

  /** A paragraph of the text: a chapter that starts here gets its heading line first. */
  private para(text: string) {
    while (this.pending.length) {
      const title = this.pending.shift()!;
      // The document's own heading is the line when it says the same.
      const own = !this.pending.length && text.toLowerCase() === title.toLowerCase();
      this.placed.push({ line: own ? text : title, at: this.paras.length });
      if (own) break;
      this.paras.push(title);
    }
    this.paras.push(text);
  }

  add(doc: ContentDoc) {
    const used = new Set<string>();
    let refs: string[] = [];
    // Notes belong to the chapter before a heading still waiting: pushed straight in.
    const note = (id: string) => {
      const n = doc.notes.get(id);
      if (!n || used.has(id)) return;
      used.add(id);
      this.paras.push(`[${this.noteWord} ${n.label}] ${n.text}`);
    };
    const notesOfChapter = () => {
      for (const id of refs) note(id);
      refs = [];
    };
    for (const p of doc.pieces) {
      if (p.kind === 'start') {
        notesOfChapter();
        this.pending.push(this.titles[p.start]!);
      } else if (p.kind === 'ref') refs.push(p.id);
      else this.para(p.text);
    }
    notesOfChapter();
    for (const id of doc.notes.keys()) note(id);
  }

  text(): string {
    for (const title of this.pending.splice(0)) {
      this.placed.push({ line: title, at: this.paras.length });
      this.paras.push(title);
    }
    return this.paras.join('\n\n');
  }

  /**
   * Chapters numbered in the order of the text. `skip` counts the same line earlier in the
   * text (a contents page lists every title), so each heading is found at its own place.
   */
  headings(): ChapterHeading[] {
    const count = new Map<string, number>();
    const lines = new Set(this.placed.map((p) => p.line));
    let next = 0;
    const out: ChapterHeading[] = [];
    this.paras.forEach((line, i) => {
      while (next < this.placed.length && this.placed[next]!.at === i) {
        const skip = count.get(line) ?? 0;
        out.push(skip ? { n: out.length + 1, line, skip } : { n: out.length + 1, line });
        next++;
      }
      if (lines.has(line)) count.set(line, (count.get(line) ?? 0) + 1);
    });
    return out;
  }
}
