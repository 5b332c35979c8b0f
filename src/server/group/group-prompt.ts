import type { EngineMessage, EngineRequest } from '../ai/engine.ts';
import { estimateTokens } from '../ai/tokens.ts';
import { budgetFor } from '../chat/prompt.ts';
import { exampleTurns } from '../chat/examples.ts';
import type { FriendRow } from '../friends/friends.repo.ts';
import { triggeredEntries } from '../friends/lorebook.ts';
import { macroNames, replaceMacros } from '../friends/macros.ts';

/** A line of the group conversation as the prompt sees it. */
export interface GroupLine {
  role: 'user' | 'assistant';
  /** The speaking character's public id (assistant lines). */
  friendid: string;
  speaker: string;
  content: string;
}

const T = {
  he: {
    you: (n: string) => `את/ה ${n}. הישאר/י בדמות וענה/י בשפה שבה המשתמש כותב.`,
    group: (user: string, others: string) =>
      `זוהי שיחה קבוצתית בין ${user || 'המשתמש'} לבין כמה דמויות: ${others}. דבר/י רק בשמך ובקולך שלך. לעולם אל תכתוב/י את דברי הדמויות האחרות ואל תתאר/י מה הן אומרות או עושות. מותר לפנות לדמות אחרת בשמה או להגיב למה שאמרה. אל תפתח/י בשמך. ענה/י בקצרה, כמה משפטים.`,
    personality: 'אישיות ואופן דיבור:',
    background: 'רקע ועולם:',
    user: 'על המשתמש:',
    notes: 'מה שהמשתמש סיפר על עצמו:',
    friendNotes: 'מה שהמשתמש סיפר לך במיוחד:',
    memory: 'מה שלמדת על המשתמש בשיחות קודמות:',
    knowledge: 'קטעים רלוונטיים מהספרים ומהידע שלך (השתמש/י בהם אם הם עוזרים):',
    now: (n: string) => `(עכשיו תורך לענות, בתור ${n} בלבד.)`,
    lore: 'מידע מהעולם שלך:',
    note: 'הערה לדמות:',
    opening: '(תחילת השיחה)',
  },
  en: {
    you: (n: string) =>
      `You are ${n}. Stay in character and answer in the language the user writes in.`,
    group: (user: string, others: string) =>
      `This is a group conversation between ${user || 'the user'} and several characters: ${others}. Speak only for yourself, in your own voice. Never write the other characters' lines or narrate what they say or do. You may address another character by name or answer what they said. Do not start with your own name. Answer briefly, a few sentences.`,
    personality: 'Personality and manner of speech:',
    background: 'Background and world:',
    user: 'About the user:',
    notes: 'What the user told about themselves:',
    friendNotes: 'What the user told you in particular:',
    memory: 'What you learned about the user in earlier conversations:',
    knowledge: 'Relevant passages from your books and knowledge (use them if they help):',
    now: (n: string) => `(Now it is your turn to answer, as ${n} only.)`,
    lore: 'From your world:',
    note: 'Note for the character:',
    opening: '(the conversation begins)',
  },
} as const;

const section = (title: string, body: string) => (body.trim() ? `${title}\n${body.trim()}` : '');

/**
 * One character's prompt in the group: its own character and its own memory of the user,
 * the conversation as it heard it (its own lines as its answers, the user's and the other
 * characters' lines, tagged with their names, as what it was told), and last the lines of
 * this turn with the passages retrieved for it.
 */
export function groupPrompt(p: {
  friend: FriendRow;
  others: string[];
  lang: 'he' | 'en';
  user: { fullname: string; notes: string; friendNotes: string; memory: string };
  /** Lines before this turn's user message, oldest first. */
  history: GroupLine[];
  /** This turn: the user's message and the answers already given. */
  turn: GroupLine[];
  knowledge: string[];
}): EngineRequest {
  const t = T[p.lang];
  const f = p.friend;
  // Names put into the character's texts (friends/macros.ts); in a group, the lorebook's
  // triggered entries and the character's note sit in the character's part of the prompt.
  const names = macroNames(p.user, f, p.lang);
  const named = (text: string, original = '') =>
    exampleTurns(replaceMacros(text, { ...names, original }), names, p.lang);
  const lore = triggeredEntries(
    f.lorebook,
    [...p.history, ...p.turn].map((l) => l.content),
  );
  const system = [
    t.you(f.friendname),
    t.group(p.user.fullname, p.others.join(', ')),
    section(t.personality, named(f.personality, t.you(f.friendname))),
    section(t.background, named(f.background)),
    section(t.lore, lore.map((e) => replaceMacros(e.entry.content, names).trim()).join('\n\n')),
    section(t.note, replaceMacros(f.note, names)),
    section(
      t.user,
      [
        p.user.fullname,
        section(t.notes, p.user.notes),
        section(t.friendNotes, p.user.friendNotes),
        section(t.memory, p.user.memory),
      ]
        .filter(Boolean)
        .join('\n'),
    ),
  ]
    .filter(Boolean)
    .join('\n\n');

  const heard = (l: GroupLine): EngineMessage =>
    l.role === 'assistant' && l.friendid === f.friendid
      ? { role: 'assistant', content: l.content }
      : {
          role: 'user',
          content: l.role === 'user' ? l.content : `[${l.speaker}]: ${l.content}`,
        };
  const last: EngineMessage = {
    role: 'user',
    content: [
      section(t.knowledge, p.knowledge.map((k) => `«${k.trim()}»`).join('\n\n')),
      ...p.turn.map((l) => heard(l).content),
      t.now(f.friendname),
    ]
      .filter(Boolean)
      .join('\n\n'),
  };

  // Newest lines first until the budget is used.
  const budget = budgetFor(f.model === 'offline' ? 'offline' : 'model');
  let room =
    budget.contextTokens -
    budget.replyTokens -
    estimateTokens(system) -
    estimateTokens(last.content);
  const kept: EngineMessage[] = [];
  for (let i = p.history.length - 1; i >= 0; i--) {
    const m = heard(p.history[i]!);
    const cost = estimateTokens(m.content) + 4;
    if (cost > room) break;
    room -= cost;
    kept.unshift(m);
  }
  // Consecutive lines of the same side become one message (providers want turns to alternate).
  const merged: EngineMessage[] = [];
  for (const m of [...kept, last]) {
    const prev = merged.at(-1);
    if (prev && prev.role === m.role) prev.content = `${prev.content}\n\n${m.content}`;
    else merged.push({ ...m });
  }
  if (merged[0]?.role === 'assistant') merged.unshift({ role: 'user', content: t.opening });
  return {
    model: f.model,
    system,
    messages: merged,
    temperature: f.temp / 100,
    topP: f.topP / 100,
    offline: {
      friendname: f.friendname,
      firstprompt: replaceMacros(f.firstprompt, names),
      personality: replaceMacros(f.personality, names),
      background: replaceMacros(f.background, names),
      knowledge: p.knowledge,
      lang: p.lang,
    },
  };
}
