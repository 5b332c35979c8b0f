import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Shutdown } from '../ops/shutdown.ts';
import type { RpcResult } from '../rpc/dispatcher.ts';

/** One socket write per this many milliseconds at most while text streams (about a frame). */
export const SSE_FRAME_MS = 40;

type Write = (event: string, data: unknown) => void;
type Delta = Record<string, unknown> & { text: string };

const isDelta = (event: string, data: unknown): data is Delta =>
  event === 'delta' && typeof (data as { text?: unknown } | null)?.text === 'string';

/** The same delta event but for its text (the same reply of a group turn). */
function sameStream(a: Delta, b: Delta) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k === 'text' || a[k] === b[k]);
}

/**
 * Coalesces text: the first delta leaves at once (no added time to the first token), then
 * the deltas of one frame leave together as one event at its end, instead of one event and
 * one socket write per token. Any other event first sends what is pending, so order holds.
 */
export function frameCoalescer(write: Write, frameMs = SSE_FRAME_MS) {
  /** The first delta of the frame (its fields), and the text of all of them. */
  let pending: Delta | null = null;
  let text = '';
  let timer: NodeJS.Timeout | null = null;

  const flush = () => {
    if (!pending) return;
    write('delta', pending.text === text ? pending : { ...pending, text });
    pending = null;
    text = '';
  };
  const tick = () => {
    if (!pending) {
      timer = null;
      return;
    }
    flush();
    timer!.refresh();
  };

  return {
    send(event: string, data: unknown) {
      if (!isDelta(event, data)) {
        flush();
        return write(event, data);
      }
      if (!timer) {
        write(event, data);
        timer = setTimeout(tick, frameMs);
        return;
      }
      if (pending && pending !== data && !sameStream(pending, data)) flush();
      pending ??= data;
      text += data.text;
    },
    /** Sends what is pending and stops the frame timer. */
    end() {
      flush();
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * Server-Sent Events for a streamed answer. The client going away only stops the sending:
 * the reply itself is written to the end by the server.
 */
export function sse(
  stream: NonNullable<RpcResult['stream']>,
  request: FastifyRequest,
  shutdown: Shutdown,
): PassThrough {
  const out = new PassThrough();
  shutdown.track(out);
  const frames = frameCoalescer((event, data) => {
    if (!out.writableEnded) out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  });
  const unsubscribe = stream.subscribe(frames.send);
  const ping = setInterval(() => !out.writableEnded && out.write(': ping\n\n'), 15_000);
  const stop = () => {
    clearInterval(ping);
    unsubscribe();
  };
  request.raw.once('close', () => {
    stop();
    frames.end();
  });
  void stream.done.then(
    (body) => {
      stop();
      frames.send('done', body);
      frames.end();
      out.end();
    },
    () => {
      stop();
      frames.end();
      out.end();
    },
  );
  return out;
}
