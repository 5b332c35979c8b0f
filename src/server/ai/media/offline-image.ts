import { createHash } from 'node:crypto';
import { loadSharp } from '../../infra/load-sharp.ts';
import { seededRandom } from '../../infra/seeded-random.ts';

/**
 * The offline image generator: an original landscape-like picture composed from shapes whose
 * palette, layout and motifs come from a hash of the prompt (and a few words in it), so the
 * same prompt always gives the same picture. A small "OFFLINE" mark is drawn into the image
 * itself, with vector strokes (no font is needed on the machine).
 */

type Theme = 'night' | 'sea' | 'forest' | 'desert' | 'snow' | 'city' | 'abstract';

/** Words (he, en) that steer the motif; the first theme with a match wins. */
const THEME_WORDS: [Theme, string[]][] = [
  ['night', ['night', 'moon', 'star', 'dark', 'לילה', 'ירח', 'כוכב', 'כוכבים', 'חושך']],
  [
    'sea',
    [
      'sea',
      'ocean',
      'wave',
      'beach',
      'ship',
      'boat',
      'ים',
      'אוקיינוס',
      'גל',
      'חוף',
      'ספינה',
      'סירה',
    ],
  ],
  ['forest', ['forest', 'tree', 'wood', 'garden', 'יער', 'עץ', 'עצים', 'גן', 'יערות']],
  ['desert', ['desert', 'sand', 'dune', 'camel', 'מדבר', 'חול', 'דיונה', 'גמל']],
  ['snow', ['snow', 'winter', 'ice', 'frost', 'שלג', 'חורף', 'קרח', 'כפור']],
  [
    'city',
    [
      'city',
      'street',
      'house',
      'building',
      'tower',
      'town',
      'עיר',
      'רחוב',
      'בית',
      'בניין',
      'בתים',
      'בניינים',
      'מגדל',
    ],
  ],
];

const THEME_PALETTES: Record<Exclude<Theme, 'abstract'>, string[]> = {
  night: ['#0b1026', '#1d2b53', '#3a3f7a', '#7e6bbd', '#f4e9c1'],
  sea: ['#8fd3f4', '#2e86c1', '#1b4f72', '#0e2f44', '#fdf2c4'],
  forest: ['#cfe8c5', '#6aa84f', '#38761d', '#1e3d12', '#f6d77a'],
  desert: ['#fde2b8', '#f3b562', '#d9822b', '#8c4a1c', '#fff4d6'],
  snow: ['#e8f1f8', '#b8cfe0', '#7f9cb5', '#48627a', '#ffffff'],
  city: ['#ffd7ba', '#e07a5f', '#3d405b', '#22223b', '#f2cc8f'],
};

const ABSTRACT_PALETTES = [
  ['#f8f3e6', '#e9c46a', '#f4a261', '#e76f51', '#264653'],
  ['#fef9ef', '#a7c957', '#6a994e', '#386641', '#bc4749'],
  ['#f1faee', '#a8dadc', '#457b9d', '#1d3557', '#e63946'],
  ['#fff1e6', '#f0b6bc', '#c38eb4', '#6d597a', '#355070'],
  ['#edf6f9', '#83c5be', '#006d77', '#1b3a4b', '#ffddd2'],
  ['#fefae0', '#dda15e', '#bc6c25', '#606c38', '#283618'],
];

export function normalisePrompt(prompt: string): string {
  return prompt.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

const HEBREW_PREFIX = /^[והבלמשכ]{1,2}$/;

/**
 * Whole words only ("street" holds "tree", "עצים" holds "ים"): an English word may take a
 * plural s, a Hebrew one up to two one-letter prefixes (ו, ה, ב, ל, מ, ש, כ).
 */
function hasWord(tokens: string[], word: string): boolean {
  return tokens.some((t) => {
    if (t === word || t === `${word}s` || t === `${word}es`) return true;
    const at = t.length - word.length;
    return at > 0 && at <= 2 && t.endsWith(word) && HEBREW_PREFIX.test(t.slice(0, at));
  });
}

function themeOf(prompt: string): Theme {
  const tokens = prompt.split(/[^\p{L}]+/u).filter(Boolean);
  for (const [theme, words] of THEME_WORDS) if (words.some((w) => hasWord(tokens, w))) return theme;
  return 'abstract';
}

const f = (n: number) => Math.round(n * 10) / 10;

/** A ridge across the picture: a random walk of heights, closed at the bottom. */
function ridge(rand: () => number, w: number, h: number, base: number, rough: number, steps = 14) {
  const pts: string[] = [];
  let y = base;
  for (let i = 0; i <= steps; i++) {
    y = Math.min(h * 0.95, Math.max(h * 0.25, y + (rand() - 0.5) * rough));
    pts.push(`${f((i / steps) * w)},${f(y)}`);
  }
  return `M0,${h} L${pts.join(' L')} L${w},${h} Z`;
}

function motifs(theme: Theme, rand: () => number, w: number, h: number, pal: string[]): string {
  const out: string[] = [];
  const ground = h * 0.78;
  if (theme === 'night' || theme === 'snow') {
    const n = theme === 'night' ? 60 : 90;
    for (let i = 0; i < n; i++) {
      const r = f((theme === 'night' ? 0.8 : 1.5) + rand() * (w / 400));
      out.push(
        `<circle cx="${f(rand() * w)}" cy="${f(rand() * h * (theme === 'night' ? 0.6 : 1))}" r="${r}" fill="${pal[4]}" opacity="${f(0.4 + rand() * 0.6)}"/>`,
      );
    }
  }
  if (theme === 'forest') {
    for (let i = 0; i < 18; i++) {
      const x = rand() * w;
      const th = h * (0.12 + rand() * 0.18);
      const tw = th * 0.45;
      const y = ground + rand() * h * 0.12;
      out.push(
        `<path d="M${f(x)},${f(y - th)} L${f(x + tw / 2)},${f(y)} L${f(x - tw / 2)},${f(y)} Z" fill="${pal[2 + (i % 2)]}"/>`,
      );
    }
  }
  if (theme === 'city') {
    let x = 0;
    while (x < w) {
      const bw = w * (0.05 + rand() * 0.08);
      const bh = h * (0.2 + rand() * 0.35);
      out.push(
        `<rect x="${f(x)}" y="${f(ground - bh)}" width="${f(bw)}" height="${f(bh + h)}" fill="${pal[2 + Math.floor(rand() * 2)]}"/>`,
      );
      for (let wy = ground - bh + 10; wy < ground - 12; wy += 18)
        for (let wx = x + 6; wx < x + bw - 8; wx += 14)
          if (rand() < 0.45)
            out.push(
              `<rect x="${f(wx)}" y="${f(wy)}" width="6" height="8" fill="${pal[4]}" opacity="0.85"/>`,
            );
      x += bw + w * 0.01;
    }
  }
  if (theme === 'sea') {
    for (let i = 0; i < 4; i++) {
      const y = h * (0.62 + i * 0.09);
      let d = `M0,${f(y)}`;
      for (let x = 0; x <= w; x += w / 8)
        d += ` q${f(w / 32)},${f(-h * 0.02)} ${f(w / 16)},0 t${f(w / 16)},0`;
      out.push(
        `<path d="${d}" fill="none" stroke="${pal[4]}" stroke-width="${f(2 + rand() * 3)}" opacity="0.55"/>`,
      );
    }
  }
  if (theme === 'abstract') {
    for (let i = 0; i < 9; i++) {
      const r = w * (0.04 + rand() * 0.14);
      out.push(
        `<circle cx="${f(rand() * w)}" cy="${f(rand() * h)}" r="${f(r)}" fill="${pal[1 + Math.floor(rand() * 4)]}" opacity="${f(0.25 + rand() * 0.45)}"/>`,
      );
    }
  }
  return out.join('');
}

function sceneSvg(prompt: string, w: number, h: number): string {
  const digest = createHash('sha256').update(normalisePrompt(prompt)).digest();
  const rand = seededRandom(digest.readUInt32LE(0));
  const theme = themeOf(normalisePrompt(prompt));
  const pal =
    theme === 'abstract'
      ? ABSTRACT_PALETTES[digest[4]! % ABSTRACT_PALETTES.length]!
      : THEME_PALETTES[theme];
  const sunX = w * (0.15 + rand() * 0.7);
  const sunY = h * (0.15 + rand() * 0.25);
  const sunR = Math.min(w, h) * (0.06 + rand() * 0.08);
  const layers = [0.5, 0.62, 0.74]
    .map(
      (b, i) =>
        `<path d="${ridge(rand, w, h, h * b, h * (theme === 'desert' || theme === 'sea' ? 0.05 : 0.16))}" fill="${pal[1 + i]}" opacity="${i === 0 ? 0.7 : 1}"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${pal[theme === 'night' ? 0 : 1]}"/><stop offset="1" stop-color="${pal[theme === 'night' ? 2 : 0]}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${pal[4]}" stop-opacity="0.9"/><stop offset="1" stop-color="${pal[4]}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR * 2.6)}" fill="url(#glow)"/>
<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR)}" fill="${pal[4]}"/>
${layers}${motifs(theme, rand, w, h, pal)}
</svg>`;
}

/** O F L I N E as strokes on a 4×6 grid. */
const GLYPHS: Record<string, string> = {
  O: 'M0,0 H4 V6 H0 Z',
  F: 'M4,0 H0 V6 M0,3 H3',
  L: 'M0,0 V6 H4',
  I: 'M2,0 V6 M1,0 H3 M1,6 H3',
  N: 'M0,6 V0 L4,6 V0',
  E: 'M4,0 H0 V6 H4 M0,3 H3',
};

/** The visible mark: "OFFLINE" in a dark rounded box in the bottom corner. */
function markSvg(w: number, h: number): string {
  const unit = Math.max(1.5, Math.min(w, h) / 220);
  const word = 'OFFLINE';
  const pad = unit * 3;
  const boxW = word.length * 6 * unit - 2 * unit + pad * 2;
  const boxH = 6 * unit + pad * 2;
  const x0 = w - boxW - unit * 4;
  const y0 = h - boxH - unit * 4;
  const letters = [...word]
    .map(
      (c, i) =>
        `<path transform="translate(${f(x0 + pad + i * 6 * unit)},${f(y0 + pad)}) scale(${f(unit)})" d="${GLYPHS[c]}" fill="none" stroke="#fff" stroke-width="${f(0.9)}" stroke-linecap="square" stroke-linejoin="miter"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect x="${f(x0)}" y="${f(y0)}" width="${f(boxW)}" height="${f(boxH)}" rx="${f(unit * 2)}" fill="#000" fill-opacity="0.6"/>${letters}</svg>`;
}

export function parseSize(size: string | undefined): { width: number; height: number } {
  const m = size?.match(/^(\d{2,4})x(\d{2,4})$/);
  const clamp = (n: number) => Math.min(2048, Math.max(64, n));
  return m
    ? { width: clamp(Number(m[1])), height: clamp(Number(m[2])) }
    : { width: 1024, height: 1024 };
}

/**
 * Draws the picture for `prompt` as a PNG. With a reference image the scene is blended over
 * it (soft light), so the result visibly starts from the reference.
 */
export async function drawOfflineImage(opts: {
  prompt: string;
  size?: string | undefined;
  reference?: Buffer | undefined;
}): Promise<{ image: Buffer; width: number; height: number }> {
  const { width, height } = parseSize(opts.size);
  const sharp = await loadSharp();
  const scene = Buffer.from(sceneSvg(opts.prompt, width, height));
  const mark = { input: Buffer.from(markSvg(width, height)), top: 0, left: 0 };
  const base = opts.reference
    ? sharp(opts.reference)
        .resize(width, height, { fit: 'cover' })
        .composite([{ input: await sharp(scene).png().toBuffer(), blend: 'soft-light' }])
    : sharp(scene);
  // Two steps: sharp applies composites in one pass, and the mark must sit over the blend.
  const flat = await base.png().toBuffer();
  const image = await sharp(flat).composite([mark]).png().toBuffer();
  return { image, width, height };
}
