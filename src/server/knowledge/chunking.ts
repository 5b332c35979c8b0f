/**
 * Splits a text into passages for retrieval: about MIN..MAX characters each, cut between
 * paragraphs where possible, else between sentences, else between words; each passage after
 * the first repeats the last sentences of the one before (up to OVERLAP characters), so a
 * fact that straddles a cut is still whole in one passage.
 */
export const CHUNK = { min: 800, max: 1500, overlap: 200 } as const;

interface Unit {
  text: string;
  /** Index of the paragraph the unit belongs to. */
  para: number;
}

const SENTENCE_END = /(?<=[.!?…׃:;])\s+|(?<=[.!?…]["'”’)\]])\s+/u;

/** Paragraphs: blank lines, or single line breaks in texts that use them as paragraphs. */
function paragraphs(text: string): string[] {
  const normalised = text.replace(/\r\n?/g, '\n').replace(/[ \t\f\v\u00A0]+/g, ' ');
  const blocks = normalised.split(/\n\s*\n/);
  const out: string[] = [];
  for (const block of blocks) {
    const lines = block
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    // A block of short lines (a poem, a list, headings) stays together; long lines are paragraphs.
    const longLines = lines.filter((l) => l.length > 200).length;
    if (lines.length > 1 && longLines >= lines.length / 2) out.push(...lines);
    else out.push(lines.join('\n'));
  }
  return out;
}

/** Pieces no longer than `max`: sentences, and words for a sentence that is longer still. */
function pieces(paragraph: string, max: number): string[] {
  if (paragraph.length <= max) return [paragraph];
  const out: string[] = [];
  for (const sentence of paragraph.split(SENTENCE_END)) {
    if (!sentence) continue;
    if (sentence.length <= max) {
      out.push(sentence);
      continue;
    }
    let line = '';
    for (const word of sentence.split(/\s+/)) {
      if (line && line.length + 1 + word.length > max) {
        out.push(line);
        line = '';
      }
      // A "word" longer than a passage (a URL, a base64 blob) is cut where it must be.
      for (let w = word; w.length > 0; w = w.slice(max)) {
        const part = w.slice(0, max);
        if (part.length === max) out.push(part);
        else line = line ? `${line} ${part}` : part;
      }
    }
    if (line) out.push(line);
  }
  return out;
}

function join(units: Unit[]): string {
  let s = '';
  for (let i = 0; i < units.length; i++) {
    if (i > 0) s += units[i]!.para === units[i - 1]!.para ? ' ' : '\n\n';
    s += units[i]!.text;
  }
  return s;
}

const length = (units: Unit[]) => units.reduce((n, u) => n + u.text.length + 2, 0);

export function chunkText(
  text: string,
  opts: { min?: number; max?: number; overlap?: number } = {},
): string[] {
  const min = opts.min ?? CHUNK.min;
  const max = opts.max ?? CHUNK.max;
  const overlap = opts.overlap ?? CHUNK.overlap;
  // Units leave room for the overlap carried into the next passage.
  const unitMax = Math.max(100, Math.floor((max - overlap) / 2));
  const units: Unit[] = [];
  paragraphs(text).forEach((p, para) => {
    for (const t of pieces(p, unitMax)) {
      // Long paragraphs are cut at sentences so the overlap can carry a sentence or two.
      if (t.length > overlap) units.push(...sentences(t, para));
      else units.push({ text: t, para });
    }
  });

  const chunks: string[] = [];
  let current: Unit[] = [];
  let fresh = 0; // units in `current` that no earlier passage holds
  const emit = () => {
    if (fresh === 0) return;
    chunks.push(join(current));
    const carry: Unit[] = [];
    let n = 0;
    for (let i = current.length - 1; i > 0; i--) {
      const u = current[i]!;
      if (n + u.text.length > overlap) break;
      carry.unshift(u);
      n += u.text.length + 1;
    }
    current = carry;
    fresh = 0;
  };
  for (const u of units) {
    const size = length(current);
    const newParagraph = current.length > 0 && u.para !== current[current.length - 1]!.para;
    if (fresh > 0 && (size + u.text.length + 2 > max || (newParagraph && size >= min))) emit();
    current.push(u);
    fresh++;
  }
  emit();
  return chunks;
}

function sentences(text: string, para: number): Unit[] {
  return text
    .split(SENTENCE_END)
    .filter((s) => s.trim())
    .map((s) => ({ text: s.trim(), para }));
}
