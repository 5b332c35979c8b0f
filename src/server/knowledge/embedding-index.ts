import type { Deps } from '../deps.ts';
import type { Repos } from '../repos.ts';
import type { SemanticSearch } from './retrieval.ts';

/** Passages embedded per call to the model (OpenAI takes up to 2048 inputs a call). */
export const EMBED_BATCH = 64;
/** Batches one run of the job does before it queues the rest (keeps a run far from expiry). */
const BATCHES_PER_RUN = 40;

export const EMBED_QUEUE = 'knowledge-embed';
export const EMBED_SWEEP_QUEUE = 'knowledge-embed-sweep';

interface EmbedJob {
  friendRowId: number;
}

/** What names the configured embedding model in stored vectors; null when none is. */
export function embeddingModelId(deps: Pick<Deps, 'media'>): string | null {
  const port = deps.media.embeddings;
  if (!port.available) return null;
  const d = port.describe();
  return `${d.provider}:${d.model}`;
}

/**
 * Queues the embedding of a character's new passages (after a file, a knowledge subject or
 * an imported document was indexed). Nothing without an embedding model. At most one job
 * waits per character: it embeds whatever lacks a vector when it runs.
 */
export async function queueEmbedding(deps: Pick<Deps, 'media' | 'jobs'>, friendRowId: number) {
  if (!embeddingModelId(deps)) return;
  await deps.jobs.send(EMBED_QUEUE, { friendRowId } satisfies EmbedJob, {
    singletonKey: `f${friendRowId}`,
  });
}

/**
 * The jobs that keep passages' embeddings made with the configured model: one per character
 * (idempotent: it embeds the passages that lack a vector of this model, in batches, so a
 * run cut short resumes where it stopped), and a sweep at start that queues it for every
 * character with such passages: after the model was changed, everything is embedded again.
 */
export function defineEmbeddingJobs(
  deps: Pick<Deps, 'jobs' | 'media'>,
  { vectors }: Pick<Repos, 'vectors'>,
): void {
  deps.jobs.define<EmbedJob>(
    EMBED_QUEUE,
    async ({ friendRowId }) => {
      const model = embeddingModelId(deps);
      if (!model) return;
      for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
        const rows = await vectors.missing(friendRowId, model, EMBED_BATCH);
        if (rows.length === 0) return;
        const made = await deps.media.embeddings.embed(rows.map((r) => r.content));
        if (!made) return;
        if (made.vectors.length !== rows.length) {
          throw new Error(`embedding model answered ${made.vectors.length} of ${rows.length}`);
        }
        await vectors.store(
          model,
          rows.map((r, i) => ({ chunkId: r.id, vector: made.vectors[i]! })),
        );
        if (rows.length < EMBED_BATCH) return;
      }
      await queueEmbedding(deps, friendRowId);
    },
    { policy: 'stately', retryLimit: 5, retryDelaySeconds: 30 },
  );
  deps.jobs.define(
    EMBED_SWEEP_QUEUE,
    async () => {
      const model = embeddingModelId(deps);
      if (!model) return;
      for (const friendRowId of await vectors.friendsMissing(model)) {
        await queueEmbedding(deps, friendRowId);
      }
    },
    { retryLimit: 2 },
  );
}

/**
 * The embeddings side of a search for `userId` (who is billed for the question's
 * embedding), or null when no embedding model is configured.
 */
export function semanticSearch(
  deps: Pick<Deps, 'media' | 'log' | 'config'>,
  vectors: Repos['vectors'],
  friendRowId: number,
  userId: number | null,
): SemanticSearch | null {
  const model = embeddingModelId(deps);
  if (!model) return null;
  return {
    log: deps.log,
    budgetMs: deps.config.EMBEDDING_SEARCH_SECONDS * 1000,
    ready: () => vectors.any(friendRowId, model),
    async embed(query, signal) {
      const made = await deps.media.embeddings.embed([query], { userId, signal });
      return made?.vectors[0] ?? null;
    },
    nearest: (vector, n, ownerId, readerId) =>
      vectors.nearest(friendRowId, model, vector, n, ownerId, readerId),
  };
}
