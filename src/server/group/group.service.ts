import {
  EDITOR_FRIEND_ID,
  GRAPHIC_DESIGNER_FRIEND_ID,
  friendTypeTraits,
} from '../../protocol/constants.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import { estimateTokens } from '../ai/tokens.ts';
import type { TurnQuote } from '../billing/credits.ts';
import type { ChatDeps } from '../chat/chat.service.ts';
import { budgetFor } from '../chat/prompt.ts';
import { openFriend } from '../chat/conversation.ts';
import { createReplyRunner, DEFAULT_RUNNER } from '../chat/reply-runner.ts';
import { refusal } from '../errors.ts';
import { friendPriv } from '../friends/friend-access.ts';
import type { FriendRow } from '../friends/friends.repo.ts';
import { formatTime } from '../../protocol/time.ts';
import { msg } from '../wording.ts';
import { requireUser, type Ctx, type SessionUser } from '../rpc/context.ts';
import { chooseSpeakers } from './director.ts';
import type { GroupMessageRow } from './group.repo.ts';
import { groupReplyTopic, toMember, toMessage } from './group-rows.ts';
import { groupTurns, type GroupTurnDeps, type GroupTurnRepos } from './group-turn.ts';

export { groupReplyTopic };

/**
 * Group chat (spec part 2 §2 Multichat): several characters, one message, answers in turn.
 * A director picks who speaks (director.ts); each answer is written by the same reply runner
 * as the single chat, on its own table and event topics, so it streams, survives the browser
 * going away, and can be followed after a refresh or from another instance.
 */
export function groupService(
  deps: GroupTurnDeps & Pick<ChatDeps, 'credits' | 'events' | 'media' | 'instance' | 'metrics'>,
  repos: GroupTurnRepos,
) {
  const { group: repo, friends } = repos;
  const runner = createReplyRunner<GroupMessageRow>(
    repo,
    deps.engine,
    deps.events,
    deps.log,
    { ...DEFAULT_RUNNER, onOutcome: (status) => deps.metrics.replyOutcome('group', status) },
    groupReplyTopic,
  );

  const { turnStream, runTurn, insertAnswer } = groupTurns(deps, repos, runner);

  deps.jobs.define(
    'group-sweep-stale',
    async () => {
      const n = await repo.failStale(runner.options.staleMs / 1000, runner.liveIds());
      if (n)
        deps.log.info({ replies: n }, 'group replies cut off by a stopped server marked failed');
    },
    { retryLimit: 0 },
  );
  deps.jobs.schedule('group-sweep-stale', '*/5 * * * *');
  deps.instance.onDead('group chat replies', async (dead) => {
    const ids = await repo.failOfInstances(dead);
    await runner.announceEnded(ids);
    return ids.length;
  });

  /** The ticked characters, each one the caller may watch; refused when one is not. */
  async function openMembers(ids: string[], me: SessionUser) {
    if (ids.length === 0) throw refusal(ErrorCode.BAD_INPUT, 'groupTooFew');
    const rows: FriendRow[] = [];
    for (const id of ids) rows.push((await openFriend(friends, id, me)).friend);
    return rows;
  }

  /** A group answer's quote before its prompt is assembled: the message, at most the budget. */
  function quoteAhead(friend: FriendRow, message: string): TurnQuote {
    const resolved = deps.engine.resolver.resolve(friend.model);
    const budget = budgetFor(resolved.name);
    return {
      offline: resolved.provider === 'offline',
      model: resolved.name,
      promptTokens: estimateTokens(message),
      promptTokensAtMost: budget.contextTokens,
      maxOutputTokens: budget.replyTokens,
    };
  }

  async function busy(userId: number) {
    if ((await repo.streamingCount(userId)) > 0) throw refusal(ErrorCode.CONFLICT, 'groupBusy');
  }

  /**
   * Where a group turn starts (the one place: the credit check goes here). Checks every
   * ticked character, stores the message, lets the director choose the speakers and starts
   * writing their answers; answers the turn as a stream.
   */
  async function startGroupTurn(input: ParsedInput<'MultiChatAsk'>, ctx: Ctx) {
    const me = requireUser(ctx);
    const members = await openMembers(input.friends, me);
    const lang = input.lang ?? ctx.lang;
    if (input.to && !members.some((m) => m.friendid.toLowerCase() === input.to!.toLowerCase()))
      throw refusal(ErrorCode.BAD_INPUT, 'groupNotMember');
    await busy(me.id);
    // Credits first: a spent balance refuses before anything is stored (billing). The hold
    // covers the whole turn; each answer is charged as it finishes, then the hold goes back.
    // Sized for the answer addressed, or the first a model charges for (the first speaker's
    // answer is fitted to it once its prompt is known; the others take their own).
    const paid = (m: FriendRow) => deps.engine.resolver.resolve(m.model).provider !== 'offline';
    const addressedTo = input.to
      ? members.find((m) => m.friendid.toLowerCase() === input.to!.toLowerCase())
      : undefined;
    const payer = addressedTo ?? members.find(paid) ?? members[0]!;
    const hold = await deps.credits.reserveTurn(me.id, quoteAhead(payer, input.message));
    await repo.setSelection(
      me.id,
      members.map((m) => m.friendid),
    );
    // The user's message is stored before any model is called: it is never lost.
    const userMessage = await repo.insert({
      userId: me.id,
      role: 'user',
      content: input.message,
      speaker: me.fullname,
    });
    const recentRows = await repo.conversation(me.id, 30);
    const { speakers, by } = await chooseSpeakers({
      engine: deps.engine,
      members: members.map(toMember),
      message: input.message,
      to: input.to || undefined,
      transcript: recentRows
        .filter((j) => j.m.id < userMessage.id)
        .map((j) => `${j.m.role === 'user' ? me.fullname : j.m.speaker}: ${j.m.content}`),
      recent: recentRows.filter((j) => j.m.role === 'assistant').map((j) => j.friendid ?? ''),
      lang,
      log: ctx.log,
      onUsage: (model, usage) =>
        void deps.media.meter.record({
          userId: me.id,
          kind: 'chat',
          model,
          provider: deps.engine.resolver.resolve(model).provider,
          tokensIn: usage.inputTokens,
          tokensOut: usage.outputTokens,
        }),
    });
    ctx.log.debug({ by, speakers: speakers.map((s) => s.friendid) }, 'group speakers chosen');
    const queue = speakers.map((s) => members.find((m) => m.friendid === s.friendid)!);
    const first = await insertAnswer(me.id, queue[0]!);
    runTurn(me, members, queue, first, userMessage, lang, hold);
    return turnStream(me.id, userMessage.id, ctx, {
      usermessage: toMessage({ m: userMessage, friendid: null, image: null }),
      speakers: queue.map((f) => ({ friendid: f.friendid, speaker: f.friendname, image: f.image })),
      by,
    });
  }

  return {
    ask: startGroupTurn,

    async follow(_input: ParsedInput<'FollowMultiChat'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const last = await repo.lastUserMessage(me.id);
      if (!last) return { answers: [] };
      return turnStream(me.id, last.id, ctx);
    },

    async retrieve(input: ParsedInput<'RetrieveMultiConversaion'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const lang = input.lang ?? ctx.lang;
      const [selection, lines, visible] = await Promise.all([
        repo.selection(me.id),
        repo.conversation(me.id),
        friends.list({
          viewer: { id: me.id, email: me.email },
          lang,
          hideIds: [GRAPHIC_DESIGNER_FRIEND_ID, ...(me.canadd ? [] : [EDITOR_FRIEND_ID])],
        }),
      ]);
      const ticked = new Set(selection.map((s) => s.toLowerCase()));
      const list = [];
      for (const f of visible) {
        if (friendTypeTraits(f.friendtype).system) continue; // system characters do not chat
        const row = await friends.byFriendId(f.friendid);
        const priv = row ? await friendPriv(friends, row.friend, me) : 1;
        list.push({
          friendid: f.friendid,
          friendname: f.friendname,
          image: f.image,
          checked: ticked.has(f.friendid.toLowerCase()) ? 1 : 0,
          priv,
        });
      }
      const chat = lines.map(toMessage);
      // A reply left streaming by a stopped server is no longer being written.
      for (const [i, m] of chat.entries()) {
        const row = lines[i]!.m;
        if (
          m.status === 'streaming' &&
          !runner.isLocal(m.id) &&
          Date.now() - row.updatedAt.getTime() > runner.options.staleMs
        ) {
          await repo.updateMessage(m.id, { status: 'failed', error: null });
          m.status = 'failed';
        }
      }
      for (const m of chat)
        if (m.status === 'failed' && !m.error) m.error = msg('replyFailed', lang);
      return { friends: list, chat, running: chat.some((m) => m.status === 'streaming') };
    },

    /**
     * A failed answer of the last round, written again by the same character. First line:
     * the caller's own answer; the character must still be one the caller may watch.
     */
    async retry(input: ParsedInput<'RetryMultiChatAnswer'>, ctx: Ctx) {
      const me = requireUser(ctx);
      const lang = input.lang ?? ctx.lang;
      const found = (await repo.messageById(input.replyid))?.message;
      if (!found || found.userId !== me.id || found.role !== 'assistant' || !found.friendId)
        throw refusal(ErrorCode.NOT_FOUND, 'groupMessageNotFound');
      if (found.status !== 'failed') throw refusal(ErrorCode.CONFLICT, 'replyNotFailed');
      const question = await repo.lastUserMessage(me.id);
      if (!question || question.id > found.id) throw refusal(ErrorCode.CONFLICT, 'groupRetryOld');
      await busy(me.id);
      const row = await friends.byId(found.friendId);
      if (!row) throw refusal(ErrorCode.NOT_FOUND, 'friendNotFound');
      const friend = (await openFriend(friends, row.friendid, me)).friend;
      const ticked = (await repo.selection(me.id)).filter(
        (id) => id.toLowerCase() !== friend.friendid.toLowerCase(),
      );
      const members = [friend, ...(await openMembers(ticked, me).catch(() => []))];
      const hold = await deps.credits.reserveTurn(me.id, quoteAhead(friend, question.content));
      const reply = (await repo.updateMessage(found.id, {
        status: 'streaming',
        instance: deps.instance.id,
        content: '',
        error: null,
        model: deps.engine.resolver.resolve(friend.model).name,
      }))!;
      runTurn(me, members, [friend], reply, question, lang, hold);
      return turnStream(me.id, question.id, ctx);
    },

    async reset(input: ParsedInput<'ResetMultiConversation'>, ctx: Ctx) {
      const me = requireUser(ctx);
      await busy(me.id);
      if (input.friends?.length) {
        const members = await openMembers(input.friends, me);
        await repo.setSelection(
          me.id,
          members.map((m) => m.friendid),
        );
      }
      await repo.clear(me.id);
      return {};
    },

    async rewind(input: ParsedInput<'RewindMultiConversation'>, ctx: Ctx) {
      const me = requireUser(ctx);
      await busy(me.id);
      const lines = await repo.conversation(me.id, 10_000);
      const target = lines.find((j) =>
        input.id ? j.m.id === input.id : !!input.tm && formatTime(j.m.createdAt) === input.tm,
      );
      if (!target) throw refusal(ErrorCode.NOT_FOUND, 'groupMessageNotFound');
      return { removed: await repo.deleteAfter(me.id, target.m.id) };
    },

    runner,
  };
}
