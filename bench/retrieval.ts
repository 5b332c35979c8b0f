/**
 * Knowledge retrieval benchmark: builds a ~5 MB book (a generated novel in English and in
 * Hebrew, with planted facts), uploads it as one .txt file through the real upload endpoint
 * (multipart → extraction → passages → full-text index, in one transaction), then times a
 * few hundred `retrieve(friend, query, 3)` calls. Then a reader uploads the same book as a
 * personal file on the (helper) character and the calls are timed again for that reader:
 * their own passages are searched too and their word counts made at question time (the worst
 * case: a personal file as big as the character's). PGlite (persisted in a temporary folder),
 * and PostgreSQL when reachable. Prints figures; asserts nothing. Nothing leaves the machine.
 *
 * Then embeddings as the second signal: the passages are embedded by the indexing job, and
 * questions that paraphrase the planted facts with no word in common with them are asked of
 * the word index alone and of the fused ranking (top-3 recall, p50 latency). No embedding
 * model is available offline (no npm package ships one), so the vectors come from a
 * CONTRIVED embedder served over HTTP in OpenAI's wire format: a synonym table written for
 * these very questions (src/server/test/concept-embedder.ts, book-paraphrases.ts). Its recall
 * shows that fusion works end to end, not what a real model would find.
 *
 *   npm run bench:retrieval
 *   BENCH_QUERIES=1000 BENCH_MB=10 npm run bench:retrieval
 */
import { createPayments } from '../src/server/billing/create-payments.ts';
import { createCredits } from '../src/server/billing/credits.ts';
import { registerInstance } from '../src/server/ops/instances.ts';
import { createEngine } from '../src/server/ai/engine.ts';
import { createMediaPorts } from '../src/server/ai/media/media.ts';
import { createMeter } from '../src/server/ai/meter.ts';
import { createModelResolver } from '../src/server/ai/providers.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { eq } from 'drizzle-orm';
import { knowledgeChunks, knowledgeEmbeddings, users } from '../src/server/db/schema.ts';
import type { Deps } from '../src/server/deps.ts';
import { systemClock } from '../src/server/infra/clock.ts';
import { memoryRateLimiter } from '../src/server/infra/rate-limit.ts';
import { localStorage } from '../src/server/infra/storage.ts';
import { extractorFor } from '../src/server/knowledge/extractor.ts';
import { googleDocsClient } from '../src/server/knowledge/google-docs.client.ts';
import { knowledgeService } from '../src/server/knowledge/knowledge.service.ts';
import { vectorsRepo } from '../src/server/knowledge/vectors.repo.ts';
import { seedStarterContent } from '../src/server/seed/seed.ts';
import { createRepos } from '../src/server/repos.ts';
import { buildNovel } from '../src/server/test/book.ts';
import { PARAPHRASES, PARAPHRASE_SYNONYMS } from '../src/server/test/book-paraphrases.ts';
import { conceptEmbedder } from '../src/server/test/concept-embedder.ts';
import { startFakeOpenAI } from '../src/server/test/fake-openai.ts';
import { positionsOf, queryTerms } from '../src/server/knowledge/text-search.ts';
import { postForm } from '../src/server/test/fixtures.ts';
import { freshDatabase, memoryMailer, rpc, userWithSession } from '../src/server/test/harness.ts';
import { memoryEvents } from '../src/server/platform/events.ts';
import { createDomainEvents } from '../src/server/platform/domain-events.ts';
import { pgBossJobs } from '../src/server/platform/jobs.ts';
import { webPushSender } from '../src/server/push/push-sender.ts';
import { loadVapidKeys } from '../src/server/push/vapid.ts';
import { createMetrics } from '../src/server/ops/metrics.ts';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
const MB = Number(process.env.BENCH_MB ?? 5);
const pgUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

/** Half the bytes English, half Hebrew (two bytes a letter in UTF-8). */
function buildBook() {
  const en = buildNovel('en', { chars: Math.round((MB * 1_000_000) / 2), seed: 1 });
  const he = buildNovel('he', { chars: Math.round((MB * 1_000_000) / 3.6), seed: 2 });
  return { text: `${en.text}\n\n${he.text}`, facts: [...en.facts, ...he.facts] };
}

/** Questions: the planted ones, and the rest made of 3-6 words picked from the book's paragraphs. */
function buildQueries(text: string, facts: { question: string; marker: string }[]) {
  const paragraphs = text.split('\n\n').filter((p) => p.length > 100);
  let seed = 42;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const out = facts.map((f) => f.question);
  while (out.length < QUERIES) {
    const words = paragraphs[Math.floor(rnd() * paragraphs.length)]!.split(/\s+/);
    const n = 3 + Math.floor(rnd() * 4);
    const start = Math.floor(rnd() * Math.max(1, words.length - n * 3));
    out.push(
      Array.from({ length: n }, (_, i) => words[start + i * 3] ?? '')
        .join(' ')
        .replace(/[.,]/g, ''),
    );
  }
  return out;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** The fact sentence of each paraphrase, and the words they share (there should be none). */
function paraphraseCheck(text: string) {
  let shared = 0;
  for (const p of PARAPHRASES) {
    const at = text.indexOf(p.marker);
    const start = Math.max(text.lastIndexOf('.', at), text.lastIndexOf('\n', at)) + 1;
    const sentence = text.slice(start, text.indexOf('.', at + p.marker.length) + 1);
    const lexemes = positionsOf(sentence);
    shared += queryTerms(p.question).filter((t) => t.forms.some((f) => lexemes.has(f))).length;
  }
  return shared;
}

const embedder = await (async () => {
  const server = await startFakeOpenAI();
  server.media.embedder = conceptEmbedder(PARAPHRASE_SYNONYMS, 1024);
  return server;
})();

async function run(kind: 'pglite' | 'postgres', book: ReturnType<typeof buildBook>) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-retrieval-'));
  let database: Database;
  if (kind === 'pglite') database = await openDatabase({ pgliteDir: join(dir, 'db') });
  else database = await freshDatabase('postgres');
  try {
    await seedStarterContent(database.db);
    const config = loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      OPENAI_COMPATIBLE_BASE_URL: embedder.url,
      OPENAI_COMPATIBLE_API_KEY: 'local',
      EMBEDDING_MODEL: 'compatible:contrived-concepts',
      // Measure the whole search by meaning, however long (the app gives it up after 5 s).
      EMBEDDING_SEARCH_SECONDS: '600',
    });
    const meter = createMeter(database.db, systemClock, pino({ level: 'silent' }));
    // The same app without an embedding model: the word index alone.
    const wordsOnly = createMediaPorts(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), {
      meter,
    });
    const instance = await registerInstance(database.db, pino({ level: 'silent' }), {
      name: 'bench-retrieval',
      heartbeatSeconds: config.INSTANCE_HEARTBEAT_SECONDS,
      exclusive: false,
    });
    const deps: Deps = {
      config,
      db: database.db,
      instance,
      mailer: memoryMailer().mailer,
      clock: systemClock,
      limiter: memoryRateLimiter(),
      engine: createEngine(createModelResolver(config), pino({ level: 'silent' })),
      log: pino({ level: 'silent' }),
      google: null,
      storage: localStorage(config.filesDir),
      extractor: extractorFor(config),
      googleDocs: googleDocsClient(config),
      events: memoryEvents(),
      domain: createDomainEvents(pino({ level: 'silent' })),
      push: webPushSender(loadVapidKeys(config), config.vapidSubject),
      jobs: pgBossJobs(database.sql, pino({ level: 'silent' })),
      media: createMediaPorts(config, { meter }),
      payments: createPayments(config),
      credits: createCredits(
        database.db,
        config,
        systemClock,
        pino({ level: 'silent' }),
        instance.id,
      ),
      metrics: createMetrics(),
    };
    const app = await buildApp(deps);
    await app.ready();
    const t = {
      app,
      deps,
      storage: deps.storage,
      mails: [],
      clock: null as never,
      database,
      close: async () => {},
    };
    const token = await userWithSession(t, 'bench@example.com', { grant: 'canadd' });
    await rpc(
      app,
      {
        action: 'SetFriendDetails',
        insert: 1,
        friendid: 'benchbook',
        friendname: 'Bench',
        image: '/friends/librarian.svg',
        personality: 'Knows the book.',
        firstprompt: 'Ask me.',
        friendtype: 1,
        publicfriend: 1,
      },
      { bearer: token },
    );

    const data = Buffer.from(book.text);
    const t0 = performance.now();
    const up = await postForm(app, '/api/upload', {
      bearer: token,
      fields: { friend: 'benchbook' },
      file: { name: 'book.txt', data },
    });
    const uploadMs = performance.now() - t0;
    if (!up.text.startsWith('OK')) throw new Error(`upload failed: ${up.text}`);
    const passages = await deps.db.$count(knowledgeChunks);
    const e0 = performance.now();
    await deps.jobs.idle();
    const embedMs = performance.now() - e0;
    const embedded = await deps.db.$count(knowledgeEmbeddings);

    const fused = knowledgeService(deps, createRepos(deps.db));
    const knowledge = knowledgeService({ ...deps, media: wordsOnly }, createRepos(deps.db));
    const queries = buildQueries(book.text, book.facts);
    const timeQueries = async (userId?: number, service = knowledge) => {
      for (const q of queries.slice(0, 10)) await service.retrieve('benchbook', q, 3, userId); // warm up
      const times: number[] = [];
      let hits = 0;
      for (const [i, q] of queries.entries()) {
        const s = performance.now();
        const found = await service.retrieve('benchbook', q, 3, userId);
        times.push(performance.now() - s);
        const fact = book.facts[i];
        if (fact && found.some((p) => p.text.includes(fact.marker))) hits++;
      }
      const mean = times.reduce((a, b) => a + b, 0) / times.length;
      return [
        `p50 ${ms(pct(times, 50))}, p90 ${ms(pct(times, 90))}, p99 ${ms(pct(times, 99))}, mean ${ms(mean)}, max ${ms(Math.max(...times))}`,
        `${hits}/${book.facts.length}`,
      ];
    };
    const [shared, sharedHits] = await timeQueries();
    const [sharedFused, fusedHits] = await timeQueries(undefined, fused);
    const paraphraseRecall = async (service: typeof knowledge) => {
      let hits = 0;
      for (const p of PARAPHRASES) {
        const found = await service.retrieve('benchbook', p.question, 3);
        if (found.some((x) => x.text.includes(p.marker))) hits++;
      }
      return `${hits}/${PARAPHRASES.length}`;
    };
    const vectorMode = (await vectorsRepo(deps.db).pgvector())
      ? 'pgvector'
      : 'plain SQL over real[] (no pgvector in this server)';
    const paraWords = await paraphraseRecall(knowledge);
    const paraFused = await paraphraseRecall(fused);

    const reader = await userWithSession(t, 'reader@example.com');
    const [readerRow] = await deps.db
      .select()
      .from(users)
      .where(eq(users.email, 'reader@example.com'));
    const p0 = performance.now();
    const mine = await postForm(app, '/api/upload', {
      bearer: reader,
      fields: { friend: 'benchbook' },
      file: { name: 'my-copy.txt', data },
    });
    const personalUploadMs = performance.now() - p0;
    if (!mine.text.startsWith('OK')) throw new Error(`personal upload failed: ${mine.text}`);
    await deps.jobs.idle();
    const [withPersonal, personalHits] = await timeQueries(readerRow!.id);
    const [otherUser] = await timeQueries(readerRow!.id + 1000);

    console.log(
      [
        `\n${kind === 'pglite' ? 'PGlite (embedded, on disk)' : 'PostgreSQL'}`,
        `  upload + extraction + indexing of ${(data.length / 1e6).toFixed(1)} MB: ${ms(uploadMs)} (${passages} passages, ${(data.length / 1e6 / (uploadMs / 1000)).toFixed(2)} MB/s)`,
        `  retrieve(k=3) over ${queries.length} queries: ${shared}`,
        `  planted facts found in the top 3: ${sharedHits}`,
        `  the same book as a reader's personal file: uploaded and indexed in ${ms(personalUploadMs)}`,
        `  retrieve(k=3) for that reader (shared + personal): ${withPersonal}; facts in the top 3: ${personalHits}`,
        `  retrieve(k=3) for a user without personal files: ${otherUser}`,
        `  embeddings -- CONTRIVED embedder (a synonym table written for these questions, served over HTTP), not a real model:`,
        `    embedding job: ${embedded}/${passages} passages in ${ms(embedMs)} (${(embedded / (embedMs / 1000)).toFixed(0)} passages/s)`,
        `    similarity computed by: ${vectorMode}`,
        `    paraphrased questions (${PARAPHRASES.length}, ${paraphraseShared} words shared with their facts) found in the top 3: word index ${paraWords}, fused ${paraFused}`,
        `    planted (worded) questions found in the top 3: word index ${sharedHits}, fused ${fusedHits}`,
        `    retrieve(k=3) word index alone: ${shared}`,
        `    retrieve(k=3) fused (question embedded over local HTTP + vector scan + RRF): ${sharedFused}`,
      ].join('\n'),
    );
    await app.close();
    await deps.extractor.close();
    await deps.media.close();
    await wordsOnly.close();
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const book = buildBook();
const paraphraseShared = paraphraseCheck(book.text);
console.log(
  `Book: ${(Buffer.byteLength(book.text) / 1e6).toFixed(1)} MB, ${book.text.length.toLocaleString('en')} characters, ${book.facts.length} planted facts; ${QUERIES} queries`,
);
await run('pglite', book);
if (await postgresReachable()) {
  process.env.DATABASE_URL = pgUrl;
  await run('postgres', book);
} else {
  console.log('\nPostgreSQL: not reachable, skipped');
}
await embedder.close();
