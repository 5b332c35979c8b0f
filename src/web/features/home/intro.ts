import type { Lang } from '../../shared/i18n/language.ts';

export interface IntroBlock {
  kind: 'title' | 'paragraph';
  text: string;
}

/**
 * intro.txt holds the Hebrew half, a line of '=====', then the English half. In a half,
 * a line starting with '# ' is a title and blank lines separate paragraphs.
 */
export function parseIntro(source: string, lang: Lang): IntroBlock[] {
  const halves = source.replace(/\r\n?/g, '\n').split(/^=====\s*$/m);
  const half = (lang === 'en' ? halves[1] : halves[0]) ?? halves[0] ?? '';
  const blocks: IntroBlock[] = [];
  let lines: string[] = [];
  const flush = () => {
    if (lines.length) blocks.push({ kind: 'paragraph', text: lines.join(' ') });
    lines = [];
  };
  for (const raw of half.split('\n')) {
    const line = raw.trim();
    if (raw.startsWith('# ')) {
      flush();
      blocks.push({ kind: 'title', text: line.slice(2).trim() });
    } else if (!line) {
      flush();
    } else {
      lines.push(line);
    }
  }
  flush();
  return blocks;
}
