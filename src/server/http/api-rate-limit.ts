import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { ErrorCode } from '../../protocol/errors.ts';
import { msg } from '../wording.ts';
import { failure, pickLang } from '../rpc/dispatcher.ts';
import { SESSION_COOKIE } from './request.ts';

export interface ApiRateLimitOptions {
  /** Requests a minute per client: its session (cookie or bearer), else its address. */
  perClient: number;
  /** Requests a minute per address, whatever the session (many readers share a school's). */
  perAddress: number;
  /** Shared counters between instances; in process without it. */
  redis?: Redis | null | undefined;
  /** Names the counters in Redis (tests use their own). */
  prefix?: string;
}

/** Probes and the loopback admin endpoint are not counted. */
const EXEMPT = /^\/api\/(health|ready|admin)(\/|\?|$)/;

function limiter(name: string, points: number, redis: Redis | null | undefined, prefix = 'api') {
  const opts = { keyPrefix: `${prefix}-${name}`, points, duration: 60 };
  if (!redis) return new RateLimiterMemory(opts);
  // Redis unreachable: count in process rather than refuse or let everything through.
  return new RateLimiterRedis({
    ...opts,
    storeClient: redis,
    insuranceLimiter: new RateLimiterMemory(opts),
  });
}

/** The session a request carries, hashed (a token is never a key in a shared store). */
function sessionKey(request: FastifyRequest): string | null {
  const auth = request.headers.authorization;
  const token = auth?.startsWith('Bearer ')
    ? auth.slice(7).trim()
    : request.cookies?.[SESSION_COOKIE];
  return token ? createHash('sha256').update(token).digest('base64url').slice(0, 32) : null;
}

/**
 * A global request limit on /api, on top of the sign-in limits. Two fixed windows of a minute:
 * per client, and per address. The second keeps a caller who invents a new token for every
 * request (each would be a new "client") within the address's budget.
 */
export function registerApiRateLimit(app: FastifyInstance, o: ApiRateLimitOptions) {
  const perClient = limiter('client', o.perClient, o.redis, o.prefix);
  const perAddress = limiter('addr', o.perAddress, o.redis, o.prefix);
  const consume = async (l: RateLimiterAbstract, key: string) => {
    try {
      await l.consume(key);
      return 0;
    } catch (res) {
      if (res instanceof RateLimiterRes) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
      app.log.warn({ err: res }, 'api rate limit store failed; request let through');
      return 0;
    }
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api') || EXEMPT.test(request.url)) return;
    const session = sessionKey(request);
    const waits = await Promise.all([
      consume(perAddress, request.ip),
      consume(perClient, session ? `s:${session}` : `ip:${request.ip}`),
    ]);
    const wait = Math.max(...waits);
    if (!wait) return;
    const lang = pickLang(undefined, null, request.headers['accept-language'] ?? '');
    const r = failure(ErrorCode.RATE_LIMITED, lang, msg('apiRateLimited', lang), {
      retryAfter: wait,
    });
    return reply.status(r.status).header('retry-after', String(wait)).send(r.body);
  });
}
