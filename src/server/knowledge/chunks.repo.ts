import { and, eq, inArray, isNull, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  friendFiles,
  friends,
  knowledge,
  knowledgeChunks,
  knowledgeTerms,
  personalTerms,
  readingHorizons,
} from '../db/schema.ts';
import type { IndexedPassage } from './chapters.ts';
import {
  friendLexeme,
  personalLexeme,
  positionsOf,
  tsLexeme,
  tsvectorLiteral,
} from './text-search.ts';

/** Rows per INSERT statement (far below PostgreSQL's 65535 parameters). */
const BATCH = 400;

export interface PassageSource {
  fileId?: number;
  knowledgeId?: number;
  /** The user whose personal file this is (absent: the character's shared knowledge). */
  ownerId?: number | null;
}

/**
 * Locks the character's row for the rest of the transaction: writes of one character's
 * passages and term counts then run one at a time (no lost updates, no deadlocks).
 */
export async function lockFriend(tx: Db, friendRowId: number): Promise<void> {
  await tx
    .select({ id: friends.id })
    .from(friends)
    .where(eq(friends.id, friendRowId))
    .for('update');
}

/**
 * Adds `delta` passages to each lexeme's count (sorted: a fixed lock order): the character's
 * counts, or with `ownerId` that user's counts for their personal passages on it.
 */
async function addTerms(
  tx: Db,
  friendRowId: number,
  ownerId: number | null,
  counts: Map<string, number>,
) {
  const sorted = [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 0; i < sorted.length; i += BATCH * 2) {
    const slice = sorted.slice(i, i + BATCH * 2);
    if (ownerId === null) {
      await tx
        .insert(knowledgeTerms)
        .values(slice.map(([lexeme, df]) => ({ friendId: friendRowId, lexeme, df })))
        .onConflictDoUpdate({
          target: [knowledgeTerms.friendId, knowledgeTerms.lexeme],
          set: { df: sql`${knowledgeTerms.df} + excluded.df` },
        });
    } else {
      await tx
        .insert(personalTerms)
        .values(slice.map(([lexeme, df]) => ({ friendId: friendRowId, ownerId, lexeme, df })))
        .onConflictDoUpdate({
          target: [personalTerms.friendId, personalTerms.ownerId, personalTerms.lexeme],
          set: { df: sql`${personalTerms.df} + excluded.df` },
        });
    }
  }
}

/**
 * Stores the passages of one file or knowledge subject with their lexemes and updates the
 * term counts. Runs inside the caller's transaction (which has called `lockFriend`), so a
 * source is indexed whole or not at all. A personal file's passages carry their owner and
 * the owner's tag, and are counted in the owner's counts, not the character's.
 */
export async function insertPassages(
  tx: Db,
  friendRowId: number,
  source: PassageSource,
  passages: (string | IndexedPassage)[],
): Promise<void> {
  const ownerId = source.ownerId ?? null;
  const tag = ownerId === null ? friendLexeme(friendRowId) : personalLexeme(friendRowId, ownerId);
  const counts = new Map<string, number>([[tag, passages.length]]);
  for (let i = 0; i < passages.length; i += BATCH) {
    const rows = passages.slice(i, i + BATCH).map((p, j) => {
      const { content, chapter, page } =
        typeof p === 'string' ? { content: p, chapter: null, page: null } : p;
      const positions = positionsOf(content);
      for (const lexeme of positions.keys()) counts.set(lexeme, (counts.get(lexeme) ?? 0) + 1);
      return {
        friendId: friendRowId,
        fileId: source.fileId ?? null,
        knowledgeId: source.knowledgeId ?? null,
        ownerId,
        seq: i + j,
        chapter,
        page,
        content,
        tsv: sql`${tsvectorLiteral(positions, [tag])}::tsvector`,
      };
    });
    await tx.insert(knowledgeChunks).values(rows);
  }
  if (passages.length > 0) await addTerms(tx, friendRowId, ownerId, counts);
}

/**
 * Removes the passages of one source and takes them out of the term counts they were added
 * to (the lexemes come from the stored vectors). `source.ownerId` says whose file it is.
 * Inside the caller's transaction, after `lockFriend`.
 */
export async function removePassages(
  tx: Db,
  friendRowId: number,
  source: PassageSource,
): Promise<void> {
  const ownerId = source.ownerId ?? null;
  const which = and(
    source.fileId !== undefined
      ? eq(knowledgeChunks.fileId, source.fileId)
      : eq(knowledgeChunks.knowledgeId, source.knowledgeId ?? -1),
    ownerId === null ? isNull(knowledgeChunks.ownerId) : eq(knowledgeChunks.ownerId, ownerId),
  );
  const removed = sql`
    select lexeme, count(*)::int as n
    from ${knowledgeChunks}, unnest(tsvector_to_array(${knowledgeChunks.tsv})) as lexeme
    where ${knowledgeChunks.friendId} = ${friendRowId} and ${which}
    group by lexeme`;
  if (ownerId === null) {
    await tx.execute(sql`
      update ${knowledgeTerms} t set df = t.df - x.n from (${removed}) x
      where t.friend_id = ${friendRowId} and t.lexeme = x.lexeme`);
    await tx
      .delete(knowledgeTerms)
      .where(and(eq(knowledgeTerms.friendId, friendRowId), lte(knowledgeTerms.df, 0)));
  } else {
    await tx.execute(sql`
      update ${personalTerms} t set df = t.df - x.n from (${removed}) x
      where t.friend_id = ${friendRowId} and t.owner_id = ${ownerId} and t.lexeme = x.lexeme`);
    await tx
      .delete(personalTerms)
      .where(
        and(
          eq(personalTerms.friendId, friendRowId),
          eq(personalTerms.ownerId, ownerId),
          lte(personalTerms.df, 0),
        ),
      );
  }
  await tx.delete(knowledgeChunks).where(and(eq(knowledgeChunks.friendId, friendRowId), which));
}

export interface Candidate {
  id: number;
  content: string;
  seq: number;
  chapter: number | null;
  page: number | null;
  fileId: number | null;
  knowledgeId: number | null;
  title: string | null;
  subject: string | null;
  score: number;
}

/** One searched word: its forms, each with the weight a passage earns for holding it. */
export type WeightedTerm = { lexeme: string; weight: number }[];

/** Two question words that stood side by side, and what a passage earns for holding them close. */
export interface PhraseBonus {
  a: string[];
  b: string[];
  /** Earned when the words are next to each other (either order). */
  adjacent: number;
  /** Earned when one or two words stand between them. */
  near: number;
}

const anyOf = (forms: string[]) => `(${forms.map(tsLexeme).join(' | ')})`;

/** The tsquery "a then b, exactly `d` apart, in either order". */
function phraseQuery(p: PhraseBonus, distances: number[]): string {
  const a = anyOf(p.a);
  const b = anyOf(p.b);
  return distances.flatMap((d) => [`${a} <${d}> ${b}`, `${b} <${d}> ${a}`]).join(' | ');
}

/** Whose passages a search reads: the character's shared ones, plus `ownerId`'s own when set. */
const tagsFor = (friendRowId: number, ownerId: number | null) =>
  ownerId === null
    ? tsLexeme(friendLexeme(friendRowId))
    : `(${tsLexeme(friendLexeme(friendRowId))} | ${tsLexeme(personalLexeme(friendRowId, ownerId))})`;

/**
 * "This passage is within `readerId`'s spoiler horizon on the character": in a chapter up to
 * the last one they have read. Passages without a chapter (texts without headings, knowledge
 * subjects) always are. Read in the same statement as the search: no round trip of its own.
 */
export const withinHorizon = (friendRowId: number, readerId: number) =>
  sql`(${knowledgeChunks.chapter} is null or ${knowledgeChunks.chapter} <= coalesce((select ${readingHorizons.chapter} from ${readingHorizons} where ${readingHorizons.userId} = ${readerId} and ${readingHorizons.friendId} = ${friendRowId}), 2147483647))`;

/** The columns of a passage that a search returns, from the chunks table or a subquery of it. */
type PassageColumn = 'id' | 'content' | 'seq' | 'chapter' | 'page' | 'fileId' | 'knowledgeId';
export const passageColumns = <T extends Record<PassageColumn, unknown>>(
  t: T,
): Pick<T, PassageColumn> => ({
  id: t.id,
  content: t.content,
  seq: t.seq,
  chapter: t.chapter,
  page: t.page,
  fileId: t.fileId,
  knowledgeId: t.knowledgeId,
});

/**
 * The passages a search may return: the shared ones, `ownerId`'s own when set, and with
 * `readerId` only those within their spoiler horizon.
 */
export const visiblePassages = (
  friendRowId: number,
  ownerId: number | null,
  readerId: number | null,
) =>
  and(
    ownerId === null
      ? isNull(knowledgeChunks.ownerId)
      : or(isNull(knowledgeChunks.ownerId), eq(knowledgeChunks.ownerId, ownerId)),
    readerId === null ? undefined : withinHorizon(friendRowId, readerId),
  );

/**
 * How many passages a search of a character reaches, for a statement that reads the character
 * anyway (chat's `openTurn`): `friendRowId` is that statement's expression of the character's
 * row id. `shared`: the character's own passages; `own`: `ownerId`'s personal files on it. Both
 * are the tag rows of the term counts (`friendLexeme`, `personalLexeme`, kept with the passages
 * in the same transaction), so 0 means a search would find nothing.
 */
export function passageCountsSql(friendRowId: SQL, ownerId: number | Placeholder) {
  const sharedTag = sql`'#f' || ${friendRowId}`;
  const ownTag = sql`'#f' || ${friendRowId} || 'u' || ${ownerId}::int`;
  return {
    sharedPassages: sql<number>`coalesce((select ${knowledgeTerms.df} from ${knowledgeTerms}
      where ${knowledgeTerms.friendId} = ${friendRowId} and ${knowledgeTerms.lexeme} = ${sharedTag}), 0)`.mapWith(
      Number,
    ),
    ownPassages: sql<number>`coalesce((select ${personalTerms.df} from ${personalTerms}
      where ${personalTerms.friendId} = ${friendRowId} and ${personalTerms.ownerId} = ${ownerId}::int
      and ${personalTerms.lexeme} = ${ownTag}), 0)`.mapWith(Number),
  };
}

export function chunksRepo(db: Db) {
  const query = (friendRowId: number, ownerId: number | null, body: string) =>
    `${tagsFor(friendRowId, ownerId)} & (${body})`;

  return {
    /**
     * Passages of the character, and in how many of them each lexeme occurs; with `ownerId`,
     * that user's personal passages are added to both (and nobody else's ever are, so a
     * word's rarity in a search tells nothing of other users' files).
     */
    async frequencies(friendRowId: number, lexemes: string[], ownerId: number | null = null) {
      const tag = friendLexeme(friendRowId);
      const ownTag = ownerId === null ? null : personalLexeme(friendRowId, ownerId);
      const [shared, own] = await Promise.all([
        db
          .select({ lexeme: knowledgeTerms.lexeme, df: knowledgeTerms.df })
          .from(knowledgeTerms)
          .where(
            and(
              eq(knowledgeTerms.friendId, friendRowId),
              inArray(knowledgeTerms.lexeme, [tag, ...lexemes]),
            ),
          ),
        ownerId === null
          ? []
          : db
              .select({ lexeme: personalTerms.lexeme, df: personalTerms.df })
              .from(personalTerms)
              .where(
                and(
                  eq(personalTerms.friendId, friendRowId),
                  eq(personalTerms.ownerId, ownerId),
                  inArray(personalTerms.lexeme, [personalLexeme(friendRowId, ownerId), ...lexemes]),
                ),
              ),
      ]);
      const df = new Map<string, number>(lexemes.map((l) => [l, 0]));
      let total = 0;
      for (const r of [...shared, ...own]) {
        if (r.lexeme === tag || r.lexeme === ownTag) total += r.df;
        else df.set(r.lexeme, (df.get(r.lexeme) ?? 0) + r.df);
      }
      return { total, df };
    },

    /**
     * The passages matching `filter` (a tsquery over lexemes), at most `scan` of them, best
     * first by the sum over terms of the best weight among the forms the passage holds, plus
     * (for the best `rescore`) the phrase bonuses they earn. The GIN index finds them; the character's tag lexeme keeps
     * the search inside one character (no friend_id condition, so the planner cannot prefer
     * that btree and re-check every passage of a big book). With `ownerId`, that user's
     * personal tag is searched too; the owner condition only re-states it.
     */
    async candidates(
      friendRowId: number,
      terms: WeightedTerm[],
      phrases: PhraseBonus[],
      filter: string,
      limits: { scan: number; rescore: number; answer: number },
      ownerId: number | null = null,
      /** Whose spoiler horizon bounds the search (null: none). */
      readerId: number | null = null,
    ) {
      const { scan, rescore, answer: limit } = limits;
      if (terms.length === 0) return [];
      const found = db
        .select({ ...passageColumns(knowledgeChunks), tsv: knowledgeChunks.tsv })
        .from(knowledgeChunks)
        .where(
          and(
            sql`${knowledgeChunks.tsv} @@ ${query(friendRowId, ownerId, filter)}::tsquery`,
            visiblePassages(friendRowId, ownerId, readerId),
          ),
        )
        .limit(scan)
        .as('found');
      // Words first, on every passage found; the phrase bonuses (dearer: positions) only on
      // the best `rescore` of those.
      const has = (tsv: unknown, q: string) => sql`${tsv} @@ ${q}::tsquery`;
      const termScore = sql<number>`(${sql.join(
        terms.map(
          (t) =>
            sql`greatest(${sql.join(
              t.map(
                (f) =>
                  sql`case when ${has(found.tsv, tsLexeme(f.lexeme))} then ${f.weight}::float8 else 0 end`,
              ),
              sql`, `,
            )})`,
        ),
        sql` + `,
      )})`;
      const ranked = db
        .select({
          ...passageColumns(found),
          tsv: found.tsv,
          words: termScore.as('words'),
        })
        .from(found)
        .orderBy(sql`words desc`, found.id)
        .limit(rescore)
        .as('ranked');
      const bonus = phrases.map(
        (p) =>
          sql`case when ${has(ranked.tsv, phraseQuery(p, [1]))} then ${p.adjacent}::float8 when ${has(ranked.tsv, phraseQuery(p, [2, 3]))} then ${p.near}::float8 else 0 end`,
      );
      const score = sql<number>`(${sql.join([sql`${ranked.words}`, ...bonus], sql` + `)})`.mapWith(
        Number,
      );
      return db
        .select({
          ...passageColumns(ranked),
          title: friendFiles.title,
          subject: knowledge.subject,
          score,
        })
        .from(ranked)
        .leftJoin(friendFiles, eq(friendFiles.id, ranked.fileId))
        .leftJoin(knowledge, eq(knowledge.id, ranked.knowledgeId))
        .orderBy(sql`${score} desc`, ranked.id)
        .limit(limit);
    },

    async firstPassage(fileId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ content: knowledgeChunks.content })
        .from(knowledgeChunks)
        .where(and(eq(knowledgeChunks.fileId, fileId), eq(knowledgeChunks.seq, 0)));
      return row?.content;
    },
  };
}

export type ChunksRepo = ReturnType<typeof chunksRepo>;
