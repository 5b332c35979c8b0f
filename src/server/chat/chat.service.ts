import { Priv } from '../../protocol/constants.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import type { ChatEngine } from '../ai/engine.ts';
import { estimateTokens } from '../ai/tokens.ts';
import type { CreditHold, TurnQuote } from '../billing/credits.ts';
import { turnFinished } from './turn-finished.ts';
import type { Deps } from '../deps.ts';
import { refusal } from '../errors.ts';
import type { Passage } from '../knowledge/retrieval.ts';
import { msg } from '../wording.ts';
import { horizonSaid } from '../reading/horizon.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';
import type { MessageRow, PromptTurn, SubjectRow, TurnSubject } from './chat.repo.ts';
import { budgetFor, IMAGE_TOKENS } from './prompt.ts';
import {
  createSubjectWithGreeting,
  openedFriend,
  openFriend,
  replyStatus,
  resolveSubject,
  toChatMessage,
} from './conversation.ts';
import { parseMarkers } from './markers.ts';
import { resolveCitations } from '../reading/citations.ts';
import { createMemoryKeeper } from './memory.ts';
import { storeStopped } from './stopped-reply.ts';
import { assembleTurn, buildTurnPrompt, gatherTurn, type TurnPrompt } from './turn-prompt.ts';
import { createReplyRunner, DEFAULT_RUNNER, type ReplyRunner } from './reply-runner.ts';
import { replyStreamer } from './reply-stream.ts';

/** Passages for a turn: the character's shared knowledge plus `userId`'s own personal files. */
export type Retriever = (
  friendRowId: number,
  query: string,
  k: number,
  /** Whose personal files on the character are searched too (null: nobody's). */
  userId: number | null,
  /** Whose spoiler horizon bounds the search (null: none). */
  readerId?: number | null,
) => Promise<Passage[]>;

export interface ChatDeps extends Deps {
  engine: ChatEngine;
  retrieve: Retriever;
  runner?: ReplyRunner;
}

export function chatService(
  deps: ChatDeps,
  repos: Pick<Repos, 'chat' | 'friends' | 'memoryFacts' | 'reading'>,
) {
  const { chat: repo, friends } = repos;
  const runner =
    deps.runner ??
    createReplyRunner(repo, deps.engine, deps.events, deps.log, {
      ...DEFAULT_RUNNER,
      onOutcome: (status) => deps.metrics.replyOutcome('chat', status),
    });
  const memory = createMemoryKeeper(repo, friends, deps.engine, deps.jobs, repos.memoryFacts, {
    delaySeconds: deps.config.MEMORY_DELAY_SECONDS,
    now: () => deps.clock.now().getTime(),
  });

  deps.jobs.define(
    'chat-sweep-stale',
    async () => {
      const n = await repo.failStaleReplies(runner.options.staleMs / 1000, runner.liveIds());
      if (n) deps.log.info({ replies: n }, 'replies cut off by a stopped server marked failed');
    },
    { retryLimit: 0 },
  );
  deps.jobs.schedule('chat-sweep-stale', '*/5 * * * *');
  // What a dead instance was writing: failed (retryable), and its followers told at once.
  deps.instance.onDead('chat replies', async (dead) => {
    const ids = await repo.failOfInstances(dead);
    await runner.announceEnded(ids);
    return ids.length;
  });

  const stream = replyStreamer(repo, runner);

  async function launch(
    reply: MessageRow,
    subject: TurnSubject,
    prompt: Awaited<ReturnType<typeof buildTurnPrompt>>,
    ctx: Ctx,
  ) {
    runner.start(
      reply.id,
      prompt.request,
      async (result, written) => {
        // Only marks of passages really sent stay; what they cite is stored with the answer.
        const { content, citations } = prompt.cited
          ? resolveCitations(written, prompt.cited)
          : { content: written, citations: [] };
        const markers = parseMarkers(content);
        let current = subject;
        if (markers.newSubject) {
          const exists = await repo.subjectByName(
            subject.userId,
            subject.friendId,
            markers.newSubject,
          );
          current =
            exists ??
            (await createSubjectWithGreeting(
              repo,
              { id: subject.userId, fullname: ctx.user?.fullname ?? '' },
              prompt.friend,
              markers.newSubject,
              ctx.lang,
            ));
        } else if (markers.renameSubject) {
          const clash = await repo.subjectByName(
            subject.userId,
            subject.friendId,
            markers.renameSubject,
          );
          if (!clash)
            current = await repo.updateSubject(subject.id, { name: markers.renameSubject });
        }
        void current;
        const row = await repo.finishReply(reply.id, {
          content,
          hidden: markers.hidden,
          citations: citations.length ? citations : null,
          model: result.model,
          inputTokens: result.usage.inputTokens,
          cachedInputTokens: result.usage.cachedInputTokens,
          outputTokens: result.usage.outputTokens,
        });
        deps.domain.emit(
          'turn.finished',
          turnFinished(subject.userId, prompt.friend, reply.id, result, deps.clock.now()),
        );
        // Queued before the answer counts as done, so a crash right after cannot lose it; a
        // queue that refuses is logged and the stored answer stands.
        await memory
          .afterTurn(subject, prompt.assembled.needsFold, ctx.lang, prompt.unseenByMemory)
          .catch((err: unknown) => deps.log.warn({ err }, 'memory job not queued'));
        return row;
      },
      () => msg('replyFailed', ctx.lang),
      storeStopped(repo, deps, subject.userId, reply.id),
    );
  }

  /** The caller's own answer `replyid` with its character; anything else is not found. */
  async function ownAnswer(replyid: number, ctx: Ctx) {
    const me = requireUser(ctx);
    const found = await repo.messageById(replyid);
    if (!found || found.subject.userId !== me.id || found.message.role !== 'assistant') {
      throw refusal(ErrorCode.NOT_FOUND, 'replyNotFound');
    }
    const fr = await friends.byId(found.subject.friendId);
    if (!fr) throw refusal(ErrorCode.NOT_FOUND, 'friendNotFound');
    const { friend, priv } = await openFriend(friends, fr.friendid, me);
    return { me, found, friend, priv };
  }

  /**
   * A turn's quote for billing (issue 35): the prompt's tokens and the most its reply may
   * write. `atMost`: the prompt is not assembled yet, this is the most it can come to.
   */
  function quote(model: string, promptTokens: number, atMost?: number): TurnQuote {
    const resolved = deps.engine.resolver.resolve(model);
    const budget = budgetFor(resolved.name);
    return {
      offline: resolved.provider === 'offline',
      model: resolved.name,
      promptTokens,
      promptTokensAtMost: atMost === undefined ? undefined : Math.max(atMost, budget.contextTokens),
      maxOutputTokens: budget.replyTokens,
    };
  }

  /** Before the prompt is assembled: what the message (and the history read) already weigh. */
  function quoteAhead(
    model: string,
    message: { content: string; img?: string | null },
    history: PromptTurn[] = [],
  ) {
    const weigh = (m: { content: string; img?: string | null }) =>
      estimateTokens(m.content) + (m.img ? IMAGE_TOKENS : 0);
    const known = weigh(message) + history.reduce((n, m) => n + weigh(m) + 4, 0);
    const budget = budgetFor(deps.engine.resolver.resolve(model).name);
    // The history beyond the prompt's room is left out of it (prompt.ts).
    const tokens = Math.min(
      known,
      Math.max(weigh(message), budget.contextTokens - budget.replyTokens),
    );
    return quote(model, tokens, tokens);
  }

  /**
   * Credits first: a balance that cannot cover the turn refuses before anything is stored
   * (billing). Every turn that writes a new answer (ask, regenerate, edit, retry) takes a hold;
   * its charge settles it.
   */
  function holdCredits(me: { id: number }, q: TurnQuote) {
    return deps.credits.reserveTurn(me.id, q);
  }

  /**
   * Once the prompt is known: the reply is capped by what the hold covers, and the hold made
   * the turn's estimate. A hold that cannot cover the prompt is given back and the turn
   * refused; the reply row, if already stored, says so and can be retried.
   */
  async function fitReply(
    hold: CreditHold | null,
    prompt: TurnPrompt,
    lang: 'he' | 'en',
    reply?: MessageRow,
  ) {
    if (!hold) return;
    const room = await hold.fit(
      quote(prompt.request.model ?? 'auto', prompt.assembled.tokens.total),
    );
    if (room === null) {
      await hold.release();
      if (reply)
        await repo.updateMessage(reply.id, { status: 'failed', error: msg('noCredits', lang) });
      throw deps.credits.noCredits();
    }
    prompt.request.maxOutputTokens = room;
  }

  /** The user's message an answer replies to. */
  async function questionOf(answer: MessageRow, subject: SubjectRow) {
    const history = await repo.since(subject.id, 0);
    const q = [...history].reverse().find((m) => m.id < answer.id && m.role === 'user');
    if (!q) throw refusal(ErrorCode.NOT_FOUND, 'replyNotFound');
    return q;
  }

  return {
    async ask(input: ParsedInput<'AskFriend'>, ctx: Ctx) {
      const me = requireUser(ctx);
      // The character, the caller's access, the subject (named, or the most recent) with its
      // history, the speaker and the passage counts: one statement.
      const read = await repo.openTurn(input.friendid, me.email, me.id, input.subject?.trim());
      const { friend, priv } = openedFriend(read, me);
      const lang = input.lang ?? ctx.lang;
      const subject = read!.subject ?? (await resolveSubject(repo, me, friend, input.subject, ctx));
      // A subject made just now has its history (its greeting) read by gatherTurn.
      const pre = read!.subject && read!.history ? { ...read!, history: read!.history } : undefined;
      const resolved = deps.engine.resolver.resolve(friend.model);
      // Credits first: the hold is taken in the statement that stores the turn, and a spent
      // balance stores nothing.
      const hold = await deps.credits.planHold(
        me.id,
        quoteAhead(resolved.name, { content: input.message, img: input.img }, pre?.history),
      );
      const turn = { me, friend, subject, lang, detailsfor: input.detailsfor };
      // The user's message is stored before the model is called: it is never lost. The
      // reply's row and the hold come in the same statement; what the prompt reads is read
      // meanwhile (but a horizon said in words is set only once the turn is stored).
      const store = repo
        .insertTurn(
          {
            subjectId: subject.id,
            role: 'user',
            content: input.message,
            img: input.img || null,
            // The session's user row is read on this request already: its name is current.
            speaker: me.fullname,
          },
          {
            subjectId: subject.id,
            role: 'assistant',
            status: 'streaming',
            instance: deps.instance.id,
            speaker: friend.friendname,
            model: resolved.name,
          },
          hold,
        )
        .then((t) => {
          if (!t) throw deps.credits.noCredits();
          return t;
        });
      const gather = () => gatherTurn(deps, repos, { ...turn, question: input.message }, pre);
      const [stored, gathered] = horizonSaid(input.message)
        ? [await settle(store), await settle(store.then(gather))]
        : await Promise.allSettled([store, gather()]);
      if (stored.status === 'rejected') throw stored.reason;
      const { userMessage, reply, held } = stored.value;
      const credit = hold && held ? deps.credits.heldBy(hold, held.id, held.amount) : null;
      let prompt;
      try {
        if (gathered.status === 'rejected') throw gathered.reason;
        prompt = await assembleTurn(deps, repos, turn, gathered.value, userMessage);
      } catch (err) {
        // The question stays; its reply says it failed and can be retried.
        await repo.updateMessage(reply.id, { status: 'failed', error: null });
        throw err;
      }
      await fitReply(credit, prompt, lang, reply);
      await launch(reply, subject, prompt, ctx);
      return stream(reply, subject, priv === Priv.edit, ctx, {
        replyid: reply.id,
        subject: subject.name,
        usermessage: toChatMessage(userMessage, false),
      });
    },

    async follow(input: ParsedInput<'FollowReply'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const found = await repo.messageById(input.replyid);
      if (!found || found.subject.userId !== me.id || found.message.role !== 'assistant') {
        throw refusal(ErrorCode.NOT_FOUND, 'replyNotFound');
      }
      // Editors see the model label here too.
      const fr = await friends.byId(found.subject.friendId);
      const priv = fr ? (await openFriend(friends, fr.friendid, me)).priv : Priv.view;
      const row = { ...found.message, content: found.message.content.slice(0, input.offset ?? 0) };
      return stream(row, found.subject, priv === Priv.edit, ctx, {
        replyid: row.id,
        subject: found.subject.name,
      });
    },

    /** Only the asker may stop their reply; a finished one is answered as it is. */
    async stop(input: ParsedInput<'StopReply'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const found = await repo.messageById(input.replyid);
      if (!found || found.subject.userId !== me.id || found.message.role !== 'assistant') {
        throw refusal(ErrorCode.NOT_FOUND, 'replyNotFound');
      }
      let row: MessageRow | undefined = found.message;
      if (row.status === 'streaming') row = (await runner.stop(row.id)) ?? row;
      return { replyid: row.id, status: replyStatus(row.status) };
    },

    /**
     * Another answer to the question of the subject's last answer; the old ones stay as
     * alternatives (repo.addVariant) and the new one is chosen.
     */
    async regenerate(input: ParsedInput<'RegenerateReply'>, ctx: Ctx) {
      const { found, friend, priv, me } = await ownAnswer(input.replyid, ctx);
      if (found.message.status === 'streaming')
        throw refusal(ErrorCode.CONFLICT, 'replyStillWriting');
      const [last] = (await repo.page(found.subject.id, 1)).rows;
      if (!last || last.id !== found.message.id) throw refusal(ErrorCode.CONFLICT, 'notLastAnswer');
      const userMessage = await questionOf(found.message, found.subject);
      const prompt = await buildTurnPrompt(deps, repos, {
        me,
        friend,
        subject: found.subject,
        userMessage,
        lang: ctx.lang,
        detailsfor: input.detailsfor,
      });
      const hold = await holdCredits(me, quote(friend.model, prompt.assembled.tokens.total));
      await fitReply(hold, prompt, ctx.lang);
      const reply = await repo.addVariant(found.message, {
        subjectId: found.subject.id,
        role: 'assistant',
        status: 'streaming',
        instance: deps.instance.id,
        speaker: friend.friendname,
        model: deps.engine.resolver.resolve(friend.model).name,
      });
      await hold?.bind(reply.id);
      await launch(reply, found.subject, prompt, ctx);
      return stream(reply, found.subject, priv === Priv.edit, ctx, {
        replyid: reply.id,
        subject: found.subject.name,
      });
    },

    /** The caller's own message, changed and sent again; the later turns are replaced. */
    async edit(input: ParsedInput<'EditMessage'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const found = await repo.messageById(input.id);
      if (!found || found.subject.userId !== me.id || found.message.role !== 'user')
        throw refusal(ErrorCode.NOT_FOUND, 'notOwnMessage');
      const fr = await friends.byId(found.subject.friendId);
      if (!fr) throw refusal(ErrorCode.NOT_FOUND, 'friendNotFound');
      const { friend, priv } = await openFriend(friends, fr.friendid, me);
      const later = await repo.since(found.subject.id, found.message.id);
      if (later.some((m) => m.status === 'streaming'))
        throw refusal(ErrorCode.CONFLICT, 'replyStillWriting');
      const hold = await holdCredits(
        me,
        quoteAhead(friend.model, { content: input.message, img: found.message.img }),
      );
      const { userMessage, reply } = await repo.editFrom(found.message, input.message, {
        role: 'assistant',
        status: 'streaming',
        instance: deps.instance.id,
        speaker: friend.friendname,
        model: deps.engine.resolver.resolve(friend.model).name,
      });
      await hold?.bind(reply.id);
      const subject = (await repo.subjectById(found.subject.id))!;
      let prompt;
      try {
        prompt = await buildTurnPrompt(deps, repos, {
          me,
          friend,
          subject,
          userMessage,
          lang: input.lang ?? ctx.lang,
          detailsfor: input.detailsfor,
        });
      } catch (err) {
        await repo.updateMessage(reply.id, { status: 'failed', error: null });
        throw err;
      }
      await fitReply(hold, prompt, input.lang ?? ctx.lang, reply);
      await launch(reply, subject, prompt, ctx);
      return stream(reply, subject, priv === Priv.edit, ctx, {
        replyid: reply.id,
        subject: subject.name,
        usermessage: toChatMessage(userMessage, false),
      });
    },

    /** Makes one of an answer's alternatives the one the conversation goes on from. */
    async choose(input: ParsedInput<'ChooseVariant'>, ctx: Ctx) {
      const { found } = await ownAnswer(input.replyid, ctx);
      await repo.chooseVariant(found.message);
      return { replyid: found.message.id };
    },

    async retry(input: ParsedInput<'RetryReply'>, ctx: Ctx) {
      const { found, friend, priv, me } = await ownAnswer(input.replyid, ctx);
      if (found.message.status !== 'failed') throw refusal(ErrorCode.CONFLICT, 'replyNotFailed');
      const userMessage = await questionOf(found.message, found.subject);
      const prompt = await buildTurnPrompt(deps, repos, {
        me,
        friend,
        subject: found.subject,
        userMessage,
        lang: ctx.lang,
        detailsfor: input.detailsfor,
      });
      // A retry is paid like any turn: it takes its own hold (the failed one's went back or
      // goes back with it when this one settles).
      const hold = await holdCredits(me, quote(friend.model, prompt.assembled.tokens.total));
      await fitReply(hold, prompt, ctx.lang);
      const reply = (await repo.updateMessage(found.message.id, {
        status: 'streaming',
        instance: deps.instance.id,
        content: '',
        error: null,
      }))!;
      await hold?.bind(reply.id);
      await launch(reply, found.subject, prompt, ctx);
      return stream(reply, found.subject, priv === Priv.edit, ctx, {
        replyid: reply.id,
        subject: found.subject.name,
      });
    },

    runner,
    memory,
  };
}

/** A promise's outcome as Promise.allSettled answers it. */
function settle<T>(p: Promise<T>): Promise<PromiseSettledResult<T>> {
  return p.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );
}
