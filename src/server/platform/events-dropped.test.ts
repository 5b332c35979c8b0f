import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { DroppedEvent, Events } from './events.ts';
import { pgEvents } from './events-pg.ts';
import { redisEvents } from './events-redis.ts';

const config = loadConfig();
const log = pino({ level: 'silent' });

/**
 * An event another program wrote that is not JSON, and a listener that throws: both are
 * dropped with a log line and told to `onDropped` (the metrics count them); the events after
 * them still arrive.
 */
async function dropsAndCarriesOn(
  events: Events,
  dropped: DroppedEvent[],
  sendRaw: (topic: string, text: string) => Promise<unknown>,
) {
  const topic = `test.${randomBytes(4).toString('hex')}`;
  const got: unknown[] = [];
  await events.subscribe(topic, (p) => {
    if (p === 'throw') throw new Error('a listener broke');
    got.push(p);
  });
  await sendRaw(topic, '{not json');
  await events.publish(topic, 'throw');
  await events.publish(topic, 'after');
  await expect.poll(() => got).toEqual(['after']);
  expect(dropped).toEqual(['unparsable', 'listener']);
}

describe.skipIf(!config.DATABASE_URL)('PostgreSQL events that cannot be delivered', () => {
  it('are counted', async () => {
    const dropped: DroppedEvent[] = [];
    const events = pgEvents(config.DATABASE_URL!, log, (r) => dropped.push(r));
    const raw = new pg.Client({ connectionString: config.DATABASE_URL });
    await raw.connect();
    try {
      await dropsAndCarriesOn(events, dropped, (topic, text) =>
        raw.query('select pg_notify($1, $2)', [topic, text]),
      );
    } finally {
      await raw.end();
      await events.close();
    }
  });
});

describe.skipIf(!config.REDIS_URL)('Redis events that cannot be delivered', () => {
  it('are counted', async () => {
    const dropped: DroppedEvent[] = [];
    const redis = new Redis(config.REDIS_URL!, { maxRetriesPerRequest: 2 });
    const events = redisEvents(redis, log, (r) => dropped.push(r));
    try {
      await dropsAndCarriesOn(events, dropped, (topic, text) =>
        redis.publish(`sefer:ev:${topic}`, text),
      );
    } finally {
      await events.close();
      redis.disconnect();
    }
  });
});
