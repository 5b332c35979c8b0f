import { once } from 'node:events';
import { request } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ActionsPath } from '../../protocol/paths.ts';
import { createTestApp, userWithSession } from '../test/harness.ts';

/** The server's log lines as objects, and a way to wait for one. */
function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const waiting: { test: (l: Record<string, unknown>) => boolean; done: () => void }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, next) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) {
        const line = JSON.parse(text) as Record<string, unknown>;
        lines.push(line);
        for (const w of [...waiting]) if (w.test(line)) w.done();
      }
      next();
    },
  });
  return {
    lines,
    log: pino({ level: 'debug' }, stream),
    until(test: (l: Record<string, unknown>) => boolean) {
      if (lines.some(test)) return Promise.resolve();
      return new Promise<void>((done) => waiting.push({ test, done }));
    },
  };
}

describe('a streamed answer whose client leaves before the first byte', () => {
  it('is not answered with a JSON error on the event stream, nor logged as a failure', async () => {
    const logs = logCapture();
    // The turn waits at its credit check until the client has gone.
    let reached!: () => void;
    const atCheck = new Promise<void>((r) => (reached = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const t = await createTestApp('pglite', {
      log: logs.log,
      credits: (c) => ({
        ...c,
        async planHold(userId, turn) {
          reached();
          await released;
          return c.planHold(userId, turn);
        },
      }),
    });
    try {
      const token = await userWithSession(t, 'leaver@example.com');
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const sockets: Socket[] = [];
      t.app.server.on('connection', (s: Socket) => sockets.push(s));
      const { port } = t.app.server.address() as AddressInfo;
      const req = request({
        host: '127.0.0.1',
        port,
        path: ActionsPath,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          authorization: `Bearer ${token}`,
        },
      });
      req.on('error', () => {});
      req.end(
        JSON.stringify({ action: 'AskFriend', friendid: 'holmesen', lang: 'en', message: 'Hi' }),
      );
      await atCheck;
      // The client goes away; the server sees its socket close, then the turn goes on.
      const serverSide = sockets[0]!;
      const closed = once(serverSide, 'close');
      req.destroy();
      await closed;
      release();
      // Either the line the server logs for it, or (the defect) an error.
      await logs.until(
        (l) => l.msg === 'client left before the answer was sent' || (l.level as number) >= 50,
      );
      expect(logs.lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
      expect(JSON.stringify(logs.lines)).not.toContain('FST_ERR_REP_INVALID_PAYLOAD_TYPE');
    } finally {
      await t.close();
    }
  });
});
