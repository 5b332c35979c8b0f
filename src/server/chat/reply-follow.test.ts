import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineRequest } from '../ai/engine.ts';
import type { Events } from '../platform/events.ts';
import { eventTransports } from '../platform/test-transports.ts';
import type { ChatRepo, MessageRow } from './chat.repo.ts';
import { createReplyRunner, type ReplyEvent } from './reply-runner.ts';
import { steppedEngine } from '../test/stepped-engine.ts';

/** One stored reply both instances read; the writer never flushes it while streaming. */
function sharedRow(id: number) {
  const row = {
    id,
    content: '',
    status: 'streaming',
    updatedAt: new Date(),
  } as unknown as MessageRow;
  const repo = {
    messageById: async () => ({ message: { ...row }, subject: {} }),
    updateMessage: async (_id: number, patch: Partial<MessageRow>) => {
      Object.assign(row, patch, { updatedAt: new Date() });
      return { ...row };
    },
  } as unknown as ChatRepo;
  return { row, repo };
}

const log = pino({ level: 'silent' });
const opts = { flushMs: 3_600_000, checkMs: 3_600_000, staleMs: 3_600_000 };
const text = (seen: ReplyEvent[]) =>
  seen.reduce((t, e) => (e.type === 'restart' ? '' : e.type === 'delta' ? t + e.text : t), '');

for (const transport of eventTransports()) {
  describe(`a reply followed from another instance through ${transport.name}`, () => {
    let opened: ReturnType<typeof transport.open>;
    afterEach(async () => opened?.close());

    /**
     * A reply being written on one instance, and another instance to follow it from. `wrap`
     * sees the writer's events port (a test that counts what it publishes).
     */
    async function twoInstances(wrap: (events: Events) => Events = (e) => e) {
      opened = transport.open();
      const id = 1000 + Math.floor(Math.random() * 1e6);
      const { repo, row } = sharedRow(id);
      const { engine, step, finish } = steppedEngine();
      const writer = createReplyRunner(repo, engine, wrap(opened.instance()), log, opts);
      const reader = createReplyRunner(repo, engine, opened.instance(), log, opts);
      // The writer hears followers (and stops) from other instances once subscribed.
      await writer.stopsHeard();
      writer.start(
        id,
        {} as EngineRequest,
        async (_r, content) =>
          (await repo.updateMessage(id, { content, status: 'done' }))! as MessageRow,
        () => 'failed',
      );
      return { id, row, repo, engine, step, finish, writer, reader };
    }

    it('gets every delta as it is written, a restart, and the stored end', async () => {
      const { id, step, finish, writer, reader } = await twoInstances();
      const seen: ReplyEvent[] = [];
      const stop = reader.follow(id, 0, (e) => seen.push(e));
      await stop.ready;
      // The row stays empty until the end: only events can bring these.
      step().onDelta('שלום ');
      await expect.poll(() => text(seen)).toBe('שלום ');
      step().onDelta('world ');
      step().onDelta('again');
      await expect.poll(() => text(seen)).toBe('שלום world again');
      step().onRestart!();
      await expect.poll(() => seen.at(-1)).toEqual({ type: 'restart' });
      step().onDelta('second try');
      await expect.poll(() => text(seen)).toBe('second try');
      finish();
      await expect.poll(() => seen.at(-1)?.type).toBe('done');
      expect(seen.at(-1)).toMatchObject({ row: { content: 'second try', status: 'done' } });
      expect(text(seen)).toBe('second try');
      await writer.drain();
    });

    it('a reply nobody elsewhere follows publishes nothing, not even its end', async () => {
      const published: string[] = [];
      const { id, step, finish, writer } = await twoInstances((events) => ({
        publish: (topic: string, payload: unknown) => {
          published.push(topic);
          return events.publish(topic, payload);
        },
        subscribe: events.subscribe.bind(events),
        describe: events.describe.bind(events),
        close: events.close.bind(events),
      }));
      // A follower on the writer's own instance hears it directly.
      const seen: ReplyEvent[] = [];
      writer.follow(id, 0, (e) => seen.push(e));
      step().onDelta('one ');
      step().onDelta('two');
      finish();
      await writer.drain();
      expect(seen.at(-1)).toMatchObject({ type: 'done', row: { content: 'one two' } });
      expect(published.filter((t) => t === `reply.${id}`)).toEqual([]);
    });

    it('a follower whose word comes after an unfollowed end is sent the end', async () => {
      const { id, row, repo, engine, step, finish, writer } = await twoInstances();
      step().onDelta('late');
      // The follower elsewhere read the row just before the final write: it saw it streaming.
      const stale = { ...row, content: '', status: 'streaming' };
      let reads = 0;
      const readerRepo = {
        ...repo,
        messageById: async () => ({ message: reads++ ? { ...row } : stale, subject: {} }),
      } as unknown as ChatRepo;
      finish();
      await writer.drain();
      // Its word reaches the writer only now: with checks an hour apart, only an `f` event
      // can make it read the row again.
      const reader = createReplyRunner(readerRepo, engine, opened.instance(), log, opts);
      const seen: ReplyEvent[] = [];
      const stop = reader.follow(id, 0, (e) => seen.push(e));
      await stop.ready;
      await expect.poll(() => seen.at(-1)?.type).toBe('done');
      expect(text(seen)).toBe('late');
      expect(reads).toBeGreaterThanOrEqual(2);
    });

    it('a follower that missed events catches up from the row', async () => {
      const { id, row, step, finish, writer, reader } = await twoInstances();
      step().onDelta('abc');
      // Written to the row, and its event gone before the follower came.
      row.content = 'abcdef';
      step().onDelta('def');
      const seen: ReplyEvent[] = [];
      const stop = reader.follow(id, 1, (e) => seen.push(e));
      await stop.ready;
      await expect.poll(() => text(seen)).toBe('bcdef');
      step().onDelta('ghi');
      await expect.poll(() => text(seen)).toBe('bcdefghi');
      finish();
      await expect.poll(() => seen.at(-1)?.type).toBe('done');
      expect(text(seen)).toBe('bcdefghi');
      await writer.drain();
    });
  });
}
