import { Parser } from 'htmlparser2';

/** The kinds of file a character's knowledge accepts. */
export type FileKind = 'txt' | 'md' | 'html' | 'pdf' | 'docx';

export type ExtractFailure = 'type' | 'empty' | 'corrupt' | 'notext' | 'toolong';

export class ExtractError extends Error {
  readonly reason: ExtractFailure;
  constructor(reason: ExtractFailure, detail?: string) {
    super(detail ?? reason);
    this.reason = reason;
  }
}

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
/** A .docx larger than this once unzipped is refused (a zip bomb would exhaust memory). */
const MAX_UNZIPPED = 300 * 1024 * 1024;

/** The kind by the name's extension; the content is checked by `extractText`. */
export function kindOf(filename: string): FileKind | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  return (ext && EXTENSIONS[ext]) || null;
}

/** The text of a file, paragraphs separated by blank lines. Throws ExtractError. */
export async function extractText(kind: FileKind, data: Buffer): Promise<string> {
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
      text = await docxText(data);
      break;
  }
  text = text
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

/** Visible text of an HTML page; block elements become paragraph breaks. */
export function htmlToText(html: string): string {
  let out = '';
  let skipping = 0;
  let inTitle = false;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'title') inTitle = true;
        else if (SKIP.has(name)) skipping++;
        if (BLOCK.has(name)) out += '\n\n';
      },
      ontext(t) {
        if (skipping === 0 || inTitle) out += t;
      },
      onclosetag(name) {
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
      return text.map((page) => page.trim()).join('\n\n');
    } finally {
      await pdf.loadingTask.destroy();
    }
  } catch (err) {
    throw new ExtractError('corrupt', (err as Error).message);
  }
}

async function docxText(data: Buffer): Promise<string> {
  checkZip(data);
  const mammoth = await import('mammoth');
  try {
    const result = await mammoth.extractRawText({ buffer: data });
    return result.value;
  } catch (err) {
    throw new ExtractError('corrupt', (err as Error).message);
  }
}

/**
 * Reads the zip's central directory: it must be a zip, hold word/document.xml, and not
 * unpack to more than MAX_UNZIPPED.
 */
export function checkZip(data: Buffer): void {
  if (data.readUInt32LE(0) !== 0x04034b50) throw new ExtractError('corrupt', 'not a zip');
  const from = Math.max(0, data.length - 65_557);
  let eocd = -1;
  for (let i = data.length - 22; i >= from; i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ExtractError('corrupt', 'no end of central directory');
  const entries = data.readUInt16LE(eocd + 10);
  let p = data.readUInt32LE(eocd + 16);
  let unzipped = 0;
  let hasDocument = false;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > data.length || data.readUInt32LE(p) !== 0x02014b50) {
      throw new ExtractError('corrupt', 'bad central directory');
    }
    const size = data.readUInt32LE(p + 24);
    const nameLen = data.readUInt16LE(p + 28);
    const extraLen = data.readUInt16LE(p + 30);
    const commentLen = data.readUInt16LE(p + 32);
    const name = data.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    if (name === 'word/document.xml') hasDocument = true;
    if (size === 0xffffffff) throw new ExtractError('toolong', 'zip64 entry');
    unzipped += size;
    p += 46 + nameLen + extraLen + commentLen;
  }
  if (!hasDocument) throw new ExtractError('corrupt', 'no word/document.xml');
  if (unzipped > MAX_UNZIPPED) throw new ExtractError('toolong', 'unzips too large');
}
