import type { Lang } from '../i18n/language.ts';

/** The help topics: one per studio field and per dialog (sections of /help.txt). */
export const HELP_TOPICS = [
  'id',
  'name',
  'image',
  'description',
  'type',
  'category',
  'public',
  'access',
  'personality',
  'firstprompt',
  'voice',
  'voice_instructions',
  'model',
  'temp',
  'top_p',
  'background',
  'editor',
  'imagepicker',
  'files',
  'gdocs',
  'knowledge',
  'delete',
] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

export type HelpBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };
export interface HelpSection {
  title: string;
  blocks: HelpBlock[];
}

const HEADER = /^\[(he|en):([a-z_]+)\]\s*$/;

/** All sections of help.txt, keyed 'lang:topic' (the file's top comment says the format). */
export function parseHelp(source: string): Map<string, HelpSection> {
  const sections = new Map<string, HelpSection>();
  let current: HelpSection | null = null;
  let para: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (!current) return;
    if (para.length) current.blocks.push({ kind: 'paragraph', text: para.join(' ') });
    if (list.length) current.blocks.push({ kind: 'list', items: list });
    para = [];
    list = [];
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const header = HEADER.exec(line);
    if (header) {
      flush();
      current = { title: '', blocks: [] };
      sections.set(`${header[1]}:${header[2]}`, current);
      continue;
    }
    if (!current) continue; // the comment at the top
    if (!current.title) {
      if (line) current.title = line;
      continue;
    }
    if (!line) {
      flush();
    } else if (line.startsWith('- ')) {
      if (para.length) flush();
      list.push(line.slice(2).trim());
    } else {
      if (list.length) flush();
      para.push(line);
    }
  }
  flush();
  return sections;
}

/** The section for the topic in the UI language, else in the other one. */
export function helpSection(
  sections: Map<string, HelpSection>,
  topic: string,
  lang: Lang,
): HelpSection | null {
  const other: Lang = lang === 'he' ? 'en' : 'he';
  return sections.get(`${lang}:${topic}`) ?? sections.get(`${other}:${topic}`) ?? null;
}
