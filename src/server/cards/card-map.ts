import { VOICES } from '../../protocol/constants.ts';
import type { Lang } from '../../protocol/errors.ts';
import { LORE_LIMITS, type Lorebook } from '../../protocol/lorebook.ts';
import type { ParsedCard } from './card-data.ts';
import { bookFromCard, bookToCard, noteFromCard } from './card-lore.ts';
import type { MessageVars } from '../wording.ts';
import type { cardsMessages } from '../wording/cards.ts';

/** Something an import could not keep, named by its message (worded in the importer's language). */
export interface Lost {
  key: keyof typeof cardsMessages;
  vars?: MessageVars;
}

/**
 * A card's fields and a character's, both ways. A character has two prompt texts where a
 * card has several: the card's description, personality, system prompt and post-history
 * instructions go into `personality`; its scenario, example dialogue and alternate
 * greetings into `background`, each after a heading of its own (in the importer's language).
 * The model reads them as written; export finds them again by their headings, so a card
 * comes back out as it went in. The creator notes (shown to readers, never in prompts) are
 * the character's public description; tags that name a category are categories, the others
 * free tags; the lorebook keeps its keys and settings (card-lore.ts), the character's note
 * (`extensions.depth_prompt`) is a field of its own, and the card's creator and version are
 * kept to be given back. Macros (`{{char}}`, `{{user}}`) stay as written (friends/macros.ts).
 */
const HEADINGS = {
  personality: { en: '## Personality', he: '## אישיות' },
  system: { en: '## System prompt', he: '## הנחיות מערכת' },
  post: { en: '## Instructions after the conversation', he: '## הנחיות אחרי השיחה' },
  examples: { en: '## Example dialogue', he: '## דוגמת שיחה' },
  greetings: { en: '## Other greetings', he: '## פתיחות נוספות' },
} as const;
type Section = keyof typeof HEADINGS;

/** Alternate greetings are separated by a line of their own. */
const GREETING_SEPARATOR = '\n---\n';
/** Our own settings travel in the card's `extensions`, namespaced as the specification asks. */
const EXTENSION_KEY = 'sefer';

export const LIMITS = {
  friendname: 200,
  description: 2_000,
  prompt: 200_000,
  subject: 300,
  contents: 2_000_000,
};

function joinSections(main: string, parts: [Section, string][], lang: Lang): string {
  const blocks = [main.trim()];
  for (const [key, text] of parts) {
    if (text.trim()) blocks.push(`${HEADINGS[key][lang]}\n${text.trim()}`);
  }
  return blocks.filter(Boolean).join('\n\n');
}

/** The text before the first heading, and each section's text, headings in either language. */
export function splitSections(text: string): { main: string } & Partial<Record<Section, string>> {
  const byLine = new Map<string, Section>();
  for (const [key, h] of Object.entries(HEADINGS) as [Section, Record<Lang, string>][]) {
    byLine.set(h.en, key);
    byLine.set(h.he, key);
  }
  const out: { main: string } & Partial<Record<Section, string>> = { main: '' };
  let current: Section | 'main' = 'main';
  const lines: Record<string, string[]> = { main: [] };
  for (const line of text.split('\n')) {
    const key = byLine.get(line.trim());
    if (key) {
      current = key;
      lines[key] ??= [];
    } else {
      (lines[current] ??= []).push(line);
    }
  }
  for (const [key, ls] of Object.entries(lines)) {
    (out as Record<string, string>)[key] = ls.join('\n').trim();
  }
  return out;
}

export interface CharacterFields {
  friendname: string;
  personality: string;
  background: string;
  description: string;
  firstprompt: string;
  voice: string;
  voiceInstructions: string;
  temp: number;
  topP: number;
  category: number;
  note: string;
  noteDepth: number;
  noteRole: string;
  lorebook: Lorebook | null;
  tags: string[];
  cardCreator: string;
  cardVersion: string;
}

export type CardIcon =
  { kind: 'png' } | { kind: 'data'; data: Buffer } | { kind: 'url'; url: string };

export interface Imported {
  fields: CharacterFields;
  knowledge: { subject: string; contents: string }[];
  icon: CardIcon | null;
  lost: Lost[];
}

const slider = (v: unknown, fallback: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 10 && v <= 100 ? v : fallback;

function cut(text: string, max: number, field: string, cuts: string[]): string {
  if (text.length <= max) return text;
  cuts.push(field);
  return text.slice(0, max);
}

/** The main picture named by a V3 card's assets (or the PNG itself). */
function iconOf(card: ParsedCard, fromPng: boolean, lost: Lost[]): CardIcon | null {
  const assets = card.data.assets ?? [];
  const icons = assets.filter((a) => a.type === 'icon');
  const main = icons.find((a) => a.name === 'main') ?? icons[0];
  const others = assets.length - (main ? 1 : 0);
  if (others > 0) lost.push({ key: 'lostAssets', vars: { n: String(others) } });
  if (!main || main.uri === 'ccdefault:') return fromPng ? { kind: 'png' } : null;
  const data = /^data:image\/(png|jpeg|webp|gif);base64,([A-Za-z0-9+/=\s]+)$/.exec(main.uri);
  if (data) return { kind: 'data', data: Buffer.from(data[2]!, 'base64') };
  if (/^https:\/\/[^\s"'<>\\]{1,480}$/.test(main.uri)) return { kind: 'url', url: main.uri };
  return fromPng ? { kind: 'png' } : null;
}

/** A card as a new character's fields, its knowledge, its picture and what could not be kept. */
export function cardToCharacter(
  card: ParsedCard,
  opts: {
    lang: Lang;
    fromPng: boolean;
    categories: { id: number; name: string }[];
    maxSubjects: number;
  },
): Imported {
  const d = card.data;
  const lost: Lost[] = [];
  const cuts: string[] = [];
  const personality = joinSections(
    d.description,
    [
      ['personality', d.personality],
      ['system', d.system_prompt],
      ['post', d.post_history_instructions],
    ],
    opts.lang,
  );
  const background = joinSections(
    d.scenario,
    [
      ['examples', d.mes_example],
      ['greetings', d.alternate_greetings.map((g) => g.trim()).join(GREETING_SEPARATOR)],
    ],
    opts.lang,
  );
  let category = 0;
  const free: string[] = [];
  for (const tag of d.tags) {
    const found = opts.categories.find((c) => c.name.toLowerCase() === tag.trim().toLowerCase());
    const t = tag.trim().slice(0, LORE_LIMITS.tag);
    if (found) category |= found.id;
    else if (t && !free.some((f) => f.toLowerCase() === t.toLowerCase())) free.push(t);
  }
  if (free.length > LORE_LIMITS.tags) {
    lost.push({ key: 'lostTags', vars: { tags: free.slice(LORE_LIMITS.tags).join(', ') } });
  }

  const { [EXTENSION_KEY]: ours, depth_prompt: depthPrompt, ...others } = d.extensions;
  const own = (typeof ours === 'object' && ours !== null ? ours : {}) as Record<string, unknown>;
  const voice = typeof own.voice === 'string' && VOICES.some((v) => v.voice === own.voice);
  if (Object.keys(others).length) {
    lost.push({ key: 'lostExtensions', vars: { keys: Object.keys(others).join(', ') } });
  }
  if (d.group_only_greetings.length) {
    lost.push({ key: 'lostGroupGreetings', vars: { n: String(d.group_only_greetings.length) } });
  }
  if (d.nickname?.trim()) lost.push({ key: 'lostNickname', vars: { name: d.nickname.trim() } });
  if (d.source?.length) lost.push({ key: 'lostSource' });
  let notes = d.creator_notes;
  const multi = d.creator_notes_multilingual ?? {};
  if (!notes.trim()) notes = multi[opts.lang] ?? multi.en ?? Object.values(multi)[0] ?? '';
  const otherLangs = Object.keys(multi).filter((k) => multi[k] !== notes);
  if (otherLangs.length)
    lost.push({ key: 'lostNotesLanguages', vars: { langs: otherLangs.join(', ') } });

  const fields: CharacterFields = {
    friendname: cut(d.name.trim(), LIMITS.friendname, 'name', cuts),
    personality: cut(personality, LIMITS.prompt, 'description', cuts),
    background: cut(background, LIMITS.prompt, 'scenario', cuts),
    description: cut(notes.trim(), LIMITS.description, 'creator_notes', cuts),
    firstprompt: cut(d.first_mes.trim(), LIMITS.prompt, 'first_mes', cuts),
    voice: voice ? (own.voice as string) : '',
    voiceInstructions:
      typeof own.voice_instructions === 'string'
        ? own.voice_instructions.slice(0, LIMITS.description)
        : '',
    temp: slider(own.temp, 80),
    topP: slider(own.top_p, 20),
    category,
    note: '',
    noteDepth: 4,
    noteRole: 'system',
    lorebook: null,
    tags: free.slice(0, LORE_LIMITS.tags),
    cardCreator: d.creator.trim().slice(0, LORE_LIMITS.creator),
    cardVersion: d.character_version.trim().slice(0, LORE_LIMITS.version),
  };
  const note = noteFromCard(depthPrompt, cuts);
  if (note) {
    fields.note = note.prompt;
    fields.noteDepth = note.depth;
    fields.noteRole = note.role;
  }
  const book = bookFromCard(d.character_book, cuts);
  fields.lorebook = book.lorebook;
  let knowledge = book.knowledge.map((k) => ({
    subject: k.subject.slice(0, LIMITS.subject),
    contents: k.contents.slice(0, LIMITS.contents),
  }));
  if (knowledge.length > opts.maxSubjects) {
    lost.push({
      key: 'lostBookTooMany',
      vars: { max: String(opts.maxSubjects), n: String(knowledge.length - opts.maxSubjects) },
    });
    knowledge = knowledge.slice(0, opts.maxSubjects);
  }
  const icon = iconOf(card, opts.fromPng, lost);
  if (cuts.length) lost.push({ key: 'lostCut', vars: { fields: cuts.join(', ') } });
  return { fields, knowledge, icon, lost };
}

export interface ExportSource {
  friend: CharacterFields & { createdAt: Date; lastupdate: Date; fromCard: number };
  knowledge: { subject: string; contents: string }[];
  /** The category names (free tags are the friend's own). */
  tags: string[];
  /** The account's name, written as `creator` for a character made here. */
  creator: string;
  /** The main picture for a JSON card (a data: or https: address); PNG cards are the picture. */
  iconUri: string | null;
  spec: 'v2' | 'v3';
}

/** A character as a V3 card (the V2 fields kept for older readers), or as a plain V2 card. */
export function characterToCard(s: ExportSource): Record<string, unknown> {
  const p = splitSections(s.friend.personality);
  const b = splitSections(s.friend.background);
  const v3 = s.spec === 'v3';
  const f = s.friend;
  const characterBook = bookToCard(f.lorebook, s.knowledge, f.friendname, v3);
  const data: Record<string, unknown> = {
    name: s.friend.friendname,
    description: p.main,
    personality: p.personality ?? '',
    scenario: b.main,
    first_mes: s.friend.firstprompt,
    mes_example: b.examples ?? '',
    creator_notes: s.friend.description,
    system_prompt: p.system ?? '',
    post_history_instructions: p.post ?? '',
    alternate_greetings: b.greetings
      ? b.greetings
          .split(/\n---\n/)
          .map((g) => g.trim())
          .filter(Boolean)
      : [],
    tags: [...s.tags, ...f.tags.filter((t) => !s.tags.includes(t))],
    creator: f.fromCard ? f.cardCreator : f.cardCreator || s.creator,
    character_version: f.cardVersion,
    extensions: {
      ...(f.note.trim()
        ? { depth_prompt: { prompt: f.note, depth: f.noteDepth, role: f.noteRole } }
        : {}),
      [EXTENSION_KEY]: {
        voice: s.friend.voice,
        voice_instructions: s.friend.voiceInstructions,
        temp: s.friend.temp,
        top_p: s.friend.topP,
      },
    },
    ...(characterBook ? { character_book: characterBook } : {}),
  };
  if (!v3) return { spec: 'chara_card_v2', spec_version: '2.0', data };
  const ext = !s.iconUri
    ? 'png'
    : s.iconUri.startsWith('data:image/')
      ? s.iconUri.slice(11, s.iconUri.indexOf(';'))
      : (/\.([a-z0-9]{2,5})(?:[?#]|$)/i.exec(s.iconUri)?.[1]?.toLowerCase() ?? 'unknown');
  return {
    spec: 'chara_card_v3',
    spec_version: '3.0',
    data: {
      ...data,
      group_only_greetings: [],
      assets: [{ type: 'icon', uri: s.iconUri ?? 'ccdefault:', name: 'main', ext }],
      creation_date: Math.floor(s.friend.createdAt.getTime() / 1000),
      modification_date: Math.floor(s.friend.lastupdate.getTime() / 1000),
    },
  };
}
