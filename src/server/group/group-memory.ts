import { learnFacts, MEMORY_EVERY } from '../chat/memory.ts';
import type { MemoryLine } from '../chat/memory-facts.ts';
import type { Deps } from '../deps.ts';
import type { Repos } from '../repos.ts';
import type { GroupMessageRow } from './group.repo.ts';

interface Job {
  userId: number;
  friendId: number;
  lang: 'he' | 'en';
}

/**
 * The lines of the finished turns in which character `friendId` answered, for its memory:
 * the user, the character itself, and the others under their names. Stops at a turn still
 * being written (it is read again next time); a turn it did not speak in is skipped.
 */
export function turnsSpokenIn(rows: GroupMessageRow[], friendId: number) {
  const turns: GroupMessageRow[][] = [];
  for (const r of rows) {
    if (r.status === 'streaming') break;
    if (r.role === 'user' || turns.length === 0) turns.push([r]);
    else turns.at(-1)!.push(r);
  }
  const kept = turns.filter((t) => t.some((r) => r.friendId === friendId && r.status === 'done'));
  const lines: MemoryLine[] = kept
    .flat()
    .filter((r) => r.status === 'done' && r.content.trim())
    .map((r) => ({
      id: r.id,
      role: r.role,
      content: r.content,
      ...(r.role !== 'user' && r.friendId !== friendId ? { other: r.speaker } : {}),
    }));
  // Read up to the last line before one still being written: a turn the character did not
  // speak in is not read again.
  return { lines, lastId: turns.flat().at(-1)?.id ?? 0 };
}

/**
 * What a character learns about the user in the group chat goes into the same facts as in
 * the single chat (chat/memory.ts): a durable job per user and character, run once more
 * however many answers asked meanwhile, with its own mark of the group lines read. Queued
 * when an answer is stored; it runs in the background, never on the turn's path.
 */
export type GroupMemoryRepos = Pick<Repos, 'friends' | 'group' | 'memoryFacts'>;

export function groupMemory(deps: Pick<Deps, 'engine' | 'jobs'>, repos: GroupMemoryRepos) {
  const { group: repo, friends, memoryFacts: facts } = repos;

  deps.jobs.define<Job>(
    'group-memory',
    async ({ userId, friendId, lang }) => {
      const friend = await friends.byId(friendId);
      if (!friend) return;
      const seen = (await repo.memorySeen(userId))[String(friendId)] ?? 0;
      const { lines, lastId } = turnsSpokenIn(await repo.linesAfter(userId, seen), friendId);
      if (lines.length < MEMORY_EVERY) return;
      await learnFacts(deps.engine, facts, friend, userId, lines, lang, { group: true });
      await repo.setMemorySeen(userId, friendId, lastId);
    },
    { policy: 'stately', retryLimit: 2 },
  );

  return {
    async afterAnswer(userId: number, friendId: number, lang: 'he' | 'en') {
      await deps.jobs.send('group-memory', { userId, friendId, lang } satisfies Job, {
        singletonKey: `${userId}:${friendId}`,
      });
    },
  };
}
