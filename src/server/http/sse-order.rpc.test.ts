import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import { createTestApp, fetchEvents, userWithSession, type TestApp } from '../test/harness.ts';

describe('a streamed answer', () => {
  let fake: FakeOpenAI;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    fake.setDefault({ text: 'Elementary, my dear reader.' });
    t = await createTestApp('pglite', {
      env: { OPENAI_COMPATIBLE_BASE_URL: fake.url, OPENAI_COMPATIBLE_MODELS: 'fake-model' },
    });
    token = await userWithSession(t, 'order@example.com');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("sends the model's request before it sets up its own answer, and loses no text", async () => {
    // What the server does, in order: the model request made (undici announces each request
    // it creates; this test's own fetch too), and the answer's event stream set up (it
    // listens for the client's leaving: sse.ts).
    const order: string[] = [];
    const created = (m: unknown) => {
      const { path } = (m as { request: { path: string } }).request;
      if (path.endsWith('/chat/completions')) order.push('model request');
    };
    subscribe('undici:request:create', created);
    const onRequest = (req: IncomingMessage) => {
      const once = req.once;
      req.once = function (this: IncomingMessage, event: string, ...rest: unknown[]) {
        if (event === 'close') order.push('event stream');
        return (once as (...a: unknown[]) => IncomingMessage).call(this, event, ...rest);
      } as typeof req.once;
    };
    t.app.server.on('request', onRequest);
    try {
      const { port } = t.app.server.address() as AddressInfo;
      const res = await fetchEvents(`http://127.0.0.1:${port}`, token, {
        action: 'AskFriend',
        friendid: 'holmesen',
        lang: 'en',
        message: 'Who did it?',
      });
      const events = await res.text();
      // The provider works on the answer while the server writes its headers.
      expect(order).toEqual(['model request', 'event stream']);
      const text = [...events.matchAll(/event: delta\ndata: (.*)\n/g)]
        .map((m) => (JSON.parse(m[1]!) as { text: string }).text)
        .join('');
      expect(text).toBe('Elementary, my dear reader.');
      expect(events).toMatch(/event: done\ndata: \{"Error":0/);
    } finally {
      unsubscribe('undici:request:create', created);
      t.app.server.off('request', onRequest);
    }
  });
});
