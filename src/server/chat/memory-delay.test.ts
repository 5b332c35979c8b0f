import { describe, expect, it } from 'vitest';
import type { ChatEngine } from '../ai/engine.ts';
import type { FriendsRepo } from '../friends/friends.repo.ts';
import type { Jobs } from '../platform/jobs.ts';
import type { ChatRepo, SubjectRow } from './chat.repo.ts';
import { createMemoryKeeper, MEMORY_EVERY } from './memory.ts';
import type { MemoryFactsRepo } from './memory-facts.repo.ts';

/** The jobs port as the memory keeper sees it: what it sends, nothing run. */
function recordingJobs() {
  const sent: { name: string; data: object; options: object | undefined }[] = [];
  const jobs = {
    define: () => {},
    send: async (name: string, data: object, options?: object) => {
      sent.push({ name, data, options });
      return String(sent.length);
    },
  } as unknown as Jobs;
  return { jobs, sent };
}

const subject = (id: number, userId: number, friendId: number) =>
  ({ id, userId, friendId }) as SubjectRow;

function keeper(delaySeconds: number) {
  const { jobs, sent } = recordingJobs();
  let now = 1_000_000;
  const memory = createMemoryKeeper(
    {} as ChatRepo,
    {} as FriendsRepo,
    {} as ChatEngine,
    jobs,
    {} as MemoryFactsRepo,
    { delaySeconds, now: () => now },
  );
  return { memory, sent, advance: (ms: number) => (now += ms) };
}

describe('memory updates after turns (MEMORY_DELAY_SECONDS)', () => {
  it('a delayed update is queued once for the turns of its delay, then again after it', async () => {
    const { memory, sent, advance } = keeper(30);
    // Under MEMORY_EVERY unread messages there is nothing to learn yet: nothing is queued.
    await memory.afterTurn(subject(7, 1, 2), false, 'en', MEMORY_EVERY - 1);
    expect(sent).toEqual([]);
    await memory.afterTurn(subject(7, 1, 2), false, 'he', MEMORY_EVERY);
    expect(sent).toEqual([
      {
        name: 'chat-memory',
        data: { subjectId: 7, lang: 'he' },
        options: { singletonKey: '1:2', startAfterSeconds: 30 },
      },
    ]);
    // The next turns of the conversation (another subject with the same character too) join it.
    advance(29_000);
    await memory.afterTurn(subject(7, 1, 2), false, 'he', MEMORY_EVERY + 2);
    await memory.afterTurn(subject(8, 1, 2), false, 'he', MEMORY_EVERY + 4);
    expect(sent).toHaveLength(1);
    // Another user, or another character, has an update of its own.
    await memory.afterTurn(subject(9, 3, 2), false, 'en', MEMORY_EVERY);
    await memory.afterTurn(subject(10, 1, 4), false, 'en', MEMORY_EVERY);
    expect(sent.map((s) => (s.options as { singletonKey: string }).singletonKey)).toEqual([
      '1:2',
      '3:2',
      '1:4',
    ]);
    // Once the delay has passed the queued update has started: a later turn queues the next.
    advance(1_000);
    await memory.afterTurn(subject(7, 1, 2), false, 'he', MEMORY_EVERY);
    expect(sent).toHaveLength(4);
    expect(sent[3]!.options).toEqual({ singletonKey: '1:2', startAfterSeconds: 30 });
  });

  it('with no delay every turn that has enough to learn asks at once', async () => {
    const { memory, sent } = keeper(0);
    await memory.afterTurn(subject(7, 1, 2), false, 'en', MEMORY_EVERY);
    await memory.afterTurn(subject(7, 1, 2), false, 'en', MEMORY_EVERY + 2);
    expect(sent.map((s) => s.options)).toEqual([{ singletonKey: '1:2' }, { singletonKey: '1:2' }]);
  });

  it('a fold of the subject is queued at once, whatever the memory delay', async () => {
    const { memory, sent } = keeper(30);
    await memory.afterTurn(subject(7, 1, 2), true, 'en', 0);
    expect(sent).toEqual([
      { name: 'chat-fold', data: { subjectId: 7, lang: 'en' }, options: { singletonKey: '7' } },
    ]);
  });
});
