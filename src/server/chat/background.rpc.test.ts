import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, usageEvents } from '../db/schema.ts';
import type { DomainEventMap } from '../platform/domain-events.ts';
import type { FakeOpenAI } from '../test/fake-openai.ts';
import { rpc, testDatabases, type TestApp } from '../test/harness.ts';
import { chatTestBed } from './chat-test-kit.ts';

describe.each(testDatabases())('work after a turn, on %s', (kind) => {
  const { bed, ask } = chatTestBed(kind);
  let fake: FakeOpenAI;
  let t: TestApp;
  let token: string;
  beforeAll(() => ({ fake, t, token } = bed));

  it('the character updates its memory of the user as a job, after enough new messages', async () => {
    fake.enqueueFor('RECENT CONVERSATION', {
      text: JSON.stringify({ facts: [{ text: 'Dana reads Hebrew poetry.' }] }),
    });
    for (const q of ['I love poetry', 'Mostly Hebrew poems', 'Rachel is my favourite'])
      expect((await ask({ message: q, subject: 'Memory' })).body.Error).toBe(0);
    await t.deps.jobs.idle();
    const memoryCall = fake.requests.find((r) =>
      JSON.stringify(r.messages).includes('RECENT CONVERSATION'),
    );
    expect(JSON.stringify(memoryCall?.messages)).toContain('Rachel is my favourite');
    const memory = await rpc(
      t.app,
      { action: 'GetSetMemory', friendid: 'holmesen' },
      { bearer: token },
    );
    expect(memory.body.memory).toBe('Dana reads Hebrew poetry.');
  });

  it('a finished turn is told to other domains with its model, tokens and cost', async () => {
    const seen: DomainEventMap['turn.finished'][] = [];
    const off = t.deps.domain.on('turn.finished', (e) => void seen.push(e));
    try {
      fake.enqueueFor('Count my tokens', {
        text: 'Counted.',
        usage: { prompt_tokens: 120, completion_tokens: 7, cached_tokens: 100 },
      });
      const r = await ask({ message: 'Count my tokens', subject: 'Usage' });
      await t.deps.domain.settled();
      expect(seen).toEqual([
        expect.objectContaining({
          friendid: 'holmesen',
          replyId: r.body.replyid,
          model: 'fake-model',
          offline: false,
          tokensIn: 120,
          tokensCached: 100,
          tokensOut: 7,
          // The fake model has no list price.
          cost: null,
        }),
      ]);
      const [usage] = await t.deps.db
        .select()
        .from(usageEvents)
        .where(and(eq(usageEvents.userId, seen[0]!.userId), eq(usageEvents.tokensIn, 120)));
      expect(usage).toMatchObject({
        kind: 'chat',
        model: 'fake-model',
        provider: 'compatible',
        tokensIn: 120,
        tokensCached: 100,
        tokensOut: 7,
      });
    } finally {
      off();
    }
  });

  it('replies a stopped server left "streaming" are swept to failed, and can be retried', async () => {
    const r = await ask({ message: 'Cut me off', subject: 'Sweep' });
    const id = r.body.replyid as number;
    // As a crashed instance leaves it: streaming, last written a while ago.
    await t.deps.db
      .update(messages)
      .set({ status: 'streaming', updatedAt: sql`now() - interval '10 minutes'` })
      .where(eq(messages.id, id));
    await t.deps.jobs.send('chat-sweep-stale', {});
    await t.deps.jobs.idle();
    const [row] = await t.deps.db.select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({ status: 'failed', error: null });
    const again = await rpc(t.app, { action: 'RetryReply', replyid: id }, { bearer: token });
    expect(again.body).toMatchObject({ Error: 0, status: 'done' });
  });
});
