import { chunkText } from './chunking.ts';

/**
 * Chapters and pages of a text, found when it is indexed (issue 18, the spoiler horizon).
 * A chapter heading is a short line of its own: "Chapter 7", "CHAPTER VII", "Chapter Seven",
 * "פרק 7", "פרק ז׳", "פרק שביעי" is not read (words are left to the editor, who can add the
 * line). PDF pages are separated by form feeds (extract.ts). Editors correct the headings in
 * the files manager; the file is then split again with their list.
 */
export interface ChapterHeading {
  /** The chapter number the heading starts. */
  n: number;
  /** The heading line as it stands in the text (trimmed). */
  line: string;
  /**
   * How many earlier lines of the text say the same (an EPUB's contents page lists every
   * chapter's title before the chapter itself); absent: none, the first such line.
   */
  skip?: number;
}

export interface IndexedPassage {
  content: string;
  /** 0 before the first heading; null when the text has no headings. */
  chapter: number | null;
  /** The page the passage starts on (texts with form-feed page breaks); null otherwise. */
  page: number | null;
}

const PAGE_BREAK = '\f';
const MAX_HEADING = 80;

const EN_WORDS =
  'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'.split(
    ' ',
  );
const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };
/** Letters and their values (final forms too). */
const HEBREW: Record<string, number> = Object.fromEntries(
  [...'אבגדהוזחטיכלמנסעפצקרשת'].map((c, i) => [
    c,
    i < 10 ? i + 1 : i < 19 ? (i - 8) * 10 : (i - 17) * 100,
  ]),
);
for (const [final, plain] of ['ךכ', 'םמ', 'ןנ', 'ףפ', 'ץצ']) HEBREW[final!] = HEBREW[plain!]!;

function roman(s: string): number | null {
  if (!/^[ivxlcdm]+$/i.test(s)) return null;
  let n = 0;
  const d = [...s.toLowerCase()].map((c) => ROMAN[c]!);
  d.forEach((v, i) => (n += v < (d[i + 1] ?? 0) ? -v : v));
  return n > 0 ? n : null;
}

/** Hebrew numerals: letters of non-increasing value ("יב", "קכ״ג"), no final forms. */
function gematria(s: string): number | null {
  const letters = [...s.replace(/["'׳״]/g, '')];
  if (
    !letters.length ||
    letters.length > 4 ||
    letters.some((c) => !(c in HEBREW) || /[ךםןףץ]/.test(c))
  )
    return null;
  const values = letters.map((c) => HEBREW[c]!);
  if (values.some((v, i) => i > 0 && v > values[i - 1]!)) return null;
  return values.reduce((a, b) => a + b, 0);
}

/**
 * "Chapter 7", "Chapter 7: The storm", "CHAPTER VII", "Chapter Seven." A number in words (or
 * Hebrew letters without a geresh) must end the line or be followed by punctuation, so that
 * "Chapter one was dull" or "פרק זמן ארוך" is not a heading.
 */
const EN_HEADING = /^chapter\s+([0-9]{1,4}|[ivxlcdm]{1,8}|[a-z]+)(?=$|\s|[.:,—–-])(.*)$/i;
const HE_HEADING = /^פרק\s+([0-9]{1,4}|[א-ת]{1,4}["'׳״]?[א-ת]?)(?=$|\s|[.:,—–-])(.*)$/u;
const TITLE_AFTER_WORD = /^\s*(?:$|[.:,—–-])/;

/** The chapter number a line announces, or null when it is not a heading. */
export function headingNumber(line: string): number | null {
  const l = line.trim();
  if (!l || l.length > MAX_HEADING) return null;
  const en = EN_HEADING.exec(l);
  if (en) {
    const w = en[1]!.toLowerCase();
    if (/^\d+$/.test(w)) return Number(w);
    const n = EN_WORDS.indexOf(w) + 1 || roman(w);
    return n && (/^[ivxlcdm]+$/.test(w) || TITLE_AFTER_WORD.test(en[2]!)) ? n : null;
  }
  const he = HE_HEADING.exec(l);
  if (he) {
    const w = he[1]!;
    if (/^\d+$/.test(w)) return Number(w);
    const n = gematria(w);
    return n && (/["'׳״]/.test(w) || TITLE_AFTER_WORD.test(he[2]!)) ? n : null;
  }
  return null;
}

/** The chapter headings found in a text, in order. */
export function detectChapters(text: string): ChapterHeading[] {
  const out: ChapterHeading[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\f/g, '').trim();
    const n = headingNumber(line);
    if (n !== null) out.push({ n, line });
  }
  return out;
}

/**
 * The text's passages, each with its chapter and page. Chapters and pages are cut apart
 * first, so no passage straddles two chapters (a horizon at chapter 7 must not let a line of
 * chapter 8 through) and each passage's page is the page it is on.
 */
export function indexText(
  text: string,
  headings: ChapterHeading[] = detectChapters(text),
): IndexedPassage[] {
  const hasPages = text.includes(PAGE_BREAK);
  const out: IndexedPassage[] = [];
  let chapter: number | null = headings.length ? 0 : null;
  let next = 0;
  let page = 1;
  let lines: string[] = [];
  /** How often each heading's line has been passed so far. */
  const headingLines = new Set(headings.map((h) => h.line));
  const passed = new Map<string, number>();
  const flush = () => {
    const body = lines.join('\n');
    lines = [];
    for (const content of chunkText(body)) {
      out.push({ content, chapter, page: hasPages ? page : null });
    }
  };
  for (const raw of text.split('\n')) {
    const breaks = raw.split(PAGE_BREAK);
    for (let b = 0; b < breaks.length; b++) {
      if (b > 0) {
        flush();
        page++;
      }
      const piece = breaks[b]!;
      const h = headings[next];
      const line = piece.trim();
      const before = headingLines.has(line) ? (passed.get(line) ?? 0) : 0;
      if (h && line === h.line && before >= (h.skip ?? 0)) {
        flush();
        chapter = h.n;
        next++;
      }
      if (headingLines.has(line)) passed.set(line, before + 1);
      lines.push(piece);
    }
  }
  flush();
  return out;
}
