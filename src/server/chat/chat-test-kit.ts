import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { RetryPolicy } from '../ai/engine.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import { createTestApp, rpc, userWithSession, type DbKind, type TestApp } from '../test/harness.ts';

export interface ChatTestBed {
  fake: FakeOpenAI;
  t: TestApp;
  /** Dana Reader, an ordinary user. */
  token: string;
  /** An editor with global privilege and canadd. */
  editor: string;
}

/**
 * The chat rpc tests' setting, for one database kind: an app whose model is a local fake
 * OpenAI-compatible server, a reader and an editor. Fields are filled in `beforeAll`; each
 * test starts with the fake's default answer.
 */
export function chatTestBed(kind: DbKind, opts: { retry?: RetryPolicy } = {}) {
  const bed = {} as ChatTestBed;
  beforeAll(async () => {
    bed.fake = await startFakeOpenAI();
    bed.t = await createTestApp(kind, {
      env: { OPENAI_COMPATIBLE_BASE_URL: bed.fake.url, OPENAI_COMPATIBLE_MODELS: 'fake-model' },
      ...opts,
    });
    bed.token = await userWithSession(bed.t, 'reader@example.com', { name: 'Dana Reader' });
    bed.editor = await userWithSession(bed.t, 'boss@example.com', { grant: 'globalpriv,canadd' });
  });
  afterAll(async () => {
    await bed.t.close();
    await bed.fake.close();
  });
  beforeEach(() => bed.fake.setDefault({ text: 'Elementary, my dear reader.' }));

  const ask = (body: Record<string, unknown>, bearer = bed.token) =>
    rpc(bed.t.app, { action: 'AskFriend', friendid: 'holmesen', lang: 'en', ...body }, { bearer });
  const retrieve = (body: Record<string, unknown> = {}, bearer = bed.token) =>
    rpc(bed.t.app, { action: 'RetrieveConversation', friendid: 'holmesen', ...body }, { bearer });
  return { bed, ask, retrieve };
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** A Server-Sent Events body as its events. */
export function parseSse(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((b) => b.startsWith('event:'))
    .map((b) => {
      const [e, d] = b.split('\n');
      return { event: e!.slice(7), data: JSON.parse(d!.slice(6)) as Record<string, unknown> };
    });
}
