import { describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Events } from '../platform/events.ts';
import { replyPublisher } from './reply-wire.ts';

/** Events that record what is published. */
function recorder() {
  const sent: unknown[] = [];
  const events = {
    publish: async (_topic: string, payload: unknown) => void sent.push(payload),
  } as unknown as Events;
  return { sent, events };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('reply events', () => {
  it('deltas still waiting for their frame are not sent once the reply is final', async () => {
    const { sent, events } = recorder();
    const wire = replyPublisher(events, 1, pino({ level: 'silent' }), 'reply.1', 3_600_000);
    wire.delta(0, 0, 'Hel');
    wire.delta(0, 3, 'lo');
    wire.finished();
    await tick();
    expect(sent).toEqual([{ k: 'f' }]);
  });

  it('a restart before the end is still sent, after the deltas before it', async () => {
    const { sent, events } = recorder();
    const wire = replyPublisher(events, 2, pino({ level: 'silent' }), 'reply.2', 3_600_000);
    wire.delta(0, 0, 'abc');
    wire.restart(1);
    wire.delta(1, 0, 'xy');
    wire.finished();
    await tick();
    expect(sent).toEqual([{ k: 'd', g: 0, o: 0, x: 'abc' }, { k: 'r', g: 1 }, { k: 'f' }]);
  });
});
