import { z } from 'zod';
import type { ChatEngine } from '../ai/engine.ts';
import type { Log } from '../rpc/context.ts';
import { words } from '../ai/offline.ts';

/** What the director knows of a character in the group. */
export interface Member {
  friendid: string;
  friendname: string;
  description: string;
  personality: string;
  background: string;
  model: string | null;
}

/** How the speakers were chosen (tests and logs read it). */
export type Choice = 'asked' | 'mention' | 'director' | 'relevance';

/** Most speakers in one turn before the user speaks again. */
export const MAX_SPEAKERS = 3;

/** The director's request is found by this tag (logs, and the tests' fake server). */
export const DIRECTOR_TAG = '[director]';

const ALL = /(^|[^\p{L}])(everyone|everybody|all of you|כולם|כולכם)([^\p{L}]|$)/iu;

/** Names a character answers to: its id, its full name, and its first name when distinctive. */
function handles(m: Member): string[] {
  const first = m.friendname.split(/\s+/u)[0] ?? '';
  return [m.friendid, m.friendname, ...(first.length >= 3 ? [first] : [])]
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

/** Characters called with "@name" (or "@id"), in the order the text calls them. */
export function atMentions(text: string, members: Member[]): Member[] {
  const lower = text.toLowerCase();
  const found: { m: Member; at: number }[] = [];
  for (const m of members) {
    let best = -1;
    for (const h of handles(m)) {
      const at = lower.indexOf(`@${h}`);
      if (at >= 0 && (best < 0 || at < best)) best = at;
    }
    if (best >= 0) found.push({ m, at: best });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.m);
}

/** Characters a text speaks to by name (with or without "@"), in order; `self` excluded. */
export function addressed(text: string, members: Member[], self?: Member): Member[] {
  const lower = text.toLowerCase();
  const found: { m: Member; at: number }[] = [];
  for (const m of members) {
    if (self && m.friendid === self.friendid) continue;
    let best = -1;
    for (const h of handles(m)) {
      // A whole word: not inside a longer one (Hebrew letters count as letters).
      const re = new RegExp(
        `(^|[^\\p{L}])@?${h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[^\\p{L}])`,
        'iu',
      );
      const hit = re.exec(lower);
      if (hit && (best < 0 || hit.index < best)) best = hit.index;
    }
    if (best >= 0) found.push({ m, at: best });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.m);
}

/** How many may answer: never everyone by rote, unless the user speaks to everyone. */
export function speakerCap(message: string, members: number): number {
  if (ALL.test(message)) return Math.min(members, MAX_SPEAKERS + 1);
  return Math.max(1, Math.min(MAX_SPEAKERS, members >= 3 ? members - 1 : members));
}

/**
 * Without a model: the characters whose own texts share the most words with the message;
 * a second one when it is nearly as relevant; none relevant: whoever spoke least recently.
 */
export function byRelevance(message: string, members: Member[], recent: string[]): Member[] {
  const q = new Set(words(message));
  const scored = members
    .map((m, i) => {
      const own = new Set(
        words(`${m.friendname} ${m.description} ${m.personality} ${m.background}`),
      );
      let score = 0;
      for (const w of q) if (own.has(w)) score++;
      return { m, i, score };
    })
    .sort((a, b) => b.score - a.score || a.i - b.i);
  const top = scored[0];
  if (!top) return [];
  if (top.score === 0) {
    // Least recently heard first: the last speaker waits.
    const last = (id: string) => recent.lastIndexOf(id);
    return [[...members].sort((a, b) => last(a.friendid) - last(b.friendid))[0]!];
  }
  const second = scored[1];
  return second && second.score > 0 && second.score * 2 >= top.score ? [top.m, second.m] : [top.m];
}

export interface DirectorInput {
  engine: ChatEngine;
  members: Member[];
  message: string;
  /** The character the user asked by button. */
  to?: string | undefined;
  /** The last lines of the conversation, "Name: text". */
  transcript: string[];
  /** Who spoke lately, oldest first (for turn-taking without a model). */
  recent: string[];
  lang: 'he' | 'en';
  /** The request's log (a failed director call is said there, with the request id). */
  log: Log;
  /** Reports the director's own model call (usage). */
  onUsage?: (model: string, usage: { inputTokens: number; outputTokens: number }) => void;
}

/** The director's answer, as the provider is asked to give it (a structured answer). */
const Speakers = z.object({
  speakers: z.array(z.string()).describe('the ids of the characters who answer, in order'),
});

/** Asks the model who should answer; null offline or when it gave no usable answer (logged). */
async function askModel(d: DirectorInput, cap: number): Promise<Member[] | null> {
  const model = d.members[0]!.model;
  if (!d.engine.resolver.resolve(model).model) return null; // offline: no one to ask
  const roster = d.members
    .map((m) => `- ${m.friendid}: ${m.friendname}. ${m.description}`.trim())
    .join('\n');
  const system = [
    'You direct a group conversation between a user and book characters.',
    'Decide who should answer the user now, and in what order: usually one character,',
    `sometimes two or three when each has something of their own to add (at most ${cap}).`,
    'Prefer the characters the message is about or whose knowledge fits it; let a character',
    'answer another when the conversation calls for it. Do not make everyone answer by rote.',
    'Answer with the ids of the characters who speak, in order.',
  ].join('\n');
  const user = [
    DIRECTOR_TAG,
    'Characters:',
    roster,
    '',
    'Conversation so far (last lines):',
    d.transcript.slice(-12).join('\n') || '(none)',
    '',
    `The user's new message: ${d.message}`,
  ].join('\n');
  try {
    const r = await d.engine.object(
      {
        model,
        system,
        messages: [{ role: 'user', content: user }],
        temperature: 0.2,
        maxOutputTokens: 100,
      },
      Speakers,
    );
    if (!r) return null;
    d.onUsage?.(r.model, r.usage);
    const chosen: Member[] = [];
    for (const id of r.value.speakers) {
      const m = d.members.find((x) => x.friendid.toLowerCase() === id.toLowerCase());
      if (m && !chosen.includes(m)) chosen.push(m);
    }
    if (!chosen.length) d.log.warn({ answered: r.value.speakers }, 'the director named no member');
    return chosen.length ? chosen.slice(0, cap) : null;
  } catch (err) {
    d.log.warn({ err }, 'the director gave no usable answer; speakers chosen by relevance');
    return null;
  }
}

/**
 * Who answers this turn, in order: the character the user asked for; else the ones called
 * with "@"; else the director (a short model call); else, with no model, by relevance.
 */
export async function chooseSpeakers(
  d: DirectorInput,
): Promise<{ speakers: Member[]; by: Choice }> {
  if (d.to) {
    const m = d.members.find((x) => x.friendid.toLowerCase() === d.to!.toLowerCase());
    if (m) return { speakers: [m], by: 'asked' };
  }
  const cap = speakerCap(d.message, d.members.length);
  const at = atMentions(d.message, d.members);
  if (at.length) return { speakers: at.slice(0, cap), by: 'mention' };
  if (d.members.length === 1) return { speakers: [d.members[0]!], by: 'relevance' };
  const fromModel = await askModel(d, cap);
  if (fromModel) return { speakers: fromModel, by: 'director' };
  return { speakers: byRelevance(d.message, d.members, d.recent).slice(0, cap), by: 'relevance' };
}

/**
 * Keeps a character in its own voice: drops its own name tag at the start and cuts the answer
 * where it starts writing another character's lines ("Name:" or "[Name]:" on a new line).
 */
export function ownVoice(text: string, self: Member, members: Member[]): string {
  const tag = (h: string) => `\\[?${h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\]?\\s*:`;
  let out = text.replace(
    new RegExp(`^\\s*(\\*\\*)?(${handles(self).map(tag).join('|')})(\\*\\*)?\\s*`, 'iu'),
    '',
  );
  const others = members.filter((m) => m.friendid !== self.friendid).flatMap(handles);
  if (others.length) {
    const re = new RegExp(`(^|\\n)\\s*(\\*\\*)?(${others.map(tag).join('|')})`, 'iu');
    const hit = re.exec(out);
    if (hit) out = out.slice(0, hit.index);
  }
  return out.trim() || text.trim();
}
