import { Redis } from 'ioredis';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { memoryEvents, type Events } from './events.ts';
import { pgEvents } from './events-pg.ts';
import { redisEvents } from './events-redis.ts';

/**
 * Each events transport this machine can run, as a factory of "instances" that share it:
 * in process always, PostgreSQL when DATABASE_URL is set, Redis when REDIS_URL is set.
 */
export function eventTransports(): {
  name: string;
  open(): { instance(): Events; close(): Promise<void> };
}[] {
  const config = loadConfig();
  const log = pino({ level: 'silent' });
  const list = [
    {
      name: 'in process',
      open() {
        const shared = memoryEvents();
        return { instance: () => shared, close: async () => {} };
      },
    },
  ];
  const pgUrl = config.DATABASE_URL;
  if (pgUrl)
    list.push({
      name: 'PostgreSQL',
      open() {
        const made: Events[] = [];
        return {
          instance: () => {
            const e = pgEvents(pgUrl, log);
            made.push(e);
            return e;
          },
          close: async () => void (await Promise.all(made.map((e) => e.close()))),
        };
      },
    });
  const redisUrl = config.REDIS_URL;
  if (redisUrl)
    list.push({
      name: 'Redis',
      open() {
        const made: { redis: Redis; events: Events }[] = [];
        return {
          instance: () => {
            const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
            const events = redisEvents(redis, log);
            made.push({ redis, events });
            return events;
          },
          close: async () => {
            for (const m of made) {
              await m.events.close();
              m.redis.disconnect();
            }
          },
        };
      },
    });
  return list;
}
