import { Parser } from 'htmlparser2';
import { MAX_FILE_CHAPTERS } from '../../protocol/actions/reading.ts';
import type { ChapterHeading } from './chapters.ts';
import { MAX_ZIP_RATIO, readZip, type BoundedZip } from './docx-zip.ts';
import { BookBuilder, readContentDoc, squash } from './epub-content.ts';
import { ExtractError } from './extract-error.ts';
import { MAX_HTML_DEPTH, refuseDeclarations } from './xml-bounds.ts';

/**
 * An EPUB (2 or 3) read as a book: META-INF/container.xml names the package (OPF), whose
 * spine gives the reading order and whose metadata the language and direction; the table of
 * contents (EPUB 3 navigation document, else EPUB 2 toc.ncx) names the chapters, each
 * placed where its link points (a document, or an element inside one by its id). Content
 * documents become paragraphs (epub-content.ts); footnotes come back at the end of the
 * chapter that refers to them, as "[note 1] text". The zip is read within the bounds of the .docx reader, plus a
 * per-entry ratio; XML declaring entities is refused; every href is resolved inside the
 * container.
 */
export interface EpubBook {
  text: string;
  /** Absent when the book has no table of contents: chapters are then found in the text. */
  chapters?: ChapterHeading[];
  language?: string;
  direction?: 'rtl' | 'ltr';
  /** The book's title (dc:title). */
  title?: string;
}

interface ManifestItem {
  href: string;
  mediaType: string;
  properties: string[];
}

interface TocEntry {
  title: string;
  doc: string;
  frag: string | null;
}

const CONTENT_TYPES = new Set(['application/xhtml+xml', 'text/html']);
const RTL_LANGUAGES = new Set(['he', 'iw', 'yi', 'ar', 'fa', 'ur', 'ps', 'sd', 'ug', 'dv', 'ckb']);
const MAX_TITLE = 300;

const localName = (name: string) => name.slice(name.lastIndexOf(':') + 1).toLowerCase();
const dirOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));

/**
 * A path inside the container for `href` as written in a file in folder `base`. Refused
 * (`path`): a scheme or drive ("http:", "file:", "C:"), an absolute path, a backslash, and
 * any `..` that climbs out of the container.
 */
export function resolveHref(base: string, href: string): string {
  const raw = href.split('#')[0]!.split('?')[0]!;
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    throw new ExtractError('corrupt', `bad href ${href.slice(0, 80)}`);
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('/') || path.includes('\\')) {
    throw new ExtractError('path', `outside the book: ${href.slice(0, 80)}`);
  }
  const parts = base ? base.split('/') : [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg !== '..') parts.push(seg);
    else if (!parts.pop()) throw new ExtractError('path', `outside the book: ${href.slice(0, 80)}`);
  }
  return parts.join('/');
}

const fragmentOf = (href: string) => {
  const i = href.indexOf('#');
  if (i < 0 || i === href.length - 1) return null;
  try {
    return decodeURIComponent(href.slice(i + 1));
  } catch {
    return null;
  }
};

/** Text of an entry: UTF-8 (the EPUB rule) or UTF-16 with its byte-order mark. */
async function textOf(zip: BoundedZip, name: string): Promise<string> {
  if (!zip.exists(name)) throw new ExtractError('corrupt', `no ${name}`);
  const b = await zip.bytes(name);
  const encoding =
    b[0] === 0xff && b[1] === 0xfe
      ? 'utf-16le'
      : b[0] === 0xfe && b[1] === 0xff
        ? 'utf-16be'
        : 'utf-8';
  const text = new TextDecoder(encoding).decode(b);
  refuseDeclarations(text, name);
  return text;
}

interface Handlers {
  open?(name: string, attrs: Record<string, string>): void;
  text?(t: string): void;
  close?(name: string): void;
}

/** Parses XML (or XHTML) with the nesting bound of the HTML reader; names without prefix. */
function parse(xml: string, xmlMode: boolean, h: Handlers): void {
  let depth = 0;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (++depth > MAX_HTML_DEPTH)
          throw new ExtractError('deep', `deeper than ${MAX_HTML_DEPTH}`);
        h.open?.(localName(name), attrs);
      },
      ontext: (t) => h.text?.(t),
      onclosetag(name) {
        depth--;
        h.close?.(localName(name));
      },
    },
    { xmlMode, decodeEntities: true, recognizeSelfClosing: true, lowerCaseTags: !xmlMode },
  );
  parser.write(xml);
  parser.end();
}

async function packagePath(zip: BoundedZip): Promise<string> {
  if (zip.exists('mimetype')) {
    const kind = new TextDecoder().decode(await zip.bytes('mimetype')).trim();
    if (kind !== 'application/epub+zip') throw new ExtractError('corrupt', `mimetype ${kind}`);
  }
  let rootfile: string | undefined;
  parse(await textOf(zip, 'META-INF/container.xml'), true, {
    open(name, attrs) {
      if (name === 'rootfile' && rootfile === undefined) rootfile = attrs['full-path'];
    },
  });
  if (!rootfile) throw new ExtractError('corrupt', 'no rootfile in container.xml');
  return resolveHref('', rootfile);
}

async function readPackage(zip: BoundedZip, opfPath: string) {
  const base = dirOf(opfPath);
  const manifest = new Map<string, ManifestItem>();
  const spine: string[] = [];
  let tocId: string | undefined;
  let progression: string | undefined;
  /** The first dc:language and dc:title of the metadata. */
  const meta = new Map<'language' | 'title', string>();
  let reading: { key: 'language' | 'title'; text: string } | null = null;
  parse(await textOf(zip, opfPath), true, {
    open(name, attrs) {
      if (name === 'item' && attrs.id && attrs.href) {
        manifest.set(attrs.id, {
          href: attrs.href,
          mediaType: (attrs['media-type'] ?? '').toLowerCase(),
          properties: (attrs.properties ?? '').split(/\s+/).filter(Boolean),
        });
      } else if (name === 'spine') {
        tocId = attrs.toc;
        progression = attrs['page-progression-direction'];
      } else if (name === 'itemref' && attrs.idref) spine.push(attrs.idref);
      else if ((name === 'language' || name === 'title') && !meta.has(name)) {
        reading = { key: name, text: '' };
      }
    },
    text(t) {
      if (reading) reading.text += t;
    },
    close(name) {
      if (reading && name === reading.key) {
        const value = squash(reading.text);
        if (value) meta.set(reading.key, value);
        reading = null;
      }
    },
  });
  const pathOf = (item: ManifestItem) => resolveHref(base, item.href);
  const items = [...manifest.values()];
  const nav = items.find((i) => i.properties.includes('nav'));
  const ncx =
    (tocId !== undefined ? manifest.get(tocId) : undefined) ??
    items.find((i) => i.mediaType === 'application/x-dtbncx+xml');
  const docs: string[] = [];
  for (const idref of spine) {
    const item = manifest.get(idref);
    if (!item || !CONTENT_TYPES.has(item.mediaType) || item === nav) continue;
    docs.push(pathOf(item));
  }
  if (!docs.length) throw new ExtractError('corrupt', 'no readable document in the spine');
  const language = meta.get('language');
  const primary = language?.toLowerCase().split(/[-_]/)[0];
  const direction =
    progression === 'rtl' || progression === 'ltr'
      ? progression
      : primary
        ? RTL_LANGUAGES.has(primary)
          ? ('rtl' as const)
          : ('ltr' as const)
        : undefined;
  return {
    docs,
    nav: nav && pathOf(nav),
    ncx: ncx && pathOf(ncx),
    language,
    direction,
    title: meta.get('title')?.slice(0, MAX_TITLE),
  };
}

/** A link of the table of contents as a chapter; a link to the web is not one. */
function tocEntry(base: string, href: string | undefined, title: string): TocEntry | null {
  const t = squash(title).slice(0, MAX_TITLE).trim();
  if (!href || !t || /^[a-z][a-z0-9+.-]*:\/\//i.test(href) || /^mailto:/i.test(href)) return null;
  return { title: t, doc: resolveHref(base, href), frag: fragmentOf(href) };
}

/** EPUB 3: the links of `<nav epub:type="toc">` (else of the first nav), in order. */
function navEntries(xhtml: string, path: string): TocEntry[] {
  const base = dirOf(path);
  const found: { toc: boolean; entries: TocEntry[] }[] = [];
  let navDepth = 0;
  let link: { href: string | undefined; text: string } | null = null;
  parse(xhtml, false, {
    open(name, attrs) {
      if (name === 'nav') {
        if (navDepth++ === 0) {
          const types = (attrs['epub:type'] ?? '').split(/\s+/);
          found.push({ toc: types.includes('toc') || attrs.role === 'doc-toc', entries: [] });
        }
      } else if (name === 'a' && navDepth > 0) link = { href: attrs.href, text: '' };
    },
    text(t) {
      if (link) link.text += t;
    },
    close(name) {
      if (name === 'nav') navDepth = Math.max(0, navDepth - 1);
      else if (name === 'a' && link) {
        const e = tocEntry(base, link.href, link.text);
        if (e) found.at(-1)!.entries.push(e);
        link = null;
      }
    },
  });
  return (found.find((n) => n.toc) ?? found[0])?.entries ?? [];
}

/** EPUB 2: the navPoints of toc.ncx in reading order (a parent before its children). */
function ncxEntries(xml: string, path: string): TocEntry[] {
  const base = dirOf(path);
  const entries: TocEntry[] = [];
  const points: { label: string }[] = [];
  let inLabel = 0;
  parse(xml, true, {
    open(name, attrs) {
      if (name === 'navpoint') points.push({ label: '' });
      else if (name === 'navlabel' && points.length) inLabel++;
      else if (name === 'content' && points.length) {
        const e = tocEntry(base, attrs.src, points.at(-1)!.label);
        if (e) entries.push(e);
      }
    },
    text(t) {
      if (inLabel && points.length) points.at(-1)!.label += t;
    },
    close(name) {
      if (name === 'navpoint') points.pop();
      else if (name === 'navlabel') inLabel = Math.max(0, inLabel - 1);
    },
  });
  return entries;
}

/** Reads an .epub; `maxInflated` bounds the bytes all its parts read may unpack to. */
export async function epubText(data: Buffer, maxInflated: number): Promise<EpubBook> {
  try {
    return await readEpub(data, maxInflated);
  } catch (err) {
    if (err instanceof ExtractError) throw err;
    // Nothing else is expected from the parsing above; a damaged book is refused as such.
    throw new ExtractError('corrupt', (err as Error).message);
  }
}

async function readEpub(data: Buffer, maxInflated: number): Promise<EpubBook> {
  const zip = readZip(data, { maxInflated, maxRatio: MAX_ZIP_RATIO });
  const pkg = await readPackage(zip, await packagePath(zip));
  const spineDocs = new Set(pkg.docs);

  let toc: TocEntry[] | null = null;
  if (pkg.nav && zip.exists(pkg.nav)) toc = navEntries(await textOf(zip, pkg.nav), pkg.nav);
  if (!toc?.length && pkg.ncx && zip.exists(pkg.ncx)) {
    toc = ncxEntries(await textOf(zip, pkg.ncx), pkg.ncx);
  }
  // One chapter per place in the text; links into documents outside the spine name none.
  const seen = new Set<string>();
  const chapters = (toc ?? []).filter((e) => {
    const key = `${e.doc}#${e.frag ?? ''}`;
    if (!spineDocs.has(e.doc) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  chapters.splice(MAX_FILE_CHAPTERS);

  const book = new BookBuilder(
    chapters.map((c) => c.title),
    pkg.language,
  );
  for (const path of pkg.docs) {
    const top: number[] = [];
    const at = new Map<string, number[]>();
    chapters.forEach((c, i) => {
      if (c.doc !== path) return;
      if (c.frag === null) top.push(i);
      else at.set(c.frag, [...(at.get(c.frag) ?? []), i]);
    });
    const doc = readContentDoc(await textOf(zip, path), path, { top, at }, book.noteWord);
    // A link to an id the document lacks: its chapter starts at the document's top.
    const placed = new Set(doc.pieces.flatMap((p) => (p.kind === 'start' ? [p.start] : [])));
    const missing = [...at.values()].flat().filter((i) => !placed.has(i));
    doc.pieces.unshift(...missing.map((start) => ({ kind: 'start' as const, start })));
    book.add(doc);
  }
  const out: EpubBook = { text: book.text() };
  if (chapters.length) out.chapters = book.headings();
  if (pkg.language) out.language = pkg.language;
  if (pkg.direction) out.direction = pkg.direction;
  if (pkg.title) out.title = pkg.title;
  return out;
}
