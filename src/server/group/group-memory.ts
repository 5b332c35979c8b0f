import type { ChatRepo } from '../chat/chat.repo.ts';
import { MEMORY_EVERY, rewriteMemory } from '../chat/memory.ts';
import type { Deps } from '../deps.ts';
import type { FriendsRepo } from '../friends/friends.repo.ts';
import type { GroupMessageRow, GroupRepo } from './group.repo.ts';

interface Job {
  userId: number;
  friendId: number;
  lang: 'he' | 'en';
}

/**
 * The lines of the finished turns in which `friendId` spoke, as a transcript for its memory:
 * the user, the character itself, and the others by name. Stops at a turn still being
 * written (it is read again next time).
 */
export function turnsSpokenIn(rows: GroupMessageRow[], friendId: number) {
  const turns: GroupMessageRow[][] = [];
  for (const r of rows) {
    if (r.status === 'streaming') break;
    if (r.role === 'user' || turns.length === 0) turns.push([r]);
    else turns.at(-1)!.push(r);
  }
  // The last turn may still gain speakers: it waits unless this character spoke in it.
  const kept = turns.filter((t) => t.some((r) => r.friendId === friendId && r.status === 'done'));
  const lines = kept.flat().filter((r) => r.status === 'done' && r.content.trim());
  return {
    lines,
    lastId: kept.at(-1)?.at(-1)?.id ?? 0,
    text: lines
      .map((r) =>
        r.role === 'user'
          ? `USER: ${r.content}`
          : r.friendId === friendId
            ? `CHARACTER: ${r.content}`
            : `[${r.speaker}]: ${r.content}`,
      )
      .join('\n'),
  };
}

/**
 * What a character learns about the user in the group chat goes into the same memory as in
 * the single chat (chat/memory.ts writes the notes): a durable job per user and character,
 * run once more however many turns asked meanwhile, with its own mark of the group lines seen.
 */
export function groupMemory(deps: Deps, repo: GroupRepo, chat: ChatRepo, friends: FriendsRepo) {
  deps.jobs.define<Job>(
    'group-memory',
    async ({ userId, friendId, lang }) => {
      const friend = await friends.byId(friendId);
      if (!friend) return;
      const seen = (await repo.memorySeen(userId))[String(friendId)] ?? 0;
      const { lines, lastId, text } = turnsSpokenIn(await repo.linesAfter(userId, seen), friendId);
      if (lines.length < MEMORY_EVERY) return;
      const current = (await chat.memory(userId, friendId))?.memory ?? '';
      const notes = await rewriteMemory(deps.engine, friend, current, text, lang);
      await chat.setMemory(userId, friendId, notes);
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
