import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friends, knowledgeChunks, knowledgeEmbeddings, usageEvents, users } from '../db/schema.ts';
import { readingRepo } from '../reading/reading.repo.ts';
import { conceptEmbedder } from '../test/concept-embedder.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import { postForm } from '../test/fixtures.ts';
import {
  createTestApp,
  freshDatabase,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import type { Candidate } from './chunks.repo.ts';
import { chunksRepo } from './chunks.repo.ts';
import { knowledgeOn } from '../test/services.ts';
import { fuseRankings, retrievePassages, RRF_K } from './retrieval.ts';
import { vectorsRepo } from './vectors.repo.ts';

/**
 * Embeddings as the second retrieval signal, through the real provider code against the fake
 * OpenAI-compatible server. Its vectors come from a contrived concept embedder (synonym groups
 * below), so a question in other words lands near the passage that answers it.
 */
const SYNONYMS = [
  ['lighthouse', 'beacon'],
  ['keeper', 'guardian'],
  ['dog', 'hound'],
  ['named', 'call'],
  ['ferry', 'boat'],
  ['cost', 'fare'],
  ['crossing', 'journey'],
];

const DOG = "The lighthouse keeper's dog was named Captain Biscuit, and it was afraid of thunder.";
const FERRY =
  'The ferry to Gullhaven left every Thursday at dawn; the crossing cost three copper pennies.';
const FILLER = [
  'The miller counted sacks of flour in the barn while rain fell on the roof.',
  'Miriam baked bread on Sundays and sold it at the market before noon.',
  'Old Jonah told stories of storms and shipwrecks to anyone who would listen.',
];
/** Shares no word with DOG. */
const DOG_PARAPHRASE = 'What did the beacon guardian call his hound?';
const EMBEDDING_MODEL = 'openai:text-embedding-3-small';

const candidate = (id: number): Candidate => ({
  id,
  content: `passage ${id}`,
  seq: id,
  chapter: null,
  page: null,
  fileId: 1,
  knowledgeId: null,
  title: 'book',
  subject: null,
  score: 0,
});

describe('Reciprocal Rank Fusion', () => {
  it('sums 1/(60+rank) over the rankings a passage is in; ties keep the word order', () => {
    const words = [1, 2, 3, 4].map(candidate);
    const vectors = [3, 5, 1].map(candidate);
    const fused = fuseRankings([words, vectors], 5);
    // 1 and 3 tie (ranks 1 and 3 in each), as do 2 and 5: the word index's order decides.
    expect(fused.map((f) => f.c.id)).toEqual([1, 3, 2, 5, 4]);
    expect(fused[0]!.score).toBeCloseTo(1 / (RRF_K + 1) + 1 / (RRF_K + 3));
    expect(fused[1]!.score).toBeCloseTo(1 / (RRF_K + 3) + 1 / (RRF_K + 1));
    expect(fuseRankings([[candidate(2)], [candidate(5)]], 2).map((f) => f.c.id)).toEqual([2, 5]);
    expect(fuseRankings([words, vectors], 2)).toHaveLength(2);
  });
});

describe.each(testDatabases())('retrieval with embeddings on %s', (kind) => {
  let fake: FakeOpenAI;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let t: TestApp;
  let owner: string;
  let ownerId: number;
  let friendRowId: number;
  const env = (model: string) => ({
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: fake.url,
    EMBEDDING_MODEL: model,
  });
  const subject = (name: string, contents: string) =>
    rpc(
      t.app,
      { action: 'GetSetKnowledge', friendid: 'keeper', subject: name, contents },
      { bearer: owner },
    );
  const stored = () =>
    t.deps.db
      .select()
      .from(knowledgeEmbeddings)
      .where(eq(knowledgeEmbeddings.friendId, friendRowId));
  const passages = () =>
    t.deps.db.$count(knowledgeChunks, eq(knowledgeChunks.friendId, friendRowId));
  const embeddingCalls = () => fake.media.requests.filter((r) => r.path === '/embeddings').length;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    fake.media.embedder = conceptEmbedder(SYNONYMS, 128);
    database = await freshDatabase(kind);
    t = await createTestApp(kind, { database, env: env(EMBEDDING_MODEL) });
    owner = await userWithSession(t, 'editor@example.com', { grant: 'canadd' });
    const made = await rpc(
      t.app,
      {
        action: 'SetFriendDetails',
        insert: 1,
        friendid: 'keeper',
        friendname: 'Keeper',
        image: '/friends/librarian.svg',
        personality: 'Knows the harbour.',
        firstprompt: 'Ask me.',
      },
      { bearer: owner },
    );
    expect(made.body.Error).toBe(0);
    const [f] = await t.deps.db.select().from(friends).where(eq(friends.friendid, 'keeper'));
    friendRowId = f!.id;
    const [u] = await t.deps.db.select().from(users).where(eq(users.email, 'editor@example.com'));
    ownerId = u!.id;
    for (const [i, text] of [DOG, FERRY, ...FILLER].entries()) {
      expect((await subject(`note ${i}`, text)).body.Error).toBe(0);
    }
    await t.deps.jobs.idle();
  });
  afterAll(async () => {
    await t.close();
    await database.close();
    await fake.close();
  });

  it('indexing queues a job that embeds every passage with the model, named and sized', async () => {
    const rows = await stored();
    expect(rows).toHaveLength(await passages());
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const r of rows) {
      expect(r).toMatchObject({ model: EMBEDDING_MODEL, dims: 128 });
      expect(Math.hypot(...r.embedding)).toBeCloseTo(1, 4);
    }
    // Background work: metered without a user.
    const usage = await t.deps.db
      .select()
      .from(usageEvents)
      .where(eq(usageEvents.kind, 'embedding'));
    expect(usage.length).toBeGreaterThan(0);
    expect(usage.every((u) => u.userId === null)).toBe(true);
    const listed = await rpc(t.app, { action: 'GetFiles', friend: 'keeper' }, { bearer: owner });
    expect(listed.body).toMatchObject({ Error: 0, search: 'meaning' });
    // pgvector: on the embedded database always; on PostgreSQL when the server has it.
    if (kind === 'pglite') expect(await vectorsRepo(t.deps.db).pgvector()).toBe(true);
  });

  it('a question in other words: the word index misses it, the fused ranking finds it first', async () => {
    const words = await retrievePassages(chunksRepo(t.deps.db), friendRowId, DOG_PARAPHRASE, 3);
    expect(words.some((p) => p.text.includes('Captain Biscuit'))).toBe(false);
    const calls = embeddingCalls();
    const fused = await knowledgeOn(t.deps).passagesFor(
      friendRowId,
      DOG_PARAPHRASE,
      3,
      null,
      ownerId,
    );
    expect(fused[0]?.text).toContain('Captain Biscuit');
    expect(fused[0]?.source).toMatchObject({ kind: 'knowledge', title: 'note 0' });
    // One call for the question, billed to the reader.
    expect(embeddingCalls()).toBe(calls + 1);
    const [last] = await t.deps.db
      .select()
      .from(usageEvents)
      .where(eq(usageEvents.kind, 'embedding'))
      .orderBy(usageEvents.id)
      .limit(1)
      .offset((await t.deps.db.$count(usageEvents, eq(usageEvents.kind, 'embedding'))) - 1);
    expect(last).toMatchObject({ userId: ownerId, model: 'text-embedding-3-small' });
    // A question both signals agree on keeps its answer first.
    const both = await knowledgeOn(t.deps).retrieve('keeper', 'Gullhaven ferry fare', 3);
    expect(both[0]?.text).toContain('Gullhaven');
  });

  it('pgvector and the plain-SQL comparison rank the same', async () => {
    const vector = conceptEmbedder(SYNONYMS, 128)(DOG_PARAPHRASE);
    const plain = await vectorsRepo(t.deps.db, { plainSql: true }).nearest(
      friendRowId,
      EMBEDDING_MODEL,
      vector,
      5,
    );
    const chosen = await vectorsRepo(t.deps.db).nearest(friendRowId, EMBEDDING_MODEL, vector, 5);
    expect(plain.map((c) => c.id)).toEqual(chosen.map((c) => c.id));
    expect(plain[0]!.content).toContain('Captain Biscuit');
    expect(plain[0]!.score).toBeCloseTo(chosen[0]!.score, 4);
    // Vectors of another model, or of another length, are never compared.
    expect(await vectorsRepo(t.deps.db).nearest(friendRowId, 'openai:other', vector, 5)).toEqual(
      [],
    );
    expect(
      await vectorsRepo(t.deps.db).nearest(friendRowId, EMBEDDING_MODEL, vector.slice(0, 64), 5),
    ).toEqual([]);
  });

  it('the spoiler horizon bounds the vector side too', async () => {
    const book = [
      'Chapter 1',
      FILLER[0],
      'Chapter 2',
      FILLER[1],
      'Chapter 3',
      'In the last chapter the beacon guardian found that his hound had a name: Sir Waffles.',
    ].join('\n\n');
    const up = await postForm(t.app, '/api/upload', {
      bearer: owner,
      fields: { friend: 'keeper' },
      file: { name: 'later.txt', data: Buffer.from(book) },
    });
    expect(up.text).toMatch(/^OK \d+$/);
    await t.deps.jobs.idle();
    expect(await stored()).toHaveLength(await passages());
    const reader = await userWithSession(t, 'reader@example.com');
    expect(reader).toBeTruthy();
    const [r] = await t.deps.db.select().from(users).where(eq(users.email, 'reader@example.com'));
    await readingRepo(t.deps.db).setHorizon(r!.id, friendRowId, 2, new Date());
    const vector = conceptEmbedder(SYNONYMS, 128)('Sir Waffles');
    const repo = vectorsRepo(t.deps.db);
    const all = await repo.nearest(friendRowId, EMBEDDING_MODEL, vector, 50);
    expect(all.some((c) => c.content.includes('Sir Waffles'))).toBe(true);
    const bounded = await repo.nearest(friendRowId, EMBEDDING_MODEL, vector, 50, null, r!.id);
    expect(bounded.length).toBeGreaterThan(0);
    expect(bounded.some((c) => c.content.includes('Sir Waffles'))).toBe(false);
    const fused = await knowledgeOn(t.deps).passagesFor(
      friendRowId,
      'Sir Waffles beacon hound',
      5,
      null,
      r!.id,
    );
    expect(fused.some((p) => p.text.includes('Sir Waffles'))).toBe(false);
    expect(
      (await knowledgeOn(t.deps).passagesFor(friendRowId, 'Sir Waffles', 5, null, ownerId)).some(
        (p) => p.text.includes('Sir Waffles'),
      ),
    ).toBe(true);
  });

  it('when the embedding call fails, the word index answers alone (no error)', async () => {
    const service = knowledgeOn(t.deps);
    const words = await retrievePassages(chunksRepo(t.deps.db), friendRowId, 'Gullhaven', 3);
    // The port tries twice (maxRetries 1): both fail.
    fake.media.failNext(500);
    fake.media.failNext(500);
    const found = await service.passagesFor(friendRowId, 'Gullhaven', 3, null, ownerId);
    expect(found).toEqual(words);
    expect(found[0]?.text).toContain('Gullhaven');
    const missed = await service.passagesFor(friendRowId, DOG_PARAPHRASE, 3, null, ownerId);
    expect(missed.some((p) => p.text.includes('Captain Biscuit'))).toBe(true);
  });

  it('an embeddings side that never answers is given up after its budget', async () => {
    const words = await retrievePassages(chunksRepo(t.deps.db), friendRowId, 'Gullhaven', 3);
    const found = await retrievePassages(
      chunksRepo(t.deps.db),
      friendRowId,
      'Gullhaven',
      3,
      null,
      null,
      {
        log: t.deps.log,
        budgetMs: 1,
        ready: async () => true,
        embed: () => new Promise<never>(() => {}),
        nearest: async () => [],
      },
    );
    expect(found).toEqual(words);
  });

  it('a new model re-embeds everything at start; a second run asks the model nothing', async () => {
    await t.close();
    const large = 'openai:text-embedding-3-large';
    t = await createTestApp(kind, { database, env: env(large) });
    await t.deps.jobs.idle();
    const rows = await stored();
    expect(rows).toHaveLength(await passages());
    expect(new Set(rows.map((r) => r.model))).toEqual(new Set([large]));
    const found = await knowledgeOn(t.deps).passagesFor(friendRowId, DOG_PARAPHRASE, 3);
    expect(found.some((p) => p.text.includes('Captain Biscuit'))).toBe(true);
    const calls = embeddingCalls();
    await t.deps.jobs.send('knowledge-embed', { friendRowId });
    await t.deps.jobs.idle();
    expect(embeddingCalls()).toBe(calls);
  });
});

describe.each(testDatabases())('retrieval without an embedding model on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('indexes nothing and answers from the word index', async () => {
    expect(t.deps.media.embeddings.available).toBe(false);
    const owner = await userWithSession(t, 'editor@example.com', { grant: 'canadd' });
    await rpc(
      t.app,
      {
        action: 'SetFriendDetails',
        insert: 1,
        friendid: 'keeper',
        friendname: 'Keeper',
        image: '/friends/librarian.svg',
        personality: 'Knows the harbour.',
        firstprompt: 'Ask me.',
      },
      { bearer: owner },
    );
    for (const [i, text] of [DOG, FERRY].entries()) {
      await rpc(
        t.app,
        { action: 'GetSetKnowledge', friendid: 'keeper', subject: `n${i}`, contents: text },
        { bearer: owner },
      );
    }
    await t.deps.jobs.idle();
    expect(await t.deps.db.$count(knowledgeEmbeddings)).toBe(0);
    const listed = await rpc(t.app, { action: 'GetFiles', friend: 'keeper' }, { bearer: owner });
    expect(listed.body).toMatchObject({ Error: 0, search: 'words' });
    const found = await knowledgeOn(t.deps).retrieve('keeper', 'lighthouse dog', 3);
    expect(found[0]?.text).toContain('Captain Biscuit');
    expect(found[0]!.score).toBeGreaterThan(1);
    expect(
      (await knowledgeOn(t.deps).retrieve('keeper', DOG_PARAPHRASE, 3)).some((p) =>
        p.text.includes('Captain Biscuit'),
      ),
    ).toBe(false);
  });
});
