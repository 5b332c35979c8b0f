import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiRateLimit } from './api-rate-limit.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
let redis: Redis | null = null;

beforeAll(async () => {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  r.on('error', () => {});
  redis = await r.connect().then(
    () => r,
    () => (r.disconnect(), null),
  );
});
afterAll(() => redis?.disconnect());

/** Two instances sharing one Redis, each a bare app with the limit and one /api route. */
async function instance(prefix: string) {
  const app = Fastify();
  await app.register(fastifyCookie);
  registerApiRateLimit(app, { perClient: 3, perAddress: 100, redis, prefix });
  app.post('/api', async () => ({ Error: 0 }));
  await app.ready();
  return app;
}

describe('the /api limit in Redis', () => {
  it('is shared by instances: the budget is spent across both', async (ctx) => {
    if (!redis) return ctx.skip();
    const prefix = `test-${randomBytes(6).toString('hex')}`;
    const [a, b] = [await instance(prefix), await instance(prefix)];
    try {
      const call = (app: typeof a) =>
        app.inject({ method: 'POST', url: '/api', payload: {} }).then((r) => r.statusCode);
      expect([await call(a), await call(b), await call(a)]).toEqual([200, 200, 200]);
      expect(await call(b)).toBe(429);
      expect(await redis!.exists(`${prefix}-client:ip:127.0.0.1`)).toBe(1);
    } finally {
      await a.close();
      await b.close();
      const keys = await redis!.keys(`${prefix}-*`);
      if (keys.length) await redis!.del(...keys);
    }
  });
});
