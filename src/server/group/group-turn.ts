import type { GroupAnswer } from '../../protocol/actions/group.ts';
import type { CreditHold, TurnQuote } from '../billing/credits.ts';
import type { EngineRequest } from '../ai/engine.ts';
import { budgetFor, promptTokens } from '../chat/prompt.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { AppError } from '../errors.ts';
import type { ChatDeps } from '../chat/chat.service.ts';
import type { ReplyEvent, ReplyRunner } from '../chat/reply-runner.ts';
import { turnFinished } from '../chat/turn-finished.ts';
import type { FriendRow } from '../friends/friends.repo.ts';
import { msg } from '../wording.ts';
import type { Repos } from '../repos.ts';
import type { Ctx, SessionUser } from '../rpc/context.ts';
import type { Send, Streaming } from '../rpc/streaming.ts';
import type { GroupStreamEvents } from '../../protocol/streams.ts';
import { addressed, ownVoice } from './director.ts';
import { groupMemory, type GroupMemoryRepos } from './group-memory.ts';
import { groupPrompt, type GroupLine } from './group-prompt.ts';
import type { GroupMessageRow } from './group.repo.ts';
import { toAnswer, toMember, type Joined } from './group-rows.ts';

const KNOWLEDGE_PASSAGES = 3;
/** Lines of the conversation a prompt may draw on (the budget trims further). */
const HISTORY_LINES = 60;
/** A character another one spoke to may answer once more in the same turn. */
const MAX_FOLLOW_UPS = 1;

export type Turn = { answers: GroupAnswer[] };

/** The ports a group turn uses. */
export type GroupTurnDeps = Pick<
  ChatDeps,
  'clock' | 'credits' | 'domain' | 'engine' | 'jobs' | 'log' | 'retrieve' | 'instance'
>;
/** The repositories a group turn uses (the speaker's notes are the single chat's). */
export type GroupTurnRepos = GroupMemoryRepos & Pick<Repos, 'chat'>;

/**
 * Running a group turn (the service decides who may ask and who speaks): each speaker's
 * prompt, its answer written by the reply runner one after another in the background, and
 * the stream that follows the turn's answers for the asker or a follower who came back.
 */
export function groupTurns(
  deps: GroupTurnDeps,
  repos: GroupTurnRepos,
  runner: ReplyRunner<GroupMessageRow>,
) {
  const { group: repo, chat } = repos;
  const memory = groupMemory(deps, repos);

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
        const row = await new Promise<GroupMessageRow | null>((resolve) => {
          const stop = runner.follow(next.m.id, 0, (e: ReplyEvent<GroupMessageRow>) => {
            if (e.type === 'delta') send('delta', { replyid: next.m.id, text: e.text });
            if (e.type === 'restart') send('restart', { replyid: next.m.id });
            if (e.type === 'done' || e.type === 'lost') {
              queueMicrotask(() => stop());
              resolve(e.type === 'done' ? e.row : null);
            }
          });
        });
        // Deleted while written (the group conversation reset or rewound), or not stored: the
        // rows are read again, and a turn whose rows are gone ends with the answers so far.
        if (!row) continue;
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
      // The turn's own hold pays the first answer; each later one takes its own (issue 35).
      let held = i === 0 ? hold : null;
      let request;
      try {
        request = await promptFor(me, friend, members, userMessage, lang);
        const q = quoteOf(request);
        if (!held && !q.offline) held = await deps.credits.reserveTurn(me.id, q);
        if (held) {
          const room = await held.fit(q);
          if (room === null) throw deps.credits.noCredits();
          request.maxOutputTokens = room;
          await held.bind(row.id);
        }
      } catch (err) {
        const spent = err instanceof AppError && err.code === ErrorCode.NO_CREDITS;
        if (!spent) deps.log.error({ err }, 'group prompt failed');
        await held?.release();
        // The balance ran out mid-turn: the answer says so (with the buy link) and the turn ends.
        await repo.updateMessage(row.id, {
          status: 'failed',
          error: spent ? msg('noCredits', lang) : null,
        });
        return;
      }
      let nextRow: GroupMessageRow | undefined;
      let ended: GroupMessageRow | undefined;
      let lost = false;
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
            deps.domain.emit(
              'turn.finished',
              turnFinished(me.id, friend, row.id, result, deps.clock.now()),
            );
            // As in the single chat: queued before the answer counts as done, so a crash
            // right after cannot lose it; a queue that refuses is logged, the answer stands.
            await memory
              .afterAnswer(me.id, friend.id, lang)
              .catch((err: unknown) => deps.log.warn({ err }, 'group memory job not queued'));
            return stored;
          },
          () => msg('replyFailed', lang),
        );
        runner.follow(row.id, 0, (e) => {
          if (e.type === 'lost') lost = true;
          else if (e.type === 'done') ended = e.row;
          else return;
          resolve();
        });
      });
      // Its row went while it was written (the conversation reset or rewound): the turn ends
      // here, its hold given back, and the next speaker's row, made already, goes too.
      if (lost) {
        await held
          ?.release()
          .catch((err: unknown) =>
            deps.log.error({ err }, 'group answer credit hold not returned'),
          );
        if (nextRow)
          await repo
            .deleteMessage(nextRow.id)
            .catch((err: unknown) => deps.log.warn({ err }, 'group turn not ended'));
        return;
      }
      // A stored answer's charge settles its hold; one that failed or stopped gives it back.
      if (ended?.status !== 'done')
        await held
          ?.release()
          .catch((err: unknown) =>
            deps.log.error({ err }, 'group answer credit hold not returned'),
          );
      if (nextRow) return speak(i + 1, nextRow);
    };
    void speak(0, first).catch((err: unknown) => deps.log.error({ err }, 'group turn failed'));
  }

  /** A speaker's quote for billing: its prompt's tokens and its reply's budget. */
  function quoteOf(request: EngineRequest): TurnQuote {
    const resolved = deps.engine.resolver.resolve(request.model);
    return {
      offline: resolved.provider === 'offline',
      model: resolved.name,
      promptTokens: promptTokens(request.system, request.messages),
      maxOutputTokens: budgetFor(resolved.name).replyTokens,
    };
  }

  function insertAnswer(userId: number, friend: FriendRow) {
    return repo.insert({
      userId,
      friendId: friend.id,
      role: 'assistant',
      status: 'streaming',
      instance: deps.instance.id,
      speaker: friend.friendname,
      model: deps.engine.resolver.resolve(friend.model).name,
    });
  }

  return { turnStream, runTurn, insertAnswer };
}
