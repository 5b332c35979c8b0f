import { ErrorCode } from '../../protocol/errors.ts';
import { refusal } from '../errors.ts';
import { msg } from '../wording.ts';
import type { Ctx } from '../rpc/context.ts';
import type { Send, Streaming } from '../rpc/streaming.ts';
import type { ChatStreamEvents } from '../../protocol/streams.ts';
import type { ChatRepo, MessageRow, TurnSubject } from './chat.repo.ts';
import { parseMarkers } from './markers.ts';
import { toAnswer } from './conversation.ts';
import type { ReplyEvent, ReplyRunner } from './reply-runner.ts';

/** A reply as the protocol streams it (AskFriend, FollowReply, and the turns that rewrite). */
export function replyStreamer(repo: ChatRepo, runner: ReplyRunner) {
  type Answer = ReturnType<typeof toAnswer>;

  /**
   * Streams reply `replyId` from `offset`, ending with the stored answer. The answer names
   * `subject` as read when the turn began; an answer that renamed it (a marker) reads it again.
   */
  function stream(
    reply: MessageRow,
    subject: TurnSubject,
    showModel: boolean,
    ctx: Ctx,
    start?: ChatStreamEvents['start'],
  ): Streaming<Answer, ChatStreamEvents> {
    let resolveDone!: (a: Answer) => void;
    let rejectDone!: (e: unknown) => void;
    const done = new Promise<Answer>((res, rej) => {
      resolveDone = res;
      rejectDone = rej;
    });
    const subscribers = new Set<Send<ChatStreamEvents>>();
    const toEvent = (e: ReplyEvent) => {
      if (e.type === 'delta' && subscribers.size) {
        const data = { text: e.text };
        for (const s of subscribers) s('delta', data);
      }
      if (e.type === 'restart') for (const s of subscribers) s('restart', {});
      if (e.type === 'lost') {
        unfollow();
        // Its conversation was reset or rewound while it was written: no answer to give.
        if (e.why === 'deleted') rejectDone(refusal(ErrorCode.NOT_FOUND, 'replyNotFound'));
        else rejectDone(new Error(`reply ${reply.id} could not be stored`));
      }
      if (e.type === 'done') {
        unfollow();
        const answer = (s: TurnSubject) =>
          resolveDone(toAnswer(e.row, s, showModel, msg('replyFailed', ctx.lang)));
        if (!parseMarkers(e.row.content).renameSubject) answer(subject);
        else
          repo
            .subjectById(subject.id)
            .then((s) => answer(s ?? subject))
            .catch(rejectDone);
      }
    };
    // Follow from the start at once, so nothing is missed before a client subscribes.
    let backlog = '';
    const early = (e: ReplyEvent) => {
      if (e.type === 'delta') backlog += e.text;
      if (e.type === 'restart') backlog = '';
      toEvent(e);
    };
    const unfollow = runner.follow(reply.id, reply.content.length, early);
    return {
      kind: 'stream',
      done,
      subscribe(send) {
        if (start) send('start', start);
        if (backlog) send('delta', { text: backlog });
        subscribers.add(send);
        return () => subscribers.delete(send);
      },
    };
  }

  return stream;
}
