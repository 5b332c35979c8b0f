import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SPEECH_HEADERS } from '../../protocol/voice-constants.ts';
import * as schema from '../db/schema.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import { createTestApp, userWithSession, type TestApp } from '../test/harness.ts';
import { seedConversation, speech } from './voice-test-kit.ts';

const SENTENCES = [
  'The game is afoot, my dear Watson.',
  'Lestrade found the carriage by the river.',
  'We take the late train from Paddington.',
];
const DAY = 86_400_000;
/** Fits one clip of the fake's MP3 for these sentences, not two. */
const MAX_MB = 0.05;

describe('the speech cache sweep (hourly job, fake clock)', () => {
  let fake: FakeOpenAI;
  let t: TestApp;
  let reader: string;
  let messageid: number;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp('pglite', {
      env: {
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: fake.url,
        SPEECH_MODEL: 'openai:gpt-4o-mini-tts',
        SPEECH_CACHE_DAYS: '30',
        SPEECH_CACHE_MAX_MB: String(MAX_MB),
      },
    });
    reader = await userWithSession(t, 'reader@example.com');
    ({ messageId: messageid } = await seedConversation(
      t,
      'reader@example.com',
      'holmescache',
      SENTENCES.join(' '),
    ));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const say = (i: number) =>
    speech(t, reader, { friendid: 'holmescache', messageid, text: SENTENCES[i], lang: 'en' });
  const rows = () => t.deps.db.select().from(schema.speechCache).orderBy(schema.speechCache.usedAt);
  const sweep = async () => {
    await t.deps.jobs.send('speech-cache-sweep', {});
    await t.deps.jobs.idle();
  };

  it('is a scheduled job of the queue, not a timer of this process', async () => {
    const scheduled = (await t.deps.db.execute(
      sql`select name, cron from pgboss.schedule where name = 'speech-cache-sweep'`,
    )) as unknown as { rows: { cron: string }[] };
    expect(scheduled.rows).toEqual([{ name: 'speech-cache-sweep', cron: '41 * * * *' }]);
  });

  it('drops clips not played for SPEECH_CACHE_DAYS, then the least recently played over SPEECH_CACHE_MAX_MB', async () => {
    // Day 0: A. Day 10: B. Day 20: C. Day 25: A again (a replay from the cache counts as played).
    expect((await say(0)).headers[SPEECH_HEADERS.cache]).toBe('miss');
    t.clock.advance(10 * DAY);
    await say(1);
    t.clock.advance(10 * DAY);
    await say(2);
    t.clock.advance(5 * DAY);
    expect((await say(0)).headers[SPEECH_HEADERS.cache]).toBe('hit');
    const [b, c, a] = await rows();
    expect(a!.usedAt.getTime() - b!.usedAt.getTime()).toBe(15 * DAY);
    expect(a!.bytes + c!.bytes).toBeGreaterThan(MAX_MB * 1024 * 1024);
    expect(a!.bytes).toBeLessThanOrEqual(MAX_MB * 1024 * 1024);
    for (const r of [a, b, c]) expect(await t.storage.get(r!.key)).not.toBeNull();

    // Day 30: nothing is 30 days unplayed yet, but two clips are over the size bound.
    t.clock.advance(5 * DAY);
    await sweep();
    expect((await rows()).map((r) => r.key)).toEqual([a!.key]);
    expect(await t.storage.get(b!.key)).toBeNull();
    expect(await t.storage.get(c!.key)).toBeNull();
    expect(await t.storage.get(a!.key)).not.toBeNull();

    // Day 56: A was last played 31 days ago.
    t.clock.advance(26 * DAY);
    await sweep();
    expect(await rows()).toEqual([]);
    expect(await t.storage.get(a!.key)).toBeNull();

    // A swept clip is made again when asked for, and cached again (a new session: the first
    // one expired in these 56 days).
    reader = await userWithSession(t, 'reader@example.com');
    const before = fake.media.requests.length;
    expect((await say(0)).headers[SPEECH_HEADERS.cache]).toBe('miss');
    expect(fake.media.requests.length).toBe(before + 1);
    expect(await rows()).toHaveLength(1);
  });
});
