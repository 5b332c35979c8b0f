import { Parser } from 'htmlparser2';
import type { ChapterHeading } from './chapters.ts';
import { readDocxZip } from './docx-zip.ts';
import { epubText } from './epub.ts';
import { ExtractError } from './extract-error.ts';
import { MAX_HTML_DEPTH } from './xml-bounds.ts';

export { ExtractError, type ExtractFailure } from './extract-error.ts';

/** The kinds of file a character's knowledge accepts. */
export type FileKind = 'txt' | 'md' | 'html' | 'pdf' | 'docx' | 'epub';

const EXTENSIONS: Record<string, FileKind> = {
  txt: 'txt',
  text: 'txt',
  md: 'md',
  markdown: 'md',
  html: 'html',
  htm: 'html',
  pdf: 'pdf',
  docx: 'docx',
  epub: 'epub',
};

/** Most characters of text one file may give (about 12 MB of plain text). */
export const MAX_TEXT_CHARS = 12_000_000;
/** A .docx or .epub whose parts unpack to more than this is refused (DOCX_MAX_UNZIPPED_MB). */
export const DEFAULT_MAX_UNZIPPED = 300 * 1024 * 1024;

export interface ExtractLimits {
  /** Bytes a .docx or .epub may unpack to, counted while unpacking. */
  maxUnzippedBytes?: number;
}

/** The kind by the name's extension; the content is checked by `extractText`. */
export function kindOf(filename: string): FileKind | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  return (ext && EXTENSIONS[ext]) || null;
}

/** What a file gives: its text, and what its own metadata says (EPUB). */
export interface Extracted {
  text: string;
  /**
   * The chapters the file names itself (an EPUB's table of contents), each heading a line of
   * `text`; absent when they are to be found in the text (chapters.ts).
   */
  chapters?: ChapterHeading[];
  /** The book's language (BCP 47, as its metadata gives it) and writing direction. */
  language?: string;
  direction?: 'rtl' | 'ltr';
  /** The title the file gives itself (an EPUB's dc:title). */
  title?: string;
}

/** The text of a file (extractFile's text). */
export async function extractText(
  kind: FileKind,
  data: Buffer,
  limits: ExtractLimits = {},
): Promise<string> {
  return (await extractFile(kind, data, limits)).text;
}

/**
 * The text of a file, paragraphs separated by blank lines. Throws ExtractError. CPU-heavy
 * for pdf, docx and epub: the server calls it in a worker thread (extractor.ts).
 */
export async function extractFile(
  kind: FileKind,
  data: Buffer,
  limits: ExtractLimits = {},
): Promise<Extracted> {
  if (data.length === 0) throw new ExtractError('empty');
  let text: string;
  let book: Omit<Extracted, 'text'> = {};
  switch (kind) {
    case 'txt':
    case 'md':
      text = decodeText(data);
      break;
    case 'html':
      text = htmlToText(decodeText(data));
      break;
    case 'pdf':
      text = await pdfText(data);
      break;
    case 'docx':
      text = await docxText(data, limits.maxUnzippedBytes ?? DEFAULT_MAX_UNZIPPED);
      break;
    case 'epub': {
      const read = await epubText(data, limits.maxUnzippedBytes ?? DEFAULT_MAX_UNZIPPED);
      ({ text, ...book } = read);
      break;
    }
  }
  // PostgreSQL text cannot hold NUL: one past the binary check's sample (or a PDF's unmapped
  // glyph) would fail the insert. Removed, as it stands for nothing in the text.
  text = text
    .replaceAll('\u0000', '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!text) throw new ExtractError('notext');
  if (text.length > MAX_TEXT_CHARS) throw new ExtractError('toolong');
  return { text, ...book };
}

/** UTF-8 (with or without BOM), UTF-16 with BOM, else Windows-1255 (older Hebrew files). */
export function decodeText(data: Buffer): string {
  let text: string;
  if (data[0] === 0xff && data[1] === 0xfe) text = new TextDecoder('utf-16le').decode(data);
  else if (data[0] === 0xfe && data[1] === 0xff) text = new TextDecoder('utf-16be').decode(data);
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
    } catch {
      text = new TextDecoder('windows-1255').decode(data);
    }
  }
  // Control characters other than tab and line breaks mean a binary file named .txt.
  const sample = text.slice(0, 64 * 1024);
  let controls = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0) throw new ExtractError('type');
    if (c < 9 || (c > 13 && c < 32)) controls++;
  }
  if (controls > sample.length / 100) throw new ExtractError('type');
  return text;
}

const BLOCK = new Set([
  'p', 'div', 'br', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'article',
  'blockquote', 'pre', 'table', 'ul', 'ol', 'header', 'footer', 'hr', 'dd', 'dt', 'title',
]); // prettier-ignore
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg']);

export { MAX_HTML_DEPTH } from './xml-bounds.ts';

/** Visible text of an HTML page; block elements become paragraph breaks. */
export function htmlToText(html: string): string {
  let out = '';
  let skipping = 0;
  let inTitle = false;
  // Open elements, counted as the parser reports them (void and implied ones close at once).
  let depth = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        // Thrown out of parser.write: the parse stops here, before the next tag costs more.
        if (++depth > MAX_HTML_DEPTH)
          throw new ExtractError('deep', `deeper than ${MAX_HTML_DEPTH}`);
        if (name === 'title') inTitle = true;
        else if (SKIP.has(name)) skipping++;
        if (BLOCK.has(name)) out += '\n\n';
      },
      ontext(t) {
        if (skipping === 0 || inTitle) out += t;
      },
      onclosetag(name) {
        depth--;
        if (name === 'title') inTitle = false;
        else if (SKIP.has(name)) skipping = Math.max(0, skipping - 1);
        if (BLOCK.has(name)) out += '\n\n';
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return out
    .split('\n')
    .map((l) => l.replace(/[ \t\u00A0]+/g, ' ').trim())
    .join('\n');
}

async function pdfText(data: Buffer): Promise<string> {
  const head = data.subarray(0, 1024).toString('latin1');
  if (!head.includes('%PDF-')) throw new ExtractError('corrupt', 'no PDF header');
  const { getDocumentProxy, extractText: pdfExtract } = await import('unpdf');
  try {
    const pdf = await getDocumentProxy(new Uint8Array(data), { verbosity: 0 });
    try {
      const { text } = await pdfExtract(pdf, { mergePages: false });
      // Pages stay apart (a form feed on a line between them): passages know their page.
      return text.map((page) => page.trim()).join('\n\f\n');
    } finally {
      await pdf.loadingTask.destroy();
    }
  } catch (err) {
    throw new ExtractError('corrupt', (err as Error).message);
  }
}

async function docxText(data: Buffer, maxUnzipped: number): Promise<string> {
  const zip = readDocxZip(data, maxUnzipped);
  const mammoth = await import('mammoth');
  try {
    // mammoth reads parts through this object (its `file` input, beside `buffer` and
    // `path`), so every part it unpacks is counted against the budget.
    const input = { file: zip } as unknown as Parameters<typeof mammoth.extractRawText>[0];
    const result = await mammoth.extractRawText(input);
    return result.value;
  } catch (err) {
    if (err instanceof ExtractError) throw err;
    throw new ExtractError('corrupt', (err as Error).message);
  }
}
