import { describe, expect, it } from 'vitest';
import { createTestApp, rpc, userWithSession } from '../test/harness.ts';

describe('offline model in the chat', () => {
  it('answers from the character texts and says it is offline', async () => {
    const t = await createTestApp('pglite');
    try {
      const token = await userWithSession(t, 'o@example.com');
      const r = await rpc(
        t.app,
        {
          action: 'AskFriend',
          friendid: 'holmesen',
          message: 'Where do you live on Baker Street?',
          lang: 'en',
        },
        { bearer: token },
      );
      expect(r.body).toMatchObject({ Error: 0, offline: 1, status: 'done' });
      expect(r.body.message).toMatch(/Offline model/);
      // After a refresh the stored answer still says it came from the offline model.
      const conv = await rpc(
        t.app,
        { action: 'RetrieveConversation', friendid: 'holmesen' },
        { bearer: token },
      );
      const chat = conv.body.chat as { role: string; offline?: number }[];
      expect(chat.at(-1)).toMatchObject({ role: 'assistant', offline: 1 });
      expect(chat.at(-2)!.offline).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
