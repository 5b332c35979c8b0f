import type { Logger } from 'pino';
import type { Candidate, ChunksRepo, PhraseBonus, WeightedTerm } from './chunks.repo.ts';
import { positionsOf, queryTerms, tsLexeme } from './text-search.ts';

export interface Passage {
  text: string;
  score: number;
  /** Where it comes from: a file (`num` = file num, `title`) or a knowledge subject. */
  source: { kind: 'file' | 'knowledge'; num: number; title: string };
  seq: number;
  /** The chapter it is in (0: before the first heading; null: the text has no chapters). */
  chapter: number | null;
  /** The page it starts on (texts with pages); null otherwise. */
  page: number | null;
}

/** A shorter form (a prefix stripped, a plural folded) counts a little less than the word. */
const FORM_DISCOUNT = 0.9;
/**
 * Candidates are the passages holding the question's rarest words, taken rarest first while
 * together they stay within this many passages (at least the rarest is always taken): the
 * cost of a search is then bounded however common the other words are, and a passage that
 * answers holds at least one of the rare words anyway.
 */
const FILTER_BUDGET = 500;
/** Candidates the index hands over for re-ranking. */
const CANDIDATES = 60;
/** BM25 constants: a low K1, so holding more of the question's words beats repeating one. */
const K1 = 0.9;
const B = 0.5;
/**
 * Neighbouring question words found side by side ("lighthouse keeper"), or with one or two
 * words between them ("dog of the keeper"): worth about a moderately rare word, so a phrase
 * of common words still tells one passage from another.
 */
const PHRASE = { adjacent: 1.2, near: 0.6 } as const;

/**
 * Most passages scored in the database for one question (a bound for the worst case: a
 * question of everyday words in a big book), and how many of the best of those also get the
 * phrase bonuses there.
 */
const CANDIDATE_SCAN = 1000;
const RESCORE = 200;

const anyForm = (forms: string[]) => `(${forms.map(tsLexeme).join(' | ')})`;

/**
 * The tsquery that picks candidates. The rarest forms, rarest first, while together they
 * stay within FILTER_BUDGET passages. When even the rarest word is common (a question of
 * everyday words), passages must hold two of the three rarest words instead, which the GIN
 * index intersects cheaply.
 */
function candidateFilter(found: { lexeme: string; df: number }[], terms: WeightedTerm[]): string {
  const sorted = [...found].sort((a, b) => a.df - b.df);
  if (sorted[0]!.df > FILTER_BUDGET && terms.length >= 2) {
    const rarest = [...terms]
      .map((t) => ({ forms: t.map((f) => f.lexeme), weight: Math.max(...t.map((f) => f.weight)) }))
      .sort((a, b) => b.weight - a.weight)
      .slice(0, 3);
    const pairs: string[] = [];
    for (let i = 0; i < rarest.length; i++) {
      for (let j = i + 1; j < rarest.length; j++) {
        pairs.push(`(${anyForm(rarest[i]!.forms)} & ${anyForm(rarest[j]!.forms)})`);
      }
    }
    return pairs.join(' | ');
  }
  const filter: string[] = [];
  let covered = 0;
  for (const f of sorted) {
    if (filter.length > 0 && covered + f.df > FILTER_BUDGET) break;
    filter.push(f.lexeme);
    covered += f.df;
  }
  return anyForm(filter);
}

const idf = (total: number, df: number) => Math.log(1 + (total - df + 0.5) / (df + 0.5));

function distance(a: number[], b: number[]): number {
  let best = Infinity;
  for (const x of a) for (const y of b) if (x !== y) best = Math.min(best, Math.abs(x - y));
  return best;
}

/**
 * The passages of a character most relevant to `query` by the word index, best first (at
 * most `k`) with their BM25 scores.
 *
 * Two steps. PostgreSQL's GIN index finds the passages holding the question's words and
 * ranks them by which words they hold, each weighted by its rarity among this character's
 * passages (IDF), plus a bonus for neighbouring question words found close together
 * (phrase operators on the stored word positions). The best candidates are then re-ranked
 * with BM25, which also counts how often each word occurs and prefers focused passages.
 *
 * With `ownerId`, that user's personal files on the character are searched too, and their
 * passages count in the word rarities of this search only (never another user's). With
 * `readerId`, passages past that reader's spoiler horizon are never returned.
 *
 * No access check here: callers (the chat) have checked that the user may talk to the
 * character.
 */
export async function wordRanked(
  repo: ChunksRepo,
  friendRowId: number,
  terms: ReturnType<typeof queryTerms>,
  k: number,
  ownerId: number | null,
  readerId: number | null,
): Promise<{ c: Candidate; score: number }[]> {
  const lexemes = [...new Set(terms.flatMap((t) => t.forms))];
  const { total, df } = await repo.frequencies(friendRowId, lexemes, ownerId);
  if (total === 0) return [];

  const weighted: WeightedTerm[] = [];
  const found: { lexeme: string; df: number }[] = [];
  for (const t of terms) {
    const forms = t.forms
      .map((lexeme, i) => ({
        lexeme,
        df: df.get(lexeme) ?? 0,
        discount: i === 0 ? 1 : FORM_DISCOUNT,
      }))
      .filter((f) => f.df > 0);
    if (forms.length === 0) continue;
    weighted.push(forms.map((f) => ({ lexeme: f.lexeme, weight: idf(total, f.df) * f.discount })));
    found.push(...forms);
  }
  if (weighted.length === 0) return [];
  const filter = candidateFilter(found, weighted);
  const phrases: PhraseBonus[] = [];
  for (let i = 1; i < weighted.length; i++) {
    phrases.push({
      a: weighted[i - 1]!.map((f) => f.lexeme),
      b: weighted[i]!.map((f) => f.lexeme),
      ...PHRASE,
    });
  }

  const candidates = await repo.candidates(
    friendRowId,
    weighted,
    phrases,
    filter,
    { scan: CANDIDATE_SCAN, rescore: RESCORE, answer: Math.max(CANDIDATES, k * 4) },
    ownerId,
    readerId,
  );
  if (candidates.length === 0) return [];

  const docs = candidates.map((c) => {
    const positions = positionsOf(c.content);
    let len = 0;
    for (const at of positions.values()) len = Math.max(len, at[at.length - 1] ?? 0);
    return { c, positions, len };
  });
  const avgLen = docs.reduce((n, d) => n + d.len, 0) / docs.length || 1;
  const scored = docs.map(({ c, positions, len }) => {
    let score = 0;
    const where: number[][] = [];
    for (const term of weighted) {
      let best = 0;
      const at: number[] = [];
      for (const f of term) {
        const p = positions.get(f.lexeme);
        if (!p) continue;
        at.push(...p);
        const tf = p.length;
        best = Math.max(
          best,
          (f.weight * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * len) / avgLen)),
        );
      }
      score += best;
      where.push(at);
    }
    for (let i = 1; i < where.length; i++) {
      const d = distance(where[i - 1]!, where[i]!);
      if (d === 1) score += PHRASE.adjacent;
      else if (d <= 3) score += PHRASE.near;
    }
    return { c, score };
  });
  scored.sort((a, b) => b.score - a.score || a.c.id - b.c.id);
  return scored.slice(0, k);
}

const passage = (c: Candidate, score: number, places: number): Passage => ({
  text: c.content,
  score: Math.round(score * 10 ** places) / 10 ** places,
  seq: c.seq,
  chapter: c.chapter,
  page: c.page,
  source:
    c.fileId !== null
      ? { kind: 'file', num: c.fileId, title: c.title ?? '' }
      : { kind: 'knowledge', num: c.knowledgeId ?? 0, title: c.subject ?? '' },
});

/** Reciprocal Rank Fusion's constant (Cormack et al.): damps the weight of the very first ranks. */
export const RRF_K = 60;
/** How many of each ranking take part in the fusion. */
const FUSION_POOL = 20;

/** The embeddings side of retrieval: the question's vector, and the passages nearest it. */
export interface SemanticSearch {
  /** Whether there is anything to compare with (else the question is not embedded at all). */
  ready(): Promise<boolean>;
  /** The question's embedding; null when no model is configured. */
  embed(query: string, signal: AbortSignal): Promise<number[] | null>;
  nearest(
    vector: number[],
    n: number,
    ownerId: number | null,
    readerId: number | null,
  ): Promise<Candidate[]>;
  log: Logger;
  /**
   * The embeddings side (the question's embedding, then the vector scan) that takes longer
   * than this is given up and the word index answers: a slow provider, or a big book compared
   * in plain SQL (no pgvector), must not hold the turn's first token.
   */
  budgetMs: number;
}

/**
 * Fuses rankings by Reciprocal Rank Fusion: a passage earns 1 / (RRF_K + rank) in each
 * ranking it is in (rank from 1). Ties keep the first ranking's (the word index's) order.
 */
export function fuseRankings(
  rankings: Candidate[][],
  k: number,
): { c: Candidate; score: number }[] {
  const fused = new Map<number, { c: Candidate; score: number; first: number }>();
  rankings.forEach((ranking, r) => {
    ranking.forEach((c, i) => {
      const at = fused.get(c.id);
      const earned = 1 / (RRF_K + i + 1);
      if (at) at.score += earned;
      else fused.set(c.id, { c, score: earned, first: r * 10_000 + i });
    });
  });
  return [...fused.values()].sort((a, b) => b.score - a.score || a.first - b.first).slice(0, k);
}

/** The passages nearest the question's embedding, or null (no model, a failure: logged). */
async function semanticRanked(
  semantic: SemanticSearch,
  query: string,
  n: number,
  ownerId: number | null,
  readerId: number | null,
): Promise<Candidate[] | null> {
  const signal = AbortSignal.timeout(semantic.budgetMs);
  const search = async () => {
    if (!(await semantic.ready())) return null;
    const vector = await semantic.embed(query, signal);
    if (!vector || vector.length === 0) return null;
    return semantic.nearest(vector, n, ownerId, readerId);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), semantic.budgetMs);
  });
  try {
    const found = await Promise.race([search(), late]);
    if (found === 'late') {
      semantic.log.warn({ ms: semantic.budgetMs }, 'embedding search too slow: words alone');
      return null;
    }
    return found;
  } catch (err) {
    semantic.log.warn({ err }, 'embedding search failed: the word index answers alone');
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The passages of a character most relevant to `query`, best first (at most `k`): by the
 * word index (`wordRanked`), and with `semantic` also by embedding similarity, the two
 * rankings fused by Reciprocal Rank Fusion. The question's embedding is asked for first and
 * the word search runs while it comes. Without an embeddings model, or when that side
 * fails, the word index answers alone (never an error for the chat turn).
 *
 * With `ownerId`, that user's personal files on the character are searched too, and their
 * passages count in the word rarities of this search only (never another user's). With
 * `readerId`, passages past that reader's spoiler horizon are never returned, by either side.
 */
export async function retrievePassages(
  repo: ChunksRepo,
  friendRowId: number,
  query: string,
  k: number,
  ownerId: number | null = null,
  /** The reader whose spoiler horizon bounds the search (null: none). */
  readerId: number | null = null,
  semantic: SemanticSearch | null = null,
): Promise<Passage[]> {
  const terms = queryTerms(query);
  if (terms.length === 0 || k <= 0) return [];
  const pool = Math.max(FUSION_POOL, k);
  const near = semantic ? semanticRanked(semantic, query, pool, ownerId, readerId) : null;
  const words = await wordRanked(repo, friendRowId, terms, near ? pool : k, ownerId, readerId);
  const vectors = await near;
  if (!vectors) return words.slice(0, k).map(({ c, score }) => passage(c, score, 3));
  return fuseRankings([words.map((w) => w.c), vectors], k).map(({ c, score }) =>
    passage(c, score, 6),
  );
}
