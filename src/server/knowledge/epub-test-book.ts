import { strToU8, zipSync, type Zippable } from 'fflate';

/**
 * EPUB books made in the test (and by benchmarks: many long chapters give a book of any
 * size). EPUB 3 has a navigation document and `epub:type` footnotes (an `aside` each, with a
 * noteref in the text and a link back); EPUB 2 has toc.ncx and its notes as plain paragraphs
 * at the end of the chapter, as Project Gutenberg's books do.
 */
export interface TestEpubChapter {
  title: string;
  paragraphs: string[];
  /** Footnotes referred to from the chapter's first paragraph, after its first sentence. */
  footnotes?: string[];
}

/** Shapes a hostile book takes; each must be refused. */
export type TestEpubBomb =
  /** A chapter of 4 MiB that packs about 1,000 times smaller. */
  | 'ratio'
  /** 10,001 entries in the zip. */
  | 'entries'
  /** A chapter declaring nested entities ("billion laughs"). */
  | 'entity'
  /** A spine document at `../../evil.xhtml`. */
  | 'traversal'
  /** A spine document at `/etc/passwd`. */
  | 'absolute'
  /** A chapter nested 5,000 elements deep. */
  | 'deep';

export interface TestEpubOptions {
  language?: 'he' | 'en';
  version?: 2 | 3;
  title?: string;
  chapters: TestEpubChapter[];
  /** The manifest lists the chapters in the opposite order of the spine. */
  manifestReversed?: boolean;
  /** A contents page before the first chapter, listing every title as a link. */
  contentsPage?: boolean;
  /** All chapters in one document, the table of contents pointing at each by its id. */
  oneDocument?: boolean;
  bomb?: TestEpubBomb;
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const XHTML_HEAD = (version: 2 | 3, lang: string, title: string, doctype = '') =>
  `<?xml version="1.0" encoding="utf-8"?>\n${
    doctype ||
    (version === 2
      ? '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">\n'
      : '<!DOCTYPE html>\n')
  }<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${lang}" lang="${lang}"${
    lang === 'he' ? ' dir="rtl"' : ''
  }><head><title>${esc(title)}</title><style>p{margin:0}</style><script>var ignored = "script text";</script></head><body>`;

/** The chapter's body: heading, paragraphs (the first carrying the notes' references), notes. */
function chapterBody(c: TestEpubChapter, ci: number, version: 2 | 3, id: string): string {
  const notes = c.footnotes ?? [];
  const refs = notes
    .map((_, i) =>
      version === 3
        ? `<a epub:type="noteref" href="#fn${ci}-${i}" id="r${ci}-${i}"><sup>${i + 1}</sup></a>`
        : `<a href="#fn${ci}-${i}" id="r${ci}-${i}">[${i + 1}]</a>`,
    )
    .join('');
  const paras = c.paragraphs.map((p, i) => {
    if (i > 0 || !refs) return `<p>${esc(p)}</p>`;
    const cut = p.indexOf('. ');
    const at = cut < 0 ? p.length : cut + 1;
    return `<p>${esc(p.slice(0, at))}${refs}${esc(p.slice(at))}</p>`;
  });
  const noteBlocks = notes.map((n, i) =>
    version === 3
      ? `<aside epub:type="footnote" id="fn${ci}-${i}"><p><a href="#r${ci}-${i}">↩</a> ${esc(n)}</p></aside>`
      : `<p id="fn${ci}-${i}"><a href="#r${ci}-${i}">[${i + 1}]</a> ${esc(n)}</p>`,
  );
  return `<section id="${id}"><h1>${esc(c.title)}</h1>${paras.join('')}<img src="images/cover.png" alt="An image, not text"/>${noteBlocks.join('')}</section>`;
}

/** An .epub (a zip whose first entry is `mimetype`, stored) built from the options. */
export function makeTestEpub(o: TestEpubOptions): Buffer {
  const version = o.version ?? 3;
  const lang = o.language ?? 'en';
  const title = o.title ?? (lang === 'he' ? 'ספר לבדיקה' : 'A Test Book');
  const files: Zippable = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
  };
  const head = (t: string, doctype?: string) => XHTML_HEAD(version, lang, t, doctype);
  const docs: { id: string; href: string }[] = [];
  /** Where each chapter's link points. */
  const targets: string[] = [];
  if (o.contentsPage) {
    docs.push({ id: 'contents', href: 'contents.xhtml' });
  }
  if (o.oneDocument) {
    const body = o.chapters.map((c, i) => chapterBody(c, i, version, `ch${i + 1}`)).join('');
    files['OEBPS/text/book.xhtml'] = strToU8(`${head(title)}${body}</body></html>`);
    docs.push({ id: 'book', href: 'text/book.xhtml' });
    o.chapters.forEach((_, i) => targets.push(`text/book.xhtml#ch${i + 1}`));
  } else {
    o.chapters.forEach((c, i) => {
      const href = `text/chapter${i + 1}.xhtml`;
      let doctype: string | undefined;
      let body = chapterBody(c, i, version, `ch${i + 1}`);
      if (i === 0 && o.bomb === 'entity') {
        const laughs = Array.from(
          { length: 9 },
          (_, k) => `<!ENTITY lol${k + 1} "${`&lol${k};`.repeat(10)}">`,
        ).join('');
        doctype = `<!DOCTYPE html [<!ENTITY lol0 "lol">${laughs}]>\n`;
        body += '<p>&lol9;</p>';
      }
      if (i === 0 && o.bomb === 'deep') body += `${'<div>'.repeat(5000)}x${'</div>'.repeat(5000)}`;
      files[`OEBPS/${href}`] = strToU8(`${head(c.title, doctype)}${body}</body></html>`);
      docs.push({ id: `chapter${i + 1}`, href });
      targets.push(href);
    });
  }
  if (o.contentsPage) {
    const links = o.chapters
      .map((c, i) => `<p><a href="${targets[i]}">${esc(c.title)}</a></p>`)
      .join('');
    files['OEBPS/contents.xhtml'] = strToU8(
      `${head(lang === 'he' ? 'תוכן' : 'Contents')}<h2>${lang === 'he' ? 'תוכן העניינים' : 'Contents'}</h2>${links}</body></html>`,
    );
  }
  if (o.bomb === 'ratio') {
    files['OEBPS/text/bomb.xhtml'] = [
      strToU8(`${head('bomb')}<p>${'a'.repeat(4 * 1024 * 1024)}</p></body></html>`),
      { level: 9 },
    ];
    docs.push({ id: 'bomb', href: 'text/bomb.xhtml' });
  }
  if (o.bomb === 'traversal') docs.push({ id: 'evil', href: '../../evil.xhtml' });
  if (o.bomb === 'absolute') docs.push({ id: 'evil', href: '/etc/passwd' });
  if (o.bomb === 'entries') {
    for (let i = 0; i <= 10_000; i++) files[`OEBPS/images/p${i}.png`] = new Uint8Array(1);
  }
  files['OEBPS/images/cover.png'] = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

  const navHref = 'nav.xhtml';
  if (version === 3) {
    const items = o.chapters
      .map((c, i) => `<li><a href="${targets[i]}">${esc(c.title)}</a></li>`)
      .join('');
    files[`OEBPS/${navHref}`] = strToU8(
      `${head(title)}<nav epub:type="landmarks"><ol><li><a epub:type="bodymatter" href="${targets[0]}">Start</a></li></ol></nav><nav epub:type="toc" id="toc"><h1>${lang === 'he' ? 'תוכן' : 'Contents'}</h1><ol>${items}</ol></nav></body></html>`,
    );
  }
  const points = o.chapters
    .map(
      (c, i) =>
        `<navPoint id="np${i + 1}" playOrder="${i + 1}"><navLabel><text>${esc(c.title)}</text></navLabel><content src="${targets[i]}"/></navPoint>`,
    )
    .join('');
  files['OEBPS/toc.ncx'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE ncx PUBLIC "-//NISO//DTD ncx 2005-1//EN" "http://www.daisy.org/z3986/2005/ncx-2005-1.dtd">\n<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head><meta name="dtb:uid" content="test"/></head><docTitle><text>${esc(title)}</text></docTitle><navMap>${points}</navMap></ncx>`,
  );

  const manifestDocs = o.manifestReversed ? [...docs].reverse() : docs;
  const manifest = [
    ...manifestDocs.map(
      (d) => `<item id="${d.id}" href="${esc(d.href)}" media-type="application/xhtml+xml"/>`,
    ),
    '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>',
    '<item id="cover" href="images/cover.png" media-type="image/png"/>',
    version === 3
      ? `<item id="nav" href="${navHref}" media-type="application/xhtml+xml" properties="nav"/>`
      : '',
  ].join('');
  const spine = docs.map((d) => `<itemref idref="${d.id}"/>`).join('');
  const direction = lang === 'he' ? ' page-progression-direction="rtl"' : '';
  files['OEBPS/content.opf'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="${version}.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">test-${lang}-${version}</dc:identifier><dc:title>${esc(title)}</dc:title><dc:language>${lang}</dc:language></metadata><manifest>${manifest}</manifest><spine toc="ncx"${direction}>${spine}</spine></package>`,
  );
  return Buffer.from(zipSync(files, { level: 6 }));
}
