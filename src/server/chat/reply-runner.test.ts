import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { EngineRequest } from '../ai/engine.ts';
import type { ChatRepo, MessageRow } from './chat.repo.ts';
import { memoryEvents } from '../platform/events.ts';
import { createReplyRunner, type ReplyEvent } from './reply-runner.ts';
import { steppedEngine } from '../test/stepped-engine.ts';

const row = (content: string): MessageRow =>
  ({ id: 1, content, status: 'done', updatedAt: new Date() }) as unknown as MessageRow;

const repo = { updateMessage: async () => row('') } as unknown as ChatRepo;

describe('reply runner', () => {
  it('a follower that joins after a restart is told to start over', async () => {
    const { engine, step, finish } = steppedEngine();
    const runner = createReplyRunner(repo, engine, memoryEvents(), pino({ level: 'silent' }), {
      flushMs: 10_000,
      checkMs: 50,
      staleMs: 1_000,
    });
    runner.start(
      1,
      {} as EngineRequest,
      async (_r, content) => row(content),
      () => 'failed',
    );
    step().onDelta('one two three ');
    step().onRestart!();
    step().onDelta('uno ');
    const seen: ReplyEvent[] = [];
    // The follower had read 14 characters before the restart.
    runner.follow(1, 'one two three '.length, (e) => seen.push(e));
    step().onDelta('dos');
    finish();
    await runner.drain();
    expect(seen.slice(0, 3)).toEqual([
      { type: 'restart' },
      { type: 'delta', text: 'uno ' },
      { type: 'delta', text: 'dos' },
    ]);
    expect(seen.at(-1)).toMatchObject({ type: 'done' });
  });

  it('a follower from the middle gets the rest, then done', async () => {
    const { engine, step, finish } = steppedEngine();
    const runner = createReplyRunner(repo, engine, memoryEvents(), pino({ level: 'silent' }), {
      flushMs: 10_000,
      checkMs: 50,
      staleMs: 1_000,
    });
    runner.start(
      2,
      {} as EngineRequest,
      async (_r, content) => row(content),
      () => 'failed',
    );
    step().onDelta('abc');
    step().onDelta('def');
    const seen: ReplyEvent[] = [];
    runner.follow(2, 3, (e) => seen.push(e));
    finish();
    await runner.drain();
    await new Promise((r) => setTimeout(r, 0));
    expect(seen[0]).toEqual({ type: 'delta', text: 'def' });
    expect(seen.at(-1)).toMatchObject({ type: 'done', row: { content: 'abcdef' } });
  });
});
