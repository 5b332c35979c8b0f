/**
 * Cross-instance reply latency: how long after instance A's model chunk a follower on
 * instance B sees it. "events" is the reply runner now (deltas through PostgreSQL
 * LISTEN/NOTIFY, and Redis pub/sub when REDIS_URL is set); "polling" is the runner as it was
 * before (B read the row every 300 ms while A wrote it every 250 ms), taken from git.
 * Both share one in-memory row, so only the transport differs. Prints figures; asserts nothing.
 *   npm run bench:events   (needs DATABASE_URL; BENCH_CHUNKS, BENCH_STREAMS to vary)
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pino from 'pino';
import type { ChatEngine, EngineRequest } from '../src/server/ai/engine.ts';
import type { ChatRepo, MessageRow } from '../src/server/chat/chat.repo.ts';
import { createReplyRunner, type ReplyEvent } from '../src/server/chat/reply-runner.ts';
import { loadConfig } from '../src/server/config.ts';
import { memoryEvents, type Events } from '../src/server/platform/events.ts';
import { pgEvents } from '../src/server/platform/events-pg.ts';
import { redisEvents } from '../src/server/platform/events-redis.ts';
import { steppedEngine } from '../src/server/test/stepped-engine.ts';

const config = loadConfig();
const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 40);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 10);
const GAP_MS = 25;
const log = pino({ level: 'silent' });

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

function memoryRepo() {
  const rows = new Map<number, MessageRow>();
  const repo = {
    messageById: async (id: number) => {
      const row = rows.get(id);
      return row ? { message: { ...row }, subject: {} } : null;
    },
    updateMessage: async (id: number, patch: Partial<MessageRow>) => {
      const row = Object.assign(rows.get(id)!, patch, { updatedAt: new Date() });
      return { ...row };
    },
  } as unknown as ChatRepo;
  const add = (id: number) =>
    rows.set(id, { id, content: '', status: 'streaming', updatedAt: new Date() } as MessageRow);
  return { repo, add };
}

type RunnerFactory = (repo: ChatRepo, engine: ChatEngine, events: Events) => Runner;
interface Runner {
  start: ReturnType<typeof createReplyRunner>['start'];
  follow(id: number, offset: number, l: (e: ReplyEvent) => void): () => void;
  drain(): Promise<void>;
}

/** Streams `STREAMS` replies at once on A, each followed from B; latency per chunk. */
async function measure(make: RunnerFactory, a: Events, b: Events): Promise<number[]> {
  const { repo, add } = memoryRepo();
  const lat: number[] = [];
  // The runners' own timers do not hold the process open; this does, while it measures.
  const keepAlive = setInterval(() => {}, 1000);
  await Promise.all(
    Array.from({ length: STREAMS }, async (_, s) => {
      const id = 1 + s + Math.floor(Math.random() * 1e8);
      add(id);
      const { engine, step, finish } = steppedEngine();
      const writer = make(repo, engine, a);
      const reader = make(repo, engine, b);
      writer.start(
        id,
        {} as EngineRequest,
        async (_r, content) => (await repo.updateMessage(id, { content, status: 'done' }))!,
        () => 'failed',
      );
      const sentAt: number[] = [];
      let got = 0;
      let done!: () => void;
      const finished = new Promise<void>((r) => (done = r));
      const stop = reader.follow(id, 0, (e) => {
        if (e.type === 'delta') {
          const now = performance.now();
          // A delta may carry several chunks: each one's latency is from its own send.
          const chunks = e.text.split('|').length - 1;
          for (let i = 0; i < chunks; i++) lat.push(now - sentAt[got++]!);
        }
        if (e.type === 'done') done();
      });
      await (stop as unknown as { ready?: Promise<void> }).ready;
      await new Promise((r) => setTimeout(r, 50));
      for (let i = 0; i < CHUNKS; i++) {
        sentAt.push(performance.now());
        step().onDelta(`w${i}|`);
        await new Promise((r) => setTimeout(r, GAP_MS));
      }
      finish();
      await finished;
      await writer.drain();
    }),
  );
  clearInterval(keepAlive);
  return lat;
}

function report(name: string, lat: number[]) {
  console.log(
    `  ${name.padEnd(34)} p50 ${pct(lat, 50).toFixed(1).padStart(7)} ms   p99 ${pct(lat, 99)
      .toFixed(1)
      .padStart(7)} ms   (${lat.length} chunks)`,
  );
}

const current: RunnerFactory = (repo, engine, events) =>
  createReplyRunner(repo, engine, events, log);

// The runner before events (commit f82a52f), for the "before" figure.
const oldFile = join(tmpdir(), `old-reply-runner-${process.pid}.ts`);
writeFileSync(
  oldFile,
  execFileSync('git', ['show', 'f82a52f:src/server/chat/reply-runner.ts'], { encoding: 'utf8' }),
);
const old = (await import(oldFile)) as {
  createReplyRunner: (repo: ChatRepo, engine: ChatEngine, log: unknown) => Runner;
};
const polling: RunnerFactory = (repo, engine) => old.createReplyRunner(repo, engine, log);

console.log(
  `Cross-instance delta latency: ${STREAMS} replies at once, ${CHUNKS} chunks each, ${GAP_MS} ms apart`,
);
const shared = memoryEvents();
report('before: row polled every 300 ms', await measure(polling, shared, shared));
if (config.DATABASE_URL) {
  const a = pgEvents(config.DATABASE_URL, log);
  const b = pgEvents(config.DATABASE_URL, log);
  report('events: PostgreSQL LISTEN/NOTIFY', await measure(current, a, b));
  await a.close();
  await b.close();
} else console.log('  (set DATABASE_URL for the PostgreSQL figure)');
if (config.REDIS_URL) {
  const ra = new Redis(config.REDIS_URL);
  const rb = new Redis(config.REDIS_URL);
  report(
    'events: Redis pub/sub',
    await measure(current, redisEvents(ra, log), redisEvents(rb, log)),
  );
  ra.disconnect();
  rb.disconnect();
}
process.exit(0);
