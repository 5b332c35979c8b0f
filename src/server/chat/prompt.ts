import { friendTypeTraits } from '../../protocol/constants.ts';
import type { EngineMessage } from '../ai/engine.ts';
import { estimateTokens } from '../ai/tokens.ts';
import { markerRules } from './markers.ts';
import type { Lorebook } from '../../protocol/lorebook.ts';
import { triggeredEntries } from '../friends/lorebook.ts';
import { macroNames, replaceMacros, type MacroNames } from '../friends/macros.ts';
import { exampleTurns } from './examples.ts';

export interface PromptCharacter {
  friendid: string;
  friendname: string;
  personality: string;
  background: string;
  friendtype: number;
}

export interface CatalogueEntry {
  friendid: string;
  friendname: string;
  description: string;
}

export interface PromptParts {
  character: PromptCharacter;
  lang: 'he' | 'en';
  /** Characters the user may open (librarian, receptionist). */
  catalogue?: CatalogueEntry[];
  /** The character an editor works on (sharoneditor with detailsfor). */
  editing?: PromptCharacter & { firstprompt: string; description: string };
  user: { fullname: string; notes: string; friendNotes: string; memory: string };
  /** Running summary of the turns before `history`. */
  summary: string;
  /** Turns after the summary point, oldest first. */
  history: EngineMessage[];
  /** Passages retrieved for this turn, with where they come from. */
  knowledge: PromptPassage[];
  /** Number the passages and ask the model to cite them by number (reading/citations.ts). */
  cite?: boolean;
  /** The last chapter the user has read: later events must not be told (null: no limit). */
  horizon?: number | null;
  message: EngineMessage;
  budget: PromptBudget;
  /** The character's note (a card's depth prompt), put among the turns at its depth. */
  note?: { prompt: string; depth: number; role: string };
  /** The character's lorebook: entries whose keys the recent turns name come in. */
  lorebook?: Lorebook | null;
}

export interface PromptPassage {
  text: string;
  /** Title, chapter, page. */
  source?: string;
}

export interface PromptBudget {
  /** Tokens the whole prompt may use. */
  contextTokens: number;
  /** Kept free for the answer. */
  replyTokens: number;
  /** Unsummarised history above this many tokens asks for a fold. */
  foldAtTokens: number;
}

export interface AssembledPrompt {
  system: string;
  messages: EngineMessage[];
  tokens: { system: number; history: number; message: number; total: number };
  /** Old turns left out for lack of room (a fold is overdue). */
  droppedTurns: number;
  /** The unsummarised history is long: fold its older half into the summary. */
  needsFold: boolean;
}

const T = {
  he: {
    you: (n: string) => `את/ה ${n}. הישאר/י בדמות לאורך כל השיחה וענה/י בשפה שבה המשתמש כותב.`,
    personality: 'אישיות ואופן דיבור:',
    background: 'רקע ועולם:',
    catalogue: 'הדמויות שהמשתמש יכול לפתוח (מזהה — שם — תיאור):',
    editing: 'הדמות שעליה את/ה עובד/ת עם היוצר:',
    user: 'על המשתמש:',
    name: 'שם:',
    notes: 'מה שהמשתמש סיפר על עצמו:',
    friendNotes: 'מה שהמשתמש סיפר לך במיוחד:',
    memory: 'מה שלמדת על המשתמש בשיחות קודמות:',
    summary: 'סיכום החלק המוקדם של השיחה הזו:',
    knowledge: 'קטעים רלוונטיים מהספרים ומהידע של הדמות (השתמש/י בהם אם הם עוזרים לענות):',
    cite: 'קטעים רלוונטיים מהספרים ומהידע של הדמות, ממוספרים (השתמש/י בהם אם הם עוזרים לענות). כשהתשובה נשענת על קטע, כתוב/כתבי את המספר שלו בסוגריים מרובעים מיד אחרי המשפט, למשל [2]. צטט/י רק את המספרים שכאן, ואל תסביר/י את הסימון:',
    horizon: (n: number) =>
      `המשתמש קרא עד פרק ${n} (כולל). אל תגלה/י, תרמוז/י או תאשר/י שום דבר שקורה אחרי פרק ${n}; אם ישאל על כך, אמור/אמרי בעדינות שזה עוד לפניו בספר.`,
    message: 'ההודעה של המשתמש:',
    opening: '(תחילת השיחה)',
    note: 'הערה לדמות (לא נאמרה בשיחה):',
    lore: 'מידע מהעולם של הדמות:',
  },
  en: {
    you: (n: string) =>
      `You are ${n}. Stay in character throughout and answer in the language the user writes in.`,
    personality: 'Personality and manner of speech:',
    background: 'Background and world:',
    catalogue: 'Characters the user can open (id — name — description):',
    editing: 'The character you are working on with its creator:',
    user: 'About the user:',
    name: 'Name:',
    notes: 'What the user told about themselves:',
    friendNotes: 'What the user told you in particular:',
    memory: 'What you learned about the user in earlier conversations:',
    summary: 'Summary of the earlier part of this conversation:',
    knowledge:
      "Relevant passages from the character's books and knowledge (use them if they help):",
    cite: "Relevant passages from the character's books and knowledge, numbered (use them if they help). When your answer draws on a passage, put its number in square brackets right after the sentence, like [2]. Cite only these numbers, and never explain the marks:",
    horizon: (n: number) =>
      `The user has read up to chapter ${n} (inclusive). Do not reveal, hint at or confirm anything that happens after chapter ${n}; if asked, say gently that it is still ahead of them in the book.`,
    message: "The user's message:",
    opening: '(the conversation begins)',
    note: 'Note for the character (not said in the conversation):',
    lore: "From the character's world:",
  },
} as const;

const section = (title: string, body: string) => (body.trim() ? `${title}\n${body.trim()}` : '');

/** Librarians, receptionists and helpers route users to other characters. */
const routes = (c: PromptCharacter, parts: PromptParts) =>
  friendTypeTraits(c.friendtype).routes && !!parts.catalogue?.length;

/**
 * The one place a prompt is put together. Ordered from most stable to least, so providers'
 * prompt caches keep hitting: the character (changes when edited), the user (details, memory:
 * change now and then), the summary (changes at folds), the turns (only appended to), and
 * last the new message with this turn's retrieved passages (new every turn).
 */
export function assemblePrompt(parts: PromptParts): AssembledPrompt {
  const t = T[parts.lang];
  const c = parts.character;
  // The character's texts with the reader's and the character's names put in (friends/macros.ts).
  const names = macroNames(parts.user, c, parts.lang);
  const named = (text: string, n: MacroNames = names) =>
    exampleTurns(replaceMacros(text, n), names, parts.lang);
  const lore = triggeredEntries(parts.lorebook, [
    ...parts.history.map((m) => m.content),
    parts.message.content,
  ]).map(({ entry }) => ({ ...entry, content: replaceMacros(entry.content, names).trim() }));
  const loreAt = (where: 'before_char' | 'after_char') =>
    section(
      t.lore,
      lore
        .filter((e) => e.position === where)
        .map((e) => e.content)
        .join('\n\n'),
    );
  const system = [
    t.you(c.friendname),
    loreAt('before_char'),
    section(t.personality, named(c.personality, { ...names, original: t.you(c.friendname) })),
    section(t.background, named(c.background)),
    loreAt('after_char'),
    markerRules(parts.lang, routes(c, parts)),
    parts.catalogue?.length
      ? section(
          t.catalogue,
          parts.catalogue
            .map((f) => `${f.friendid} — ${f.friendname} — ${f.description}`)
            .join('\n'),
        )
      : '',
    parts.editing
      ? section(
          t.editing,
          [
            `id: ${parts.editing.friendid}`,
            `name: ${parts.editing.friendname}`,
            `description: ${parts.editing.description}`,
            `personality:\n${parts.editing.personality}`,
            `background:\n${parts.editing.background}`,
            `first message:\n${parts.editing.firstprompt}`,
          ].join('\n'),
        )
      : '',
    section(
      t.user,
      [
        parts.user.fullname ? `${t.name} ${parts.user.fullname}` : '',
        section(t.notes, parts.user.notes),
        section(t.friendNotes, parts.user.friendNotes),
        section(t.memory, parts.user.memory),
        parts.horizon != null ? t.horizon(parts.horizon) : '',
      ]
        .filter(Boolean)
        .join('\n'),
    ),
    section(t.summary, parts.summary),
  ]
    .filter(Boolean)
    .join('\n\n');

  const passages = parts.knowledge.map((k, i) => {
    const head = [parts.cite ? `[${i + 1}]` : '', k.source ? `(${k.source})` : '']
      .filter(Boolean)
      .join(' ');
    return `${head ? `${head}\n` : ''}«${k.text.trim()}»`;
  });
  const message: EngineMessage = passages.length
    ? {
        ...parts.message,
        content: `${section(parts.cite ? t.cite : t.knowledge, passages.join('\n\n'))}\n\n${t.message}\n${parts.message.content}`,
      }
    : parts.message;

  // What goes among the turns at a depth: the character's note and at-depth lore entries.
  const atDepth: DepthInsert[] = lore
    .filter((e) => e.position === 'at_depth')
    .map((e) => ({ text: e.content, depth: e.depth, role: e.role }));
  if (parts.note?.prompt.trim()) {
    atDepth.push({ ...parts.note, text: replaceMacros(parts.note.prompt, names).trim() });
  }
  const depthTokens = atDepth.reduce((n, d) => n + estimateTokens(d.text) + 8, 0);

  const systemTokens = estimateTokens(system);
  const messageTokens = estimateTokens(message.content) + (message.image ? IMAGE_TOKENS : 0);
  const room =
    parts.budget.contextTokens -
    parts.budget.replyTokens -
    systemTokens -
    messageTokens -
    depthTokens;

  // Newest turns first until the room is used; older ones wait for the next fold.
  const costs = parts.history.map(
    (m) => estimateTokens(m.content) + (m.image ? IMAGE_TOKENS : 0) + 4,
  );
  const historyTotal = costs.reduce((a, b) => a + b, 0);
  let used = 0;
  let start = parts.history.length;
  while (start > 0 && used + costs[start - 1]! <= room) {
    used += costs[start - 1]!;
    start--;
  }
  // Some providers need the user to speak first; the character's greeting often opens.
  const history = parts.history.slice(start);
  if (history[0]?.role === 'assistant') history.unshift({ role: 'user', content: t.opening });
  return {
    system,
    messages: insertAtDepth([...history, message], atDepth, t.note),
    tokens: {
      system: systemTokens,
      history: used,
      message: messageTokens + depthTokens,
      total: systemTokens + used + messageTokens + depthTokens,
    },
    droppedTurns: start,
    needsFold: historyTotal > parts.budget.foldAtTokens || start > 0,
  };
}

/** What a pasted image weighs in a prompt (tokens), as the budget counts it. */
export const IMAGE_TOKENS = 800;

/** A prompt's tokens as the budget counts them (a group speaker's, whose prompt has no tally). */
export function promptTokens(system: string, messages: EngineMessage[]): number {
  return messages.reduce(
    (n, m) => n + estimateTokens(m.content) + (m.image ? IMAGE_TOKENS : 0) + 4,
    estimateTokens(system),
  );
}

interface DepthInsert {
  text: string;
  depth: number;
  role: string;
}

/**
 * Texts put among the turns `depth` messages from the end (0: after the new message), as
 * SillyTavern does with a character's note. The providers' turns are user and assistant:
 * a system note goes as a marked note on the user's side, and neighbours of one side are
 * joined (providers want turns to alternate). Nothing is put after the new message as the
 * assistant (that would read as the start of the answer).
 */
function insertAtDepth(
  messages: EngineMessage[],
  inserts: DepthInsert[],
  noteLabel: string,
): EngineMessage[] {
  if (!inserts.length) return messages;
  const out = [...messages];
  // Deepest first, so each depth counts the turns of the conversation, not earlier inserts.
  const ordered = [...inserts].sort((a, b) => b.depth - a.depth);
  const placed: { at: number; m: EngineMessage }[] = ordered.map((d) => {
    const role = d.role === 'assistant' ? 'assistant' : 'user';
    let depth = Math.min(d.depth, messages.length);
    if (role === 'assistant' && depth === 0) depth = 1;
    const content = d.role === 'system' ? `[${noteLabel}\n${d.text}]` : d.text;
    return { at: messages.length - depth, m: { role, content } };
  });
  // From the end backwards, so earlier indexes stay right.
  for (const p of [...placed].sort((a, b) => b.at - a.at)) out.splice(p.at, 0, p.m);
  const merged: EngineMessage[] = [];
  for (const m of out) {
    const prev = merged.at(-1);
    if (prev && prev.role === m.role && !prev.image && !m.image) {
      merged[merged.length - 1] = { ...prev, content: `${prev.content}\n\n${m.content}` };
    } else merged.push(m);
  }
  return merged;
}

/** Operating budgets: what we choose to send, under each model's real context window. */
export function budgetFor(model: string): PromptBudget {
  const windowTokens = model === 'offline' ? 8_000 : 128_000;
  const contextTokens = Math.min(windowTokens, 24_000);
  return { contextTokens, replyTokens: 2_000, foldAtTokens: Math.floor(contextTokens * 0.5) };
}

/** Which turns a fold takes: the older half of the unsummarised history, ending on an answer. */
export function foldSplit(history: EngineMessage[]): number {
  let cut = Math.floor(history.length / 2);
  while (cut > 0 && history[cut - 1]!.role !== 'assistant') cut--;
  return cut;
}
