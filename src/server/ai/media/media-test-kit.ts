import pino from 'pino';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { usageEvents, users } from '../../db/schema.ts';
import { manualClock } from '../../infra/clock.ts';
import { freshDatabase, type DbKind } from '../../test/harness.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fake-openai.ts';
import { createMeter, type Meter } from '../meter.ts';
import { createMediaPorts, type MediaPorts } from './media.ts';

/**
 * One test bed for the media ports: a database for the Meter, a user to bill, the fake
 * OpenAI-compatible server, and ports built from an environment like the real start does.
 */
export interface MediaKit {
  database: Database;
  meter: Meter;
  fake: FakeOpenAI;
  userId: number;
  clock: ReturnType<typeof manualClock>;
  /** Ports from this environment (closed with the kit). */
  ports(env: Record<string, string>): MediaPorts;
  /** The environment that points a provider at the fake server. */
  env: {
    openai: Record<string, string>;
    compatible: Record<string, string>;
    google: Record<string, string>;
  };
  usage(): Promise<(typeof usageEvents.$inferSelect)[]>;
  close(): Promise<void>;
}

export async function startMediaKit(kind: DbKind = 'pglite'): Promise<MediaKit> {
  const database = await freshDatabase(kind);
  const [user] = await database.db
    .insert(users)
    .values({ email: 'reader@example.com' })
    .returning({ id: users.id });
  const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
  const meter = createMeter(database.db, clock, pino({ level: 'silent' }));
  const fake = await startFakeOpenAI();
  const built: MediaPorts[] = [];
  return {
    database,
    meter,
    fake,
    userId: user!.id,
    clock,
    env: {
      openai: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url },
      compatible: { OPENAI_COMPATIBLE_BASE_URL: fake.url, OPENAI_COMPATIBLE_API_KEY: 'local' },
      google: {
        GOOGLE_GENERATIVE_AI_API_KEY: 'g-test',
        GOOGLE_GENERATIVE_AI_BASE_URL: fake.url.replace(/\/v1$/, '/v1beta'),
      },
    },
    ports(env) {
      const p = createMediaPorts(loadConfig({ LOG_LEVEL: 'silent', ...env }), { meter });
      built.push(p);
      return p;
    },
    usage: () => database.db.select().from(usageEvents).orderBy(usageEvents.id),
    async close() {
      await Promise.all(built.map((p) => p.close()));
      await fake.close();
      await database.close();
    },
  };
}

/**
 * The kit for one test file: started before its tests, closed after them, and the fake
 * server's record of media requests emptied before each test. Fields are filled in `beforeAll`.
 */
export function mediaKitPerFile(): { kit: MediaKit } {
  const bed = {} as { kit: MediaKit };
  beforeAll(async () => {
    bed.kit = await startMediaKit();
  });
  afterAll(() => bed.kit.close());
  beforeEach(() => {
    bed.kit.fake.media.requests.length = 0;
  });
  return bed;
}
