import type { CreditHold } from '../billing/credits.ts';
import {
  EDITOR_FRIEND_ID,
  GRAPHIC_DESIGNER_FRIEND_ID,
  friendTypeTraits,
} from '../../protocol/constants.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import type { GroupAnswer } from '../../protocol/actions/group.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { GroupStreamEvents } from '../../protocol/streams.ts';
import { turnCost } from '../ai/prices.ts';
import type { ChatDeps } from '../chat/chat.service.ts';
import { chatRepo } from '../chat/chat.repo.ts';
import { openFriend } from '../chat/conversation.ts';
import { createReplyRunner, type ReplyEvent } from '../chat/reply-runner.ts';
import { AppError } from '../errors.ts';
import { friendPriv } from '../friends/friend-access.ts';
import type { FriendRow } from '../friends/friends.repo.ts';
import { friendsRepo } from '../friends/friends.repo.ts';
import { formatTime } from '../friends/friends.service.ts';
import { msg } from '../messages.ts';
import { requireUser, type Ctx, type SessionUser } from '../rpc/context.ts';
import type { Send, Streaming } from '../rpc/streaming.ts';
import { addressed, chooseSpeakers, ownVoice } from './director.ts';
import { groupPrompt, type GroupLine } from './group-prompt.ts';
import { groupRepo, type GroupMessageRow } from './group.repo.ts';
import { groupReplyTopic, toAnswer, toMember, toMessage, type Joined } from './group-rows.ts';

export { groupReplyTopic };

const KNOWLEDGE_PASSAGES = 3;
/** Lines of the conversation a prompt may draw on (the budget trims further). */
const HISTORY_LINES = 60;
/** A character another one spoke to may answer once more in the same turn. */
const MAX_FOLLOW_UPS = 1;

type Turn = { answers: GroupAnswer[] };

/**
 * Group chat (spec part 2 §2 Multichat): several characters, one message, answers in turn.
 * A director picks who speaks (director.ts); each answer is written by the same reply runner
 * as the single chat, on its own table and event topics, so it streams, survives the browser
 * going away, and can be followed after a refresh or from another instance.
 */
export function groupService(deps: ChatDeps) {
  const repo = groupRepo(deps.db);
  const chat = chatRepo(deps.db);
  const friends = friendsRepo(deps.db);
  const runner = createReplyRunner<GroupMessageRow>(
    repo,
    deps.engine,
    deps.events,
    deps.log,
    undefined,
    groupReplyTopic,
  );

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

  /** The ticked characters, each one the caller may watch; refused when one is not. */
  async function openMembers(ids: string[], me: SessionUser, ctx: Ctx) {
    if (ids.length === 0) throw new AppError(ErrorCode.BAD_INPUT, msg('groupTooFew', ctx.lang));
    const rows: FriendRow[] = [];
    for (const id of ids) rows.push((await openFriend(friends, id, me, ctx)).friend);
    return rows;
  }

  async function busy(userId: number, ctx: Ctx) {
    if ((await repo.streamingCount(userId)) > 0)
      throw new AppError(ErrorCode.CONFLICT, msg('groupBusy', ctx.lang));
  }

  /**
   * Follows the turn that `userMessageId` began: each answer after it in order, live, until
   * the last one is stored. Works for the asker and for a follower that came back later.
   */
  function turnStream(
    userId: number,
    userMessageId: number,
    ctx: Ctx,
    start?: GroupStreamEvents['start'],
  ) {
    type Name = keyof GroupStreamEvents;
    const sent: [Name, GroupStreamEvents[Name]][] = [];
    const subscribers = new Set<Send<GroupStreamEvents>>();
    const send: Send<GroupStreamEvents> = (event, data) => {
      sent.push([event, data]);
      for (const s of subscribers) s(event, data);
    };
    if (start) send('start', start);
    const failText = msg('replyFailed', ctx.lang);
    const done = (async (): Promise<Turn> => {
      const answers: GroupAnswer[] = [];
      const seen = new Set<number>();
      for (;;) {
        const rows = await repo.answersAfter(userId, userMessageId);
        const next = rows.find((r) => !seen.has(r.m.id));
        if (!next) break;
        seen.add(next.m.id);
        const friendid = next.friendid ?? '';
        const image = next.image ?? '';
        send('speaker', { replyid: next.m.id, friendid, speaker: next.m.speaker, image });
        const row = await new Promise<GroupMessageRow>((resolve) => {
          const stop = runner.follow(next.m.id, 0, (e: ReplyEvent<GroupMessageRow>) => {
            if (e.type === 'delta') send('delta', { replyid: next.m.id, text: e.text });
            if (e.type === 'restart') send('restart', { replyid: next.m.id });
            if (e.type === 'done') {
              queueMicrotask(() => stop());
              resolve(e.row);
            }
          });
        });
        const answer = toAnswer(row, friendid, image, failText);
        answers.push(answer);
        send('answer', answer);
        if (answer.status === 'failed') break;
      }
      return { answers };
    })();
    return {
      kind: 'stream',
      done,
      subscribe(fn) {
        for (const [e, d] of sent) fn(e, d);
        subscribers.add(fn);
        return () => subscribers.delete(fn);
      },
    } satisfies Streaming<Turn, GroupStreamEvents>;
  }

  /** What one speaker's prompt needs, read now (earlier speakers of the turn are stored). */
  async function promptFor(
    me: SessionUser,
    friend: FriendRow,
    members: FriendRow[],
    userMessage: GroupMessageRow,
    lang: 'he' | 'en',
  ) {
    const [speaker, lines, knowledge] = await Promise.all([
      chat.speaker(me.id, friend.id),
      repo.conversation(me.id, HISTORY_LINES),
      deps
        .retrieve(friend.id, userMessage.content, KNOWLEDGE_PASSAGES, null, me.id)
        .then((found) => found.map((p) => p.text))
        .catch((err: unknown) => {
          deps.log.warn({ err }, 'knowledge retrieval failed');
          return [] as string[];
        }),
    ]);
    const asLine = (j: Joined): GroupLine => ({
      role: j.m.role === 'user' ? 'user' : 'assistant',
      friendid: j.friendid ?? '',
      speaker: j.m.role === 'user' ? me.fullname : j.m.speaker,
      content: j.m.content,
    });
    const usable = lines.filter((j) => j.m.status === 'done' && j.m.content.trim());
    return groupPrompt({
      friend,
      others: members.filter((m) => m.id !== friend.id).map((m) => m.friendname),
      lang,
      user: speaker,
      history: usable.filter((j) => j.m.id < userMessage.id).map(asLine),
      turn: [
        asLine({ m: userMessage, friendid: null, image: null }),
        ...usable.filter((j) => j.m.id > userMessage.id).map(asLine),
      ],
      knowledge,
    });
  }

  /**
   * Writes the turn's answers one after another, in the background: each speaker's row is
   * made before the previous one is stored, so a follower never sees the turn end early.
   */
  function runTurn(
    me: SessionUser,
    members: FriendRow[],
    queue: FriendRow[],
    first: GroupMessageRow,
    userMessage: GroupMessageRow,
    lang: 'he' | 'en',
    hold: CreditHold | null,
  ) {
    const memberList = members.map(toMember);
    let followUps = 0;
    const speak = async (i: number, row: GroupMessageRow): Promise<void> => {
      const friend = queue[i]!;
      let request;
      try {
        request = await promptFor(me, friend, members, userMessage, lang);
      } catch (err) {
        deps.log.error({ err }, 'group prompt failed');
        await repo.updateMessage(row.id, { status: 'failed', error: null });
        return;
      }
      let nextRow: GroupMessageRow | undefined;
      await new Promise<void>((resolve) => {
        runner.start(
          row.id,
          request,
          async (result, content) => {
            const self = toMember(friend);
            const text = ownVoice(content, self, memberList);
            // A character spoke to another one who is not due to answer: it may answer.
            if (followUps < MAX_FOLLOW_UPS) {
              const pending = queue.slice(i + 1).map((f) => f.friendid);
              const callee = addressed(text, memberList, self).find(
                (m) => !pending.includes(m.friendid),
              );
              const calleeRow = callee && members.find((f) => f.friendid === callee.friendid);
              if (calleeRow && calleeRow.id !== friend.id) {
                followUps++;
                queue.splice(i + 1, 0, calleeRow);
              }
            }
            const next = queue[i + 1];
            if (next) nextRow = await insertAnswer(me.id, next);
            const stored = await repo.updateMessage(row.id, {
              content: text,
              status: 'done',
              model: result.model,
              inputTokens: result.usage.inputTokens,
              cachedInputTokens: result.usage.cachedInputTokens,
              outputTokens: result.usage.outputTokens,
            });
            deps.domain.emit('turn.finished', {
              userId: me.id,
              friendRowId: friend.id,
              friendid: friend.friendid,
              replyId: row.id,
              model: result.model,
              offline: result.offline,
              tokensIn: result.usage.inputTokens,
              tokensCached: result.usage.cachedInputTokens,
              tokensOut: result.usage.outputTokens,
              cost: turnCost(result.model, result.offline, result.usage),
              at: deps.clock.now().toISOString(),
            });
            return stored!;
          },
          () => msg('replyFailed', lang),
        );
        runner.follow(row.id, 0, (e) => {
          if (e.type === 'done') resolve();
        });
      });
      if (nextRow) return speak(i + 1, nextRow);
    };
    void speak(0, first)
      .catch((err: unknown) => deps.log.error({ err }, 'group turn failed'))
      .finally(() => hold?.release())
      .catch((err: unknown) => deps.log.error({ err }, 'group turn credit hold not returned'));
  }

  function insertAnswer(userId: number, friend: FriendRow) {
    return repo.insert({
      userId,
      friendId: friend.id,
      role: 'assistant',
      status: 'streaming',
      speaker: friend.friendname,
      model: deps.engine.resolver.resolve(friend.model).name,
    });
  }

  /**
   * Where a group turn starts (the one place: the credit check goes here). Checks every
   * ticked character, stores the message, lets the director choose the speakers and starts
   * writing their answers; answers the turn as a stream.
   */
  async function startGroupTurn(input: ParsedInput<'MultiChatAsk'>, ctx: Ctx) {
    const me = requireUser(ctx);
    const members = await openMembers(input.friends, me, ctx);
    const lang = input.lang ?? ctx.lang;
    if (input.to && !members.some((m) => m.friendid.toLowerCase() === input.to!.toLowerCase()))
      throw new AppError(ErrorCode.BAD_INPUT, msg('groupNotMember', lang));
    await busy(me.id, ctx);
    // Credits first: a spent balance refuses before anything is stored (billing). The hold
    // covers the whole turn; each answer is charged as it finishes, then the hold goes back.
    const offline = members.every(
      (m) => deps.engine.resolver.resolve(m.model).provider === 'offline',
    );
    const hold = await deps.credits.reserveTurn(me.id, { offline }, lang);
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
        throw new AppError(ErrorCode.NOT_FOUND, msg('groupMessageNotFound', ctx.lang));
      if (found.status !== 'failed')
        throw new AppError(ErrorCode.CONFLICT, msg('replyNotFailed', ctx.lang));
      const question = await repo.lastUserMessage(me.id);
      if (!question || question.id > found.id)
        throw new AppError(ErrorCode.CONFLICT, msg('groupRetryOld', ctx.lang));
      await busy(me.id, ctx);
      const row = await friends.byId(found.friendId);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, msg('friendNotFound', ctx.lang));
      const friend = (await openFriend(friends, row.friendid, me, ctx)).friend;
      const ticked = (await repo.selection(me.id)).filter(
        (id) => id.toLowerCase() !== friend.friendid.toLowerCase(),
      );
      const members = [friend, ...(await openMembers(ticked, me, ctx).catch(() => []))];
      const hold = await deps.credits.reserveTurn(
        me.id,
        { offline: deps.engine.resolver.resolve(friend.model).provider === 'offline' },
        lang,
      );
      const reply = (await repo.updateMessage(found.id, {
        status: 'streaming',
        content: '',
        error: null,
        model: deps.engine.resolver.resolve(friend.model).name,
      }))!;
      runTurn(me, members, [friend], reply, question, lang, hold);
      return turnStream(me.id, question.id, ctx);
    },

    async reset(input: ParsedInput<'ResetMultiConversation'>, ctx: Ctx) {
      const me = requireUser(ctx);
      await busy(me.id, ctx);
      if (input.friends?.length) {
        const members = await openMembers(input.friends, me, ctx);
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
      await busy(me.id, ctx);
      const lines = await repo.conversation(me.id, 10_000);
      const target = lines.find((j) =>
        input.id ? j.m.id === input.id : !!input.tm && formatTime(j.m.createdAt) === input.tm,
      );
      if (!target) throw new AppError(ErrorCode.NOT_FOUND, msg('groupMessageNotFound', ctx.lang));
      return { removed: await repo.deleteAfter(me.id, target.m.id) };
    },

    runner,
  };
}

export type GroupService = ReturnType<typeof groupService>;
