import type { ChatEngine } from '../ai/engine.ts';
import type { Log } from '../rpc/context.ts';
import type { ChatRepo, MessageRow, SubjectRow } from './chat.repo.ts';
import { foldSplit } from './prompt.ts';
import type { TurnPrompt } from './turn-prompt.ts';

/** Update the memory once this many new messages have come since it last looked. */
const MEMORY_EVERY = 6;

const transcript = (rows: MessageRow[]) =>
  rows.map((m) => `${m.role === 'user' ? 'USER' : 'CHARACTER'}: ${m.content}`).join('\n');

/**
 * Work after a turn, in the background: the memory a character keeps about the user, and
 * folding old turns into the subject's running summary so prompts stop growing.
 */
export function createMemoryKeeper(repo: ChatRepo, engine: ChatEngine, log: Log) {
  const running = new Set<Promise<void>>();
  const task = (fn: () => Promise<void>) => {
    const p = fn()
      .catch((err: unknown) => log.warn({ err }, 'background chat task failed'))
      .finally(() => running.delete(p));
    running.add(p);
  };

  async function updateMemory(subject: SubjectRow, prompt: TurnPrompt, lang: 'he' | 'en') {
    const current = await repo.memory(subject.userId, subject.friendId);
    const recent = (await repo.since(subject.id, current?.seenUpTo ?? 0)).filter(
      (m) => m.status === 'done' && !m.hidden,
    );
    if (recent.length < MEMORY_EVERY) return;
    const result = await engine.generate({
      model: prompt.friend.model,
      system:
        lang === 'he'
          ? 'את/ה מנהל/ת את הזיכרון של דמות לגבי המשתמש. עדכן/י את הרשימה: עובדות על המשתמש (שם, העדפות, חיים, מה ביקש), תמציתי, עד 200 מילים, בעברית. ענה/י רק ברשימה המעודכנת.'
          : "You keep a character's memory about the user. Update the notes: facts about the user (name, preferences, life, what they asked for), concise, at most 200 words. Answer only with the updated notes.",
      messages: [
        {
          role: 'user',
          content: `${current?.memory ? `CURRENT NOTES:\n${current.memory}\n\n` : ''}RECENT CONVERSATION:\n${transcript(recent)}`,
        },
      ],
      temperature: 0.2,
      offline: { ...prompt.request.offline, task: 'memory' },
    });
    const seen = recent.at(-1)!.id;
    await repo.setMemory(
      subject.userId,
      subject.friendId,
      result.text.trim() || current?.memory || '',
      seen,
    );
  }

  async function fold(subject: SubjectRow, prompt: TurnPrompt, lang: 'he' | 'en') {
    const fresh = await repo.subjectById(subject.id);
    if (!fresh) return;
    const rows = (await repo.since(fresh.id, fresh.summarizedUpTo)).filter(
      (m) => m.status === 'done',
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
      model: prompt.friend.model,
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
      offline: { ...prompt.request.offline, task: 'summary' },
    });
    // Without a summary (offline model) the prompt keeps dropping the oldest turns instead.
    if (!result.text.trim()) return;
    await repo.updateSubject(fresh.id, {
      summary: result.text.trim(),
      summarizedUpTo: older.at(-1)!.id,
    });
  }

  return {
    afterTurn(subject: SubjectRow, prompt: TurnPrompt, lang: 'he' | 'en') {
      task(() => updateMemory(subject, prompt, lang));
      if (prompt.assembled.needsFold) task(() => fold(subject, prompt, lang));
    },
    /** Resolves when background work has finished (tests, shutdown). */
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
