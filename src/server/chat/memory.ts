import type { ChatEngine } from '../ai/engine.ts';
import type { OfflineMaterial } from '../ai/offline.ts';
import type { FriendRow, FriendsRepo } from '../friends/friends.repo.ts';
import type { Jobs } from '../platform/jobs.ts';
import type { ChatRepo, MessageRow, SubjectRow } from './chat.repo.ts';
import { foldSplit } from './prompt.ts';
import { inHistory } from './conversation.ts';

/** Update the memory once this many new messages have come since it last looked. */
export const MEMORY_EVERY = 6;

const transcript = (rows: MessageRow[]) =>
  rows.map((m) => `${m.role === 'user' ? 'USER' : 'CHARACTER'}: ${m.content}`).join('\n');

interface Job {
  subjectId: number;
  lang: 'he' | 'en';
}

/** What the offline model needs for a system task: the character's own texts. */
const offlineFor = (friend: FriendRow, lang: 'he' | 'en'): OfflineMaterial => ({
  friendname: friend.friendname,
  firstprompt: friend.firstprompt,
  personality: friend.personality,
  background: friend.background,
  knowledge: [],
  lang,
});

/**
 * The character's notes about the user, rewritten from the current ones and a transcript of
 * new lines (single chat here; the group chat's job calls it too). Kept when the model
 * answers nothing.
 */
export async function rewriteMemory(
  engine: ChatEngine,
  friend: FriendRow,
  current: string,
  lines: string,
  lang: 'he' | 'en',
) {
  const result = await engine.generate({
    model: friend.model,
    system:
      lang === 'he'
        ? 'את/ה מנהל/ת את הזיכרון של דמות לגבי המשתמש. עדכן/י את הרשימה: עובדות על המשתמש (שם, העדפות, חיים, מה ביקש), תמציתי, עד 200 מילים, בעברית. ענה/י רק ברשימה המעודכנת.'
        : "You keep a character's memory about the user. Update the notes: facts about the user (name, preferences, life, what they asked for), concise, at most 200 words. Answer only with the updated notes.",
    messages: [
      {
        role: 'user',
        content: `${current ? `CURRENT NOTES:\n${current}\n\n` : ''}RECENT CONVERSATION:\n${lines}`,
      },
    ],
    temperature: 0.2,
    offline: { ...offlineFor(friend, lang), task: 'memory' },
  });
  return result.text.trim() || current;
}

/**
 * Work after a turn, as durable jobs: the memory a character keeps about the user, and
 * folding old turns into the subject's running summary so prompts stop growing. Each runs
 * once more however many turns asked for it meanwhile (one waiting job per user and
 * character, or per subject), and is retried if the model fails.
 */
export function createMemoryKeeper(
  repo: ChatRepo,
  friends: FriendsRepo,
  engine: ChatEngine,
  jobs: Jobs,
) {
  /** The subject and its character as they are now (either may be gone by the time it runs). */
  async function load(subjectId: number) {
    const subject = await repo.subjectById(subjectId);
    const friend = subject && (await friends.byId(subject.friendId));
    return subject && friend ? { subject, friend } : null;
  }

  async function updateMemory({ subjectId, lang }: Job) {
    const found = await load(subjectId);
    if (!found) return;
    const { subject, friend } = found;
    const current = await repo.memory(subject.userId, subject.friendId);
    const recent = (await repo.since(subject.id, current?.seenUpTo ?? 0)).filter(inHistory);
    if (recent.length < MEMORY_EVERY) return;
    const seen = recent.at(-1)!.id;
    const notes = await rewriteMemory(
      engine,
      friend,
      current?.memory ?? '',
      transcript(recent),
      lang,
    );
    await repo.setMemory(subject.userId, subject.friendId, notes, seen);
  }

  async function fold({ subjectId, lang }: Job) {
    const found = await load(subjectId);
    if (!found) return;
    const { subject: fresh, friend } = found;
    const rows = (await repo.since(fresh.id, fresh.summarizedUpTo)).filter(
      (m) => m.status === 'done' || m.status === 'stopped',
    );
    const cut = foldSplit(
      rows.map((m) => ({
        role: m.role === 'user' ? ('user' as const) : ('assistant' as const),
        content: m.content,
      })),
    );
    if (cut === 0) return;
    const older = rows.slice(0, cut);
    const result = await engine.generate({
      model: friend.model,
      system:
        lang === 'he'
          ? 'סכם/י את השיחה עד כה בפרוזה תמציתית, עד 300 מילים, בעברית: שמות, עובדות, החלטות ונושאים פתוחים.'
          : 'Summarise the conversation so far in concise prose, at most 300 words: names, facts, decisions and open threads.',
      messages: [
        {
          role: 'user',
          content: `${fresh.summary ? `SUMMARY SO FAR:\n${fresh.summary}\n\n` : ''}MORE OF THE CONVERSATION:\n${transcript(older)}`,
        },
      ],
      temperature: 0.2,
      offline: { ...offlineFor(friend, lang), task: 'summary' },
    });
    // Without a summary (offline model) the prompt keeps dropping the oldest turns instead.
    if (!result.text.trim()) return;
    await repo.updateSubject(fresh.id, {
      summary: result.text.trim(),
      summarizedUpTo: older.at(-1)!.id,
    });
  }

  jobs.define<Job>('chat-memory', updateMemory, { policy: 'stately', retryLimit: 2 });
  jobs.define<Job>('chat-fold', fold, { policy: 'stately', retryLimit: 2 });

  return {
    async afterTurn(subject: SubjectRow, needsFold: boolean, lang: 'he' | 'en') {
      const job: Job = { subjectId: subject.id, lang };
      await jobs.send('chat-memory', job, {
        singletonKey: `${subject.userId}:${subject.friendId}`,
      });
      if (needsFold) await jobs.send('chat-fold', job, { singletonKey: String(subject.id) });
    },
  };
}
