import type { ChatEngine } from '../ai/engine.ts';
import type { OfflineMaterial } from '../ai/offline.ts';
import type { FriendRow, FriendsRepo } from '../friends/friends.repo.ts';
import type { Jobs } from '../platform/jobs.ts';
import type { ChatRepo, MessageRow, TurnSubject } from './chat.repo.ts';
import { foldSplit } from './prompt.ts';
import { inHistory } from './conversation.ts';
import { factChanges, memoryPrompt, MemoryAnswer, type MemoryLine } from './memory-facts.ts';
import type { MemoryFactsRepo } from './memory-facts.repo.ts';

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
 * One memory update over `lines` (the single chat's, or a group chat's with `group`): the
 * model sees the facts and the lines and its answer changes the facts. `sourced`: the lines'
 * ids are messages a fact may link to (a group line is not one).
 */
export async function learnFacts(
  engine: ChatEngine,
  facts: MemoryFactsRepo,
  friend: FriendRow,
  userId: number,
  lines: MemoryLine[],
  lang: 'he' | 'en',
  opts: { group?: boolean; seenUpTo?: number } = {},
) {
  const known = await facts.current(userId, friend.id);
  const prompt = memoryPrompt(known, lines, lang, opts.group);
  const result = await engine.object(
    {
      model: friend.model,
      system: prompt.system,
      messages: [{ role: 'user', content: prompt.content }],
      temperature: 0.2,
    },
    MemoryAnswer,
  );
  // Offline there is no model to learn from: the memory keeps what it had.
  if (!result) return;
  const changes = factChanges(result.value, known, lines);
  if (opts.group) for (const a of changes.add) a.messageId = null;
  await facts.apply(userId, friend.id, changes, opts.seenUpTo);
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
  facts: MemoryFactsRepo,
  opts: {
    /**
     * How long a memory update waits after the turn that asked for it (MEMORY_DELAY_SECONDS):
     * the turns of a flowing conversation meanwhile join the same update, one model call and
     * one write for all of them instead of one per few turns. 0: at once.
     */
    delaySeconds: number;
    now?: () => number;
  } = { delaySeconds: 0 },
) {
  const now = opts.now ?? Date.now;
  /**
   * The memory updates this instance has queued and that have not started yet, by user and
   * character (until when): a turn meanwhile sends nothing (the queue would drop it anyway:
   * one waiting job per key), so a conversation costs one job per delay, not a statement a turn.
   */
  const queued = new Map<string, number>();
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
    await learnFacts(engine, facts, friend, subject.userId, recent, lang, {
      seenUpTo: recent.at(-1)!.id,
    });
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
    /**
     * `unseen`: how many messages the memory has not read (TurnPrompt.unseenByMemory). Below
     * MEMORY_EVERY the job would find nothing to do: it is not queued (most turns).
     */
    async afterTurn(subject: TurnSubject, needsFold: boolean, lang: 'he' | 'en', unseen: number) {
      const job: Job = { subjectId: subject.id, lang };
      const key = `${subject.userId}:${subject.friendId}`;
      if (unseen >= MEMORY_EVERY && !((queued.get(key) ?? 0) > now())) {
        await jobs.send('chat-memory', job, {
          singletonKey: key,
          ...(opts.delaySeconds ? { startAfterSeconds: opts.delaySeconds } : {}),
        });
        if (opts.delaySeconds) {
          if (queued.size >= 10_000) for (const [k, t] of queued) if (t <= now()) queued.delete(k);
          queued.set(key, now() + opts.delaySeconds * 1000);
        }
      }
      if (needsFold) await jobs.send('chat-fold', job, { singletonKey: String(subject.id) });
    },
  };
}
