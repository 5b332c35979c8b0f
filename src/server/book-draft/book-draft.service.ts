import type {
  BookCharacter,
  BookJobState,
  CharacterDraft,
} from '../../protocol/actions/book-draft.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import { estimateTokens } from '../ai/tokens.ts';
import type { Deps } from '../deps.ts';
import { refusal } from '../errors.ts';
import { requireFriend } from '../friends/friend-access.ts';
import type { FileRow } from '../knowledge/files.repo.ts';
import { msg, type MessageKey } from '../wording.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx, type SessionUser } from '../rpc/context.ts';
import type { BookJobRow } from './book-draft.repo.ts';
import { pieces, readBook, type Book } from './book-text.ts';
import { heuristicDraft, passagesAbout } from './draft.ts';
import { heuristicCharacters, mentionPattern } from './heuristic.ts';
import {
  chapterCharactersByModel,
  DRAFT_STEPS,
  draftStepByModel,
  type CallUsage,
} from './model-reader.ts';
import { mergeCharacters } from './names.ts';

export const BOOK_QUEUE = 'book-read';
/** The most of a chapter one listing call reads (longer chapters are read in pieces). */
export const PIECE_CHARS = 24_000;
/** What the instructions and the known names add to each listing call, and what it answers. */
const LIST_OVERHEAD = { in: 450, out: 350 };
const DRAFT_OVERHEAD = { in: 350, out: 450 };

interface CharactersResult {
  characters: BookCharacter[];
}
interface DraftResult {
  draft: CharacterDraft;
}

/** A listing reads steps in this order: every piece of every chapter. */
function listingSteps(book: Book) {
  return book.chapters.flatMap((ch) =>
    pieces(ch.text, PIECE_CHARS).map((piece) => ({ ch, piece })),
  );
}

/**
 * A character drafted from a book (issue 36). The creator's book is one of their character's
 * files; listing its characters and drafting one are durable jobs (a row per job holds the
 * state, progress and what was found; the queue carries its id), read chapter by chapter by
 * the character's model, or by the offline heuristic when no model is configured. Credits:
 * the estimate is shown before a job starts and must be covered by the balance; each model
 * call is then recorded and charged as it is made, so a cancel stops the spending at once.
 */
export function bookDraftService(
  deps: Deps,
  repos: Pick<Repos, 'friends' | 'files' | 'bookDraft'>,
) {
  const { friends, files, bookDraft: repo } = repos;
  // Calls in flight on this instance: a cancel aborts them instead of waiting for their end.
  const running = new Map<number, AbortController>();

  deps.jobs.define<{ id: number }>(BOOK_QUEUE, (job) => run(job.id), {
    concurrency: 2,
    retryLimit: 2,
    retryDelaySeconds: 5,
    // A long book is many calls; a run that dies is taken up again from its last chapter.
    expireInSeconds: 3 * 3600,
  });

  /** The caller edits the character and the file is one of its shared files (its book). */
  async function requireBook(friendid: string, num: number, user: SessionUser) {
    const { friend } = await requireFriend(friends, friendid, user, 'edit');
    const file = await files.byNum({ friendRowId: friend.id, ownerId: null }, num);
    if (!file) throw refusal(ErrorCode.NOT_FOUND, 'fileNotFound');
    return { friend, file };
  }

  async function loadBook(file: FileRow): Promise<Book> {
    const stored = await deps.storage.get(`${file.storageKey}.txt`);
    if (!stored) throw refusal(ErrorCode.NOT_FOUND, 'bookNotReadable');
    return readBook(stored.toString('utf8'), {
      num: file.id,
      title: file.title,
      chapters: file.chapters,
    });
  }

  function resolve(model: string) {
    const r = deps.engine.resolver.resolve(model);
    return { ...r, offline: !r.model };
  }

  const reader = (job: BookJobRow) => ({ engine: deps.engine, model: job.model });

  const credits = (model: string, offline: boolean, tokensIn: number, tokensOut: number) =>
    deps.credits.turnCredits(model, offline, { tokensIn, tokensCached: 0, tokensOut });

  function estimateListing(book: Book, model: string, offline: boolean): number {
    const steps = listingSteps(book);
    const tokensIn = steps.reduce((n, s) => n + estimateTokens(s.piece) + LIST_OVERHEAD.in, 0);
    return credits(model, offline, tokensIn, steps.length * LIST_OVERHEAD.out);
  }

  function estimateDraft(book: Book, names: string[], model: string, offline: boolean): number {
    const sent = passagesAbout(book, names);
    const passages = sent.reduce((n, p) => n + estimateTokens(p.text) + 12, 0);
    const calls = DRAFT_STEPS.length;
    return credits(
      model,
      offline,
      calls * (passages + DRAFT_OVERHEAD.in),
      calls * DRAFT_OVERHEAD.out,
    );
  }

  /** Refuses a paid job the balance does not cover (the same refusal as a chat turn's). */
  async function requireCredits(userId: number, cost: number) {
    await deps.credits.ensureAllowance(userId);
    if (cost > 0 && (await repo.balance(userId)) < cost) throw deps.credits.noCredits();
  }

  async function pay(row: BookJobRow, provider: string, u: CallUsage) {
    const cost = deps.credits.turnCredits(row.model, false, u);
    await repo.charge(row.id, {
      userId: row.userId,
      provider,
      model: row.model,
      ...u,
      cost,
      at: deps.clock.now(),
    });
  }

  const progressOf = (row: BookJobRow) =>
    row.state === 'done' ? 100 : row.total ? Math.floor((row.done / row.total) * 100) : 0;

  function jobAnswer(row: BookJobRow, lang: 'he' | 'en') {
    return {
      job: row.id,
      state: row.state as BookJobState,
      progress: progressOf(row),
      offline: row.offline,
      cost: row.state === 'queued' ? row.estimate : row.charged,
      ...(row.failure ? { failure: msg(row.failure as MessageKey, lang) } : {}),
    };
  }

  // ---- the job ----

  async function run(id: number) {
    const found = await repo.withFile(id);
    if (!found || !['queued', 'running'].includes(found.job.state)) return;
    const { job, file } = found;
    const controller = new AbortController();
    running.set(id, controller);
    try {
      const book = await loadBook(file);
      if (job.kind === 'characters') await readCharacters(job, book, controller.signal);
      else await writeDraft(job, book, controller.signal);
    } catch (err) {
      if (controller.signal.aborted) return;
      deps.log.warn({ err, job: id }, 'reading a book failed');
      await repo.finish(id, { state: 'failed', failure: 'bookJobFailed' }, deps.clock.now());
    } finally {
      running.delete(id);
    }
  }

  async function readCharacters(job: BookJobRow, book: Book, signal: AbortSignal) {
    const now = () => deps.clock.now();
    if (job.offline) {
      const total = book.chapters.length;
      const characters = heuristicCharacters(book);
      await repo.step(job.id, { done: total, total, result: { characters } }, now());
      await repo.finish(job.id, { state: 'done' }, now());
      return;
    }
    const r = resolve(job.model);
    const steps = listingSteps(book);
    // A run taken up again after a restart goes on from the last step it stored.
    let characters = (job.result as CharactersResult | null)?.characters ?? [];
    for (let i = job.done; i < steps.length; i++) {
      const { ch, piece } = steps[i]!;
      const call = await chapterCharactersByModel(reader(job), ch, piece, characters, signal);
      await pay(job, r.provider, call.usage);
      characters = mergeCharacters(characters, call.value);
      const live = await repo.step(
        job.id,
        { done: i + 1, total: steps.length, result: { characters } },
        now(),
      );
      if (!live) return; // cancelled: what was read stays
    }
    await repo.finish(job.id, { state: 'done' }, now());
  }

  async function writeDraft(job: BookJobRow, book: Book, signal: AbortSignal) {
    const now = () => deps.clock.now();
    const listing = await repo.latest(job.userId, job.fileId, 'characters');
    const known = ((listing?.result as CharactersResult | null)?.characters ?? []).find(
      (c) => c.name === job.name,
    );
    const aliases = known?.aliases ?? [];
    const firstChapter = known?.firstChapter ?? firstMention(book, [job.name, ...aliases]);
    const lang = job.lang === 'en' ? 'en' : 'he';
    if (job.offline) {
      const draft = heuristicDraft(book, job.name, aliases, firstChapter, lang);
      await repo.step(job.id, { done: 1, total: 1, result: { draft } }, now());
      await repo.finish(job.id, { state: 'done' }, now());
      return;
    }
    const r = resolve(job.model);
    const sent = passagesAbout(book, [job.name, ...aliases]);
    const empty = { text: '', citations: [] };
    let draft: CharacterDraft = (job.result as DraftResult | null)?.draft ?? {
      name: job.name,
      personality: empty,
      background: empty,
      firstMessage: empty,
      examples: [],
      firstChapter,
      imagePrompt: empty,
    };
    const who = { name: job.name, aliases, title: book.title };
    for (let i = job.done; i < DRAFT_STEPS.length; i++) {
      const call = await draftStepByModel(reader(job), DRAFT_STEPS[i]!, who, sent, lang, signal);
      await pay(job, r.provider, call.usage);
      draft = { ...draft, ...call.value };
      const live = await repo.step(
        job.id,
        { done: i + 1, total: DRAFT_STEPS.length, result: { draft } },
        now(),
      );
      if (!live) return;
    }
    await repo.finish(job.id, { state: 'done' }, now());
  }

  function firstMention(book: Book, names: string[]): number {
    const res = names.map(mentionPattern);
    const p = book.passages.find((x) => res.some((re) => ((re.lastIndex = 0), re.test(x.text))));
    return p?.chapter ?? 0;
  }

  async function start(row: BookJobRow) {
    await deps.jobs.send(BOOK_QUEUE, { id: row.id }, { singletonKey: `book:${row.id}` });
  }

  // ---- the actions ----

  return {
    /** Runs a job now, in this process (bench). */
    run,

    async findBookCharacters(input: ParsedInput<'FindBookCharacters'>, ctx: Ctx) {
      const user = requireUser(ctx);
      const { friend, file } = await requireBook(input.friend, input.num, user);
      const lang = input.lang ?? ctx.lang;
      const latest = await repo.latest(user.id, file.id, 'characters');
      const live = latest && ['queued', 'running'].includes(latest.state);
      const characters = (row: BookJobRow | undefined) =>
        (row?.result as CharactersResult | null)?.characters ?? [];
      if (latest && (live || !input.start)) {
        return { ...jobAnswer(latest, lang), characters: characters(latest) };
      }
      const book = await loadBook(file);
      const r = resolve(friend.model);
      const estimate = estimateListing(book, r.name, r.offline);
      if (!input.start) {
        return {
          job: 0,
          state: 'none' as const,
          progress: 0,
          offline: r.offline,
          cost: estimate,
          characters: [],
        };
      }
      await requireCredits(user.id, estimate);
      const row = await repo.create({
        userId: user.id,
        friendId: friend.id,
        fileId: file.id,
        kind: 'characters',
        lang,
        model: r.name,
        offline: r.offline,
        estimate,
        total: r.offline ? book.chapters.length : listingSteps(book).length,
      });
      await start(row);
      return { ...jobAnswer(row, lang), characters: [] };
    },

    async draftCharacterFromBook(input: ParsedInput<'DraftCharacterFromBook'>, ctx: Ctx) {
      const user = requireUser(ctx);
      const { friend, file } = await requireBook(input.friend, input.num, user);
      const lang = input.lang ?? ctx.lang;
      const book = await loadBook(file);
      const listing = await repo.latest(user.id, file.id, 'characters');
      const known = ((listing?.result as CharactersResult | null)?.characters ?? []).find(
        (c) => c.name === input.name,
      );
      const names = [input.name, ...(known?.aliases ?? [])];
      if (!known && !passagesAbout(book, names, 1).length)
        throw refusal(ErrorCode.BAD_INPUT, 'bookCharacterMissing', {
          name: input.name.slice(0, 80),
        });
      const latest = await repo.latest(user.id, file.id, 'draft', input.name);
      if (latest && ['queued', 'running'].includes(latest.state)) {
        return {
          job: latest.id,
          state: latest.state as BookJobState,
          offline: latest.offline,
          cost: latest.estimate,
        };
      }
      const r = resolve(friend.model);
      const estimate = estimateDraft(book, names, r.name, r.offline);
      await requireCredits(user.id, estimate);
      const row = await repo.create({
        userId: user.id,
        friendId: friend.id,
        fileId: file.id,
        kind: 'draft',
        name: input.name,
        lang,
        model: r.name,
        offline: r.offline,
        estimate,
        total: r.offline ? 1 : DRAFT_STEPS.length,
      });
      await start(row);
      return { job: row.id, state: 'queued' as const, offline: r.offline, cost: estimate };
    },

    async getCharacterDraft(input: ParsedInput<'GetCharacterDraft'>, ctx: Ctx) {
      const user = requireUser(ctx);
      const row = await repo.byId(input.job);
      if (!row || row.userId !== user.id || row.kind !== 'draft')
        throw refusal(ErrorCode.NOT_FOUND, 'bookJobNotFound');
      const lang = input.lang ?? ctx.lang;
      return { ...jobAnswer(row, lang), draft: (row.result as DraftResult | null)?.draft ?? null };
    },

    async cancelBookJob(input: ParsedInput<'CancelBookJob'>, ctx: Ctx) {
      const user = requireUser(ctx);
      const state = await repo.cancel(input.job, user.id, deps.clock.now());
      if (!state) throw refusal(ErrorCode.NOT_FOUND, 'bookJobNotFound');
      if (state === 'cancelled') running.get(input.job)?.abort(new Error('cancelled'));
      return { state: state as BookJobState };
    },
  };
}
