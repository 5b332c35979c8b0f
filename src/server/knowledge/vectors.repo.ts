import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { friendFiles, knowledge, knowledgeChunks, knowledgeEmbeddings } from '../db/schema.ts';
import { passageColumns, visiblePassages, type Candidate } from './chunks.repo.ts';

/** Scales a vector to unit length, so cosine similarity is a dot product. */
export function unit(v: number[]): number[] {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n) || 1;
  return v.map((x) => x / n);
}

/** Whether each database has pgvector installed (asked once per connection pool). */
const pgvectorOn = new WeakMap<Db, Promise<boolean>>();

async function hasPgvector(db: Db): Promise<boolean> {
  let known = pgvectorOn.get(db);
  if (!known) {
    known = db
      .execute(sql`select count(*)::int as n from pg_extension where extname = 'vector'`)
      .then((r) => Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n) > 0);
    pgvectorOn.set(db, known);
  }
  return known;
}

const realArray = (v: number[]) => `{${v.join(',')}}`;
const vectorText = (v: number[]) => `[${v.join(',')}]`;

/**
 * The passages' embeddings: which passages still need one from a model, storing them, and
 * the passages nearest a question's embedding. Only vectors of the same model and length are
 * ever compared.
 */
export function vectorsRepo(
  db: Db,
  /** Tests force the plain-SQL comparison where pgvector is installed. */
  opts: { plainSql?: boolean } = {},
) {
  const pgvector = async () => !opts.plainSql && (await hasPgvector(db));
  return {
    /** pgvector computes the similarities (else plain SQL over the same `real[]` column). */
    pgvector,

    /** Passages of the character without an embedding of `model`, oldest first. */
    async missing(friendRowId: number, model: string, limit: number) {
      return db
        .select({ id: knowledgeChunks.id, content: knowledgeChunks.content })
        .from(knowledgeChunks)
        .leftJoin(knowledgeEmbeddings, eq(knowledgeEmbeddings.chunkId, knowledgeChunks.id))
        .where(
          and(
            eq(knowledgeChunks.friendId, friendRowId),
            or(isNull(knowledgeEmbeddings.chunkId), sql`${knowledgeEmbeddings.model} <> ${model}`),
          ),
        )
        .orderBy(knowledgeChunks.id)
        .limit(limit);
    },

    /** Whether the character has any passage embedded with `model`. */
    async any(friendRowId: number, model: string): Promise<boolean> {
      const [row] = await db
        .select({ id: knowledgeEmbeddings.chunkId })
        .from(knowledgeEmbeddings)
        .where(
          and(eq(knowledgeEmbeddings.friendId, friendRowId), eq(knowledgeEmbeddings.model, model)),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Characters with passages that have no embedding of `model` (after a model change). */
    async friendsMissing(model: string): Promise<number[]> {
      const rows = await db
        .selectDistinct({ friendId: knowledgeChunks.friendId })
        .from(knowledgeChunks)
        .leftJoin(knowledgeEmbeddings, eq(knowledgeEmbeddings.chunkId, knowledgeChunks.id))
        .where(
          or(isNull(knowledgeEmbeddings.chunkId), sql`${knowledgeEmbeddings.model} <> ${model}`),
        );
      return rows.map((r) => r.friendId);
    },

    /**
     * Stores (or replaces) embeddings of passages. Passages deleted meanwhile (a file removed
     * while its job ran) are skipped: the insert reads the passages it joins to.
     */
    async store(model: string, rows: { chunkId: number; vector: number[] }[]): Promise<number> {
      if (rows.length === 0) return 0;
      const values = sql.join(
        rows.map((r) => sql`(${r.chunkId}::int, ${realArray(unit(r.vector))}::real[])`),
        sql`, `,
      );
      const result = await db.execute(sql`
        insert into ${knowledgeEmbeddings} (chunk_id, friend_id, model, dims, embedding)
        select c.id, c.friend_id, ${model}, array_length(v.e, 1), v.e
        from (values ${values}) as v(id, e) join ${knowledgeChunks} c on c.id = v.id
        on conflict (chunk_id) do update
          set model = excluded.model, dims = excluded.dims, embedding = excluded.embedding`);
      const r = result as unknown as { rowCount?: number | null; affectedRows?: number };
      return r.rowCount ?? r.affectedRows ?? 0;
    },

    /**
     * The character's passages nearest `vector` (cosine similarity, best first), at most `n`:
     * its shared passages, plus `ownerId`'s personal ones when set, within `readerId`'s spoiler
     * horizon when set. An exact scan of the character's vectors (a book is a few thousand):
     * no approximate index, so the filters never cut the answer short.
     */
    async nearest(
      friendRowId: number,
      model: string,
      vector: number[],
      n: number,
      ownerId: number | null = null,
      readerId: number | null = null,
    ): Promise<Candidate[]> {
      const q = unit(vector);
      const similarity = (await pgvector())
        ? sql<number>`(-(${knowledgeEmbeddings.embedding}::vector <#> ${vectorText(q)}::vector))`
        : sql<number>`(select sum(a * b) from unnest(${knowledgeEmbeddings.embedding}, ${realArray(q)}::real[]) as x(a, b))`;
      const score = similarity.mapWith(Number);
      return db
        .select({
          ...passageColumns(knowledgeChunks),
          title: friendFiles.title,
          subject: knowledge.subject,
          score,
        })
        .from(knowledgeEmbeddings)
        .innerJoin(knowledgeChunks, eq(knowledgeChunks.id, knowledgeEmbeddings.chunkId))
        .leftJoin(friendFiles, eq(friendFiles.id, knowledgeChunks.fileId))
        .leftJoin(knowledge, eq(knowledge.id, knowledgeChunks.knowledgeId))
        .where(
          and(
            eq(knowledgeEmbeddings.friendId, friendRowId),
            eq(knowledgeEmbeddings.model, model),
            eq(knowledgeEmbeddings.dims, q.length),
            visiblePassages(friendRowId, ownerId, readerId),
          ),
        )
        .orderBy(sql`${score} desc`, knowledgeChunks.id)
        .limit(n);
    },
  };
}
