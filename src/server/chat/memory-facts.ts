import { z } from 'zod';
import type { FactChanges } from './memory-facts.repo.ts';

/** One line the memory reads: a message of the single chat, or a line of the group chat. */
export interface MemoryLine {
  id: number;
  role: string;
  content: string;
  /** Another character's line in a group chat, shown under its name. */
  other?: string;
}

/**
 * Marks the group chat's memory request (the character's own lines among the others'), so
 * logs and the tests' fake server tell it from a turn or a single chat's memory.
 */
export const GROUP_MEMORY_TAG = '[group memory]';

/**
 * The memory model call and what its answer does to the facts. The model sees the facts
 * with their ids and the new messages with theirs, and answers JSON: new facts, each with
 * the message it came from and the ids of the facts it replaces (a contradiction or an
 * update replaces; it is never added beside the old one), and facts to forget. The shape is
 * asked of the provider as a structured answer (engine.object) and validated by its schema.
 */
const MAX_FACT = 500;

/** The memory's answer as the provider is asked to give it (a structured answer). */
export const MemoryAnswer = z.object({
  facts: z
    .array(
      z.object({
        text: z.string(),
        source: z.coerce.number().int().nullable().optional().catch(null),
        replaces: z.array(z.coerce.number().int()).optional().catch([]),
      }),
    )
    .max(100)
    .default([]),
  remove: z.array(z.coerce.number().int()).optional().catch([]),
});

export function memoryPrompt(
  facts: { id: number; text: string }[],
  recent: MemoryLine[],
  lang: 'he' | 'en',
  group = false,
) {
  const base =
    lang === 'he'
      ? 'את/ה מנהל/ת את הזיכרון של דמות לגבי המשתמש: רשימת עובדות קצרות על המשתמש (שם, העדפות, חיים, מה ביקש), בעברית. קרא/י את העובדות הקיימות ואת ההודעות החדשות, וענה/י רק ב-JSON בצורה: {"facts":[{"text":"עובדה חדשה","source":מספר ההודעה שממנה נלמדה,"replaces":[מספרי עובדות שהיא מחליפה]}],"remove":[מספרי עובדות שאינן נכונות עוד]}. אל תחזור/י על עובדות שלא השתנו. עובדה שסותרת או מעדכנת עובדה קיימת מחליפה אותה (replaces), ולא נוספת לצדה.'
      : `You keep a character's memory about the user: a list of short facts about the user (name, preferences, life, what they asked for). Read the current facts and the new messages, and answer only with JSON shaped {"facts":[{"text":"a new fact","source":<number of the message it was learned from>,"replaces":[<ids of facts it replaces>]}],"remove":[<ids of facts no longer true>]}. Do not repeat facts that did not change. A fact that contradicts or updates a current one replaces it (replaces), never sits beside it.`;
  const inGroup =
    lang === 'he'
      ? ' זו שיחה קבוצתית: CHARACTER הוא/היא הדמות הזו, ושורות של דמויות אחרות מופיעות עם שמן בסוגריים. זכור/י רק עובדות על המשתמש.'
      : " This is a group chat: CHARACTER is this character, and the other characters' lines show their names in brackets. Keep only facts about the user.";
  const system = group ? `${GROUP_MEMORY_TAG} ${base}${inGroup}` : base;
  const current = facts.map((f) => `[${f.id}] ${f.text}`).join('\n');
  const who = (m: MemoryLine) =>
    m.role === 'user' ? 'USER' : m.other ? `[${m.other}]` : 'CHARACTER';
  const transcript = recent.map((m) => `[#${m.id}] ${who(m)}: ${m.content}`).join('\n');
  return {
    system,
    content: `${group ? `${GROUP_MEMORY_TAG}\n` : ''}CURRENT FACTS:\n${current || '(none)'}\n\nRECENT CONVERSATION:\n${transcript}`,
  };
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What the model's answer changes to the facts. */
export function factChanges(
  parsed: z.output<typeof MemoryAnswer>,
  facts: { id: number; text: string }[],
  recent: MemoryLine[],
): FactChanges {
  const changes: FactChanges = { remove: [], update: [], add: [] };
  const known = new Set(facts.map((f) => f.id));
  const sources = new Set(recent.map((m) => m.id));
  const lastUser = recent.findLast((m) => m.role === 'user')?.id ?? recent.at(-1)?.id ?? null;
  const removed = new Set((parsed.remove ?? []).filter((id) => known.has(id)));
  for (const f of parsed.facts) {
    for (const id of f.replaces ?? []) if (known.has(id)) removed.add(id);
  }
  const stays = facts.filter((f) => !removed.has(f.id));
  for (const f of parsed.facts) {
    const text = f.text.trim().slice(0, MAX_FACT);
    if (!text) continue;
    // A fact the memory already holds (and keeps) is not added twice.
    if (stays.some((s) => same(s.text, text)) || changes.add.some((a) => same(a.text, text))) {
      continue;
    }
    const source = f.source != null && sources.has(f.source) ? f.source : lastUser;
    changes.add.push({ text, messageId: source });
  }
  changes.remove = [...removed];
  return changes;
}
