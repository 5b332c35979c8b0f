import { msg } from '../messages.ts';
import type { Ctx } from '../rpc/context.ts';
import type { Send, Streaming } from '../rpc/streaming.ts';
import type { ChatStreamEvents } from '../../protocol/streams.ts';
import type { ChatRepo, MessageRow } from './chat.repo.ts';
import { toAnswer } from './conversation.ts';
import type { ReplyEvent, ReplyRunner } from './reply-runner.ts';

/** A reply as the protocol streams it (AskFriend, FollowReply, and the turns that rewrite). */
export function replyStreamer(repo: ChatRepo, runner: ReplyRunner) {
  type Answer = ReturnType<typeof toAnswer>;

  /** Streams reply `replyId` from `offset`, ending with the stored answer. */
  function stream(
    reply: MessageRow,
    subjectId: number,
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
      if (e.type === 'done') {
        unfollow();
        repo
          .subjectById(subjectId)
          .then((subject) =>
            resolveDone(toAnswer(e.row, subject!, showModel, msg('replyFailed', ctx.lang))),
          )
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
