/**
 * Text as a voice should say it: Markdown marks, URLs, e-mail addresses, emoji and symbols
 * would otherwise be read out character by character ("asterisk asterisk", "h t t p s colon")
 * or skipped. Words (with or without niqqud) and digits stay: every engine we use reads
 * numbers in the text's language itself.
 */
const WORDS = {
  he: {
    dot: 'נקודה',
    at: 'שטרודל',
    percent: 'אחוז',
    and: 'ו',
    shekel: 'שקלים',
    dollar: 'דולר',
    euro: 'אירו',
    plus: 'פלוס',
    equals: 'שווה',
    degrees: 'מעלות',
    link: 'קישור',
  },
  en: {
    dot: 'dot',
    at: 'at',
    percent: 'percent',
    and: 'and',
    shekel: 'shekels',
    dollar: 'dollars',
    euro: 'euros',
    plus: 'plus',
    equals: 'equals',
    degrees: 'degrees',
    link: 'link',
  },
} as const;

export type SpeakLang = keyof typeof WORDS;

/** Hebrew when the text has Hebrew letters (or the caller says so), else English. */
export function speechLang(text: string, hint?: string | null): SpeakLang {
  const hebrew = (text.match(/[\u05D0-\u05EA]/g) ?? []).length;
  const latin = (text.match(/[A-Za-z]/g) ?? []).length;
  if (hebrew > 0 && hebrew >= latin / 3) return 'he';
  if (latin > 0) return 'en';
  return hint === 'en' ? 'en' : 'he';
}

/** "www.example.co.il/path" -> "example dot co dot il" (the path is not worth hearing). */
function sayHost(url: string, w: (typeof WORDS)[SpeakLang]): string {
  let host = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^www\./i, '');
  host = host.split(/[/?#]/)[0] ?? host;
  return host.split('.').filter(Boolean).join(` ${w.dot} `);
}

export function speakable(input: string, lang: SpeakLang): string {
  const w = WORDS[lang];
  let t = input;
  // Code blocks are not prose: say that there is code rather than reading it.
  t = t.replace(/```[\s\S]*?```/g, ' ');
  t = t.replace(/`([^`]*)`/g, '$1');
  // Images and links: their words, not their addresses.
  t = t.replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1');
  t = t.replace(/\[([^\]]+)\]\(([^)]*)\)/g, '$1');
  // Bare addresses: the host in words.
  t = t.replace(/\b(?:https?:\/\/|www\.)[^\s)<>\]]+/gi, (url) => sayHost(url, w));
  t = t.replace(
    /\b([A-Za-z0-9._%+-]+)@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)\b/g,
    (_, user: string, host: string) => `${user} ${w.at} ${sayHost(host, w)}`,
  );
  // Markdown: headings, quotes, list bullets, emphasis, tables, rules, HTML tags.
  t = t.replace(/<[^>]{1,200}>/g, ' ');
  t = t.replace(/^\s{0,3}(?:#{1,6}|>+|[-*+]|\d+[.)])\s+/gm, '');
  t = t.replace(/^\s*(?:[-*_]\s*){3,}$/gm, ' ');
  t = t.replace(/\*\*|__|~~|\*|(?<!\w)_(?!\w)/g, '');
  t = t.replace(/\|/g, ', ');
  // The app's own speaker tags "[Watson]:" read as the name.
  t = t.replace(/\[([^\]]{1,60})\]\s*:/g, '$1:');
  // Symbols said as words (numbers around them stay digits).
  t = t.replace(/(\d)\s*%/g, `$1 ${w.percent}`);
  t = t.replace(
    /₪\s*(\d[\d,.]*)|(\d[\d,.]*)\s*₪/g,
    (_, a?: string, b?: string) => `${a ?? b} ${w.shekel}`,
  );
  t = t.replace(/\$\s*(\d[\d,.]*)/g, `$1 ${w.dollar}`);
  t = t.replace(
    /€\s*(\d[\d,.]*)|(\d[\d,.]*)\s*€/g,
    (_, a?: string, b?: string) => `${a ?? b} ${w.euro}`,
  );
  t = t.replace(/(\d)\s*°/g, `$1 ${w.degrees}`);
  t = t.replace(/\s&\s/g, ` ${w.and} `);
  t = t.replace(/(\d)\s*\+\s*(\d)/g, `$1 ${w.plus} $2`);
  t = t.replace(/(\d)\s*=\s*(\d)/g, `$1 ${w.equals} $2`);
  // Emoji and pictographs are not spoken; other runs of symbols are noise.
  t = t.replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu, '');
  t = t.replace(/[#*_=~^<>{}\\]+/g, ' ');
  return t
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** Letters and digits only, lower case: how a spoken sentence is found in its message. */
export function letters(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0591-\u05C7]/g, '')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase();
}
