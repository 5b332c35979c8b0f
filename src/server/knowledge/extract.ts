import { Parser } from 'htmlparser2';
import { readDocxZip } from './docx-zip.ts';
import { ExtractError } from './extract-error.ts';

export { ExtractError, type ExtractFailure } from './extract-error.ts';

/** The kinds of file a character's knowledge accepts. */
export type FileKind = 'txt' | 'md' | 'html' | 'pdf' | 'docx';

const EXTENSIONS: Record<string, FileKind> = {
  txt: 'txt',
  text: 'txt',
  md: 'md',
  markdown: 'md',
  html: 'html',
  htm: 'html',
  pdf: 'pdf',
  docx: 'docx',
};

/** Most characters of text one file may give (about 12 MB of plain text). */
export const MAX_TEXT_CHARS = 12_000_000;
/** A .docx whose parts unpack to more than this is refused (DOCX_MAX_UNZIPPED_MB). */
export const DEFAULT_MAX_UNZIPPED = 300 * 1024 * 1024;

export interface ExtractLimits {
  /** Bytes a .docx may unpack to, counted while unpacking. */
  maxUnzippedBytes?: number;
}

/** The kind by the name's extension; the content is checked by `extractText`. */
export function kindOf(filename: string): FileKind | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  return (ext && EXTENSIONS[ext]) || null;
}

/**
 * The text of a file, paragraphs separated by blank lines. Throws ExtractError. CPU-heavy
 * for pdf and docx: the server calls it in a worker thread (extractor.ts).
 */
export async function extractText(
  kind: FileKind,
  data: Buffer,
  limits: ExtractLimits = {},
): Promise<string> {
  if (data.length === 0) throw new ExtractError('empty');
  let text: string;
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
  return text;
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

/**
 * Deepest nesting of HTML elements a file may have. htmlparser2 keeps its open elements in
 * an array it grows and shrinks at the front (`unshift`/`shift`), so each tag costs the
 * current depth: 200,000 nested `<div>` took 36–80 s, all of it there. Browsers stop nesting
 * at 512 (Chromium's kMaximumHTMLParserDOMTreeDepth); real pages stay within a few dozen.
 */
export const MAX_HTML_DEPTH = 1000;

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
