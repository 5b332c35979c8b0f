import type { Events } from '../platform/events.ts';
import type { Log } from '../rpc/context.ts';

/**
 * A reply's progress as events, for followers on other instances. Offsets let a follower
 * skip what it has and notice what it missed (then it reads the row); `g` counts the model's
 * restarts, so the deltas of an abandoned attempt are never mixed into the new one.
 */
export type ReplyWire =
  | { k: 'd'; g: number; o: number; x: string }
  | { k: 'r'; g: number }
  /** The row is final: read it. */
  | { k: 'f' };

export const replyTopic = (replyId: number) => `reply.${replyId}`;

/** Characters in one delta event: far under the 8000-byte NOTIFY limit in any script. */
const MAX_DELTA_CHARS = 1500;

/**
 * How long deltas gather before they leave as one event. Only followers on other instances
 * read these (a local follower hears the runner directly), so they may lag a little; one
 * event per token would be one NOTIFY (or Redis publish) per token on a shared connection.
 */
export const WIRE_FRAME_MS = 100;

/**
 * Publishes one reply's events in order, at most one in flight: deltas gather for a frame,
 * and while a publish is under way the next ones gather too and leave as one, so a slow
 * transport costs fewer events, not a queue. A restart or the end leaves at once.
 */
export function replyPublisher(
  events: Events,
  replyId: number,
  log: Log,
  topic = replyTopic(replyId),
  frameMs = WIRE_FRAME_MS,
) {
  const queue: ReplyWire[] = [];
  let pumping = false;
  let timer: NodeJS.Timeout | null = null;

  function take(): ReplyWire {
    const first = queue.shift()!;
    if (first.k !== 'd') return first;
    let merged = first;
    while (queue[0]?.k === 'd' && queue[0].g === merged.g) {
      const next = queue[0];
      if (merged.x.length + next.x.length > MAX_DELTA_CHARS) break;
      queue.shift();
      merged = { ...merged, x: merged.x + next.x };
    }
    return merged;
  }

  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length) await events.publish(topic, take());
    } catch (err) {
      // Followers notice the gap by offset, or at the end, and read the row.
      queue.length = 0;
      log.warn({ err, replyId }, 'reply event not published');
    } finally {
      pumping = false;
    }
  }

  function push(w: ReplyWire) {
    // Once final, followers read the row: deltas not yet sent would only cost a NOTIFY each
    // (a short or non-streamed answer ends before its first frame). A restart stays, so a
    // follower that showed an abandoned attempt starts over.
    if (w.k === 'f')
      for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.k === 'd') queue.splice(i, 1);
    if (w.k === 'd' && w.x.length > MAX_DELTA_CHARS) {
      for (let i = 0; i < w.x.length; i += MAX_DELTA_CHARS)
        queue.push({ ...w, o: w.o + i, x: w.x.slice(i, i + MAX_DELTA_CHARS) });
    } else queue.push(w);
    if (w.k === 'd' && frameMs > 0) {
      if (!timer)
        timer = setTimeout(() => {
          timer = null;
          void pump();
        }, frameMs);
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    void pump();
  }

  return {
    delta: (g: number, offset: number, text: string) => push({ k: 'd', g, o: offset, x: text }),
    restart: (g: number) => push({ k: 'r', g }),
    finished: () => push({ k: 'f' }),
  };
}
