import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatEngine, EngineRequest } from '../ai/engine.ts';
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

  describe('stop', () => {
    /** A repo that keeps what the runner stores last. */
    const storing = () => {
      const stored: Partial<MessageRow>[] = [];
      const r = {
        updateMessage: async (_id: number, patch: Partial<MessageRow>) => {
          stored.push(patch);
          return { ...row(''), ...patch } as MessageRow;
        },
      } as unknown as ChatRepo;
      return { r, stored };
    };
    const opts = { flushMs: 10_000, checkMs: 50, staleMs: 1_000 };

    it('cuts the model call, keeps the partial text and marks the reply stopped', async () => {
      const { engine, step, aborted } = steppedEngine();
      const { r, stored } = storing();
      const runner = createReplyRunner(r, engine, memoryEvents(), pino({ level: 'silent' }), opts);
      let finished = false;
      runner.start(
        3,
        {} as EngineRequest,
        async (_r, content) => {
          finished = true;
          return row(content);
        },
        () => 'failed',
      );
      step().onDelta('half an ');
      step().onDelta('answer');
      const seen: ReplyEvent[] = [];
      runner.follow(3, 0, (e) => seen.push(e));
      const final = await runner.stop(3);
      expect(aborted()).toBe(true);
      expect(finished).toBe(false);
      expect(final).toMatchObject({ status: 'stopped', content: 'half an answer' });
      expect(stored.at(-1)).toEqual({ status: 'stopped', error: null, content: 'half an answer' });
      expect(seen.at(-1)).toMatchObject({ type: 'done', row: { status: 'stopped' } });
      await runner.drain();
      await expect.poll(() => runner.isLocal(3)).toBe(false);
    });

    it('a stop after the answer finished changes nothing', async () => {
      const { engine, step, finish, aborted } = steppedEngine();
      const { r, stored } = storing();
      const runner = createReplyRunner(r, engine, memoryEvents(), pino({ level: 'silent' }), opts);
      let release!: () => void;
      let finishing = false;
      const held = new Promise<void>((res) => (release = res));
      runner.start(
        4,
        {} as EngineRequest,
        async (_r, content) => {
          finishing = true;
          await held; // the answer is being stored when the stop comes
          return { ...row(content), status: 'done' } as MessageRow;
        },
        () => 'failed',
      );
      step().onDelta('whole answer');
      finish();
      await expect.poll(() => finishing).toBe(true);
      const stopping = runner.stop(4);
      release();
      expect(await stopping).toMatchObject({ status: 'done', content: 'whole answer' });
      expect(aborted()).toBe(false);
      expect(stored.some((p) => p.status === 'stopped')).toBe(false);
    });

    it('a stop for a reply on another instance reaches it through the events', async () => {
      const events = memoryEvents();
      const { engine, step, aborted } = steppedEngine();
      const { r } = storing();
      const holder = createReplyRunner(r, engine, events, pino({ level: 'silent' }), opts);
      // The other instance does not hold reply 5; it reads the row while it waits.
      let status = 'streaming';
      const reader = {
        ...r,
        messageById: async () => ({
          message: { ...row('so far'), status, updatedAt: new Date() },
          subject: {},
        }),
      } as unknown as ChatRepo;
      const other = createReplyRunner(reader, engine, events, pino({ level: 'silent' }), opts);
      await holder.stopsHeard();
      holder.start(
        5,
        {} as EngineRequest,
        async (_r, content) => row(content),
        () => 'failed',
      );
      step().onDelta('so far');
      const stopping = other.stop(5);
      await expect.poll(aborted).toBe(true);
      await holder.drain();
      status = 'stopped';
      expect(await stopping).toMatchObject({ status: 'stopped' });
    });
  });

  describe('flush', () => {
    afterEach(() => vi.useRealTimers());

    it('writes every changed reply in one statement per tick, unchanged ones only to touch them', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
      const saved: { id: number; content: string }[][] = [];
      const updates: number[] = [];
      const r = {
        updateMessage: async (id: number) => {
          updates.push(id);
          return row('');
        },
        saveStreaming: async (rows: { id: number; content: string }[]) => void saved.push(rows),
      } as unknown as ChatRepo;
      const a = steppedEngine();
      const b = steppedEngine();
      const engines = [a, b];
      const engine = {
        stream: (req: EngineRequest, h: never) => engines.shift()!.engine.stream(req, h),
      } as unknown as ChatEngine;
      const runner = createReplyRunner(r, engine, memoryEvents(), pino({ level: 'silent' }), {
        flushMs: 1_000,
        checkMs: 5_000,
        staleMs: 30_000,
      });
      for (const id of [11, 12])
        runner.start(
          id,
          {} as EngineRequest,
          async (_r, c) => row(c),
          () => 'failed',
        );
      a.step().onDelta('one ');
      b.step().onDelta('uno ');
      a.step().onDelta('two');
      await vi.advanceTimersByTimeAsync(1_000);
      expect(saved).toEqual([
        [
          { id: 11, content: 'one two' },
          { id: 12, content: 'uno ' },
        ],
      ]);
      b.step().onDelta('dos');
      await vi.advanceTimersByTimeAsync(1_000);
      expect(saved[1]).toEqual([{ id: 12, content: 'uno dos' }]);
      // Nothing new for five seconds: each is touched once, so neither looks stale.
      await vi.advanceTimersByTimeAsync(6_000);
      expect(saved.slice(2).flat()).toEqual([
        { id: 11, content: 'one two' },
        { id: 12, content: 'uno dos' },
      ]);
      expect(updates).toEqual([]);
      a.finish();
      b.finish();
      await runner.drain();
    });
  });
});
