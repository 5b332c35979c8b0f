import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createEngine, retryPolicyFromConfig } from './ai/engine.ts';
import { createModelResolver } from './ai/providers.ts';
import { googleVerifier } from './auth/google.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import type { Deps } from './deps.ts';
import { systemClock } from './infra/clock.ts';
import { memoryRateLimiter, redisRateLimiter } from './infra/rate-limit.ts';
import { postgresRateLimiter } from './infra/rate-limit-postgres.ts';
import { localStorage } from './infra/storage.ts';
import { googleDocsClient } from './knowledge/google-docs.client.ts';
import { createMailer } from './mail/mailer.ts';
import { seedStarterContent } from './seed/seed.ts';

/** Chooses each outside service once, from configuration. */
export async function createRuntime(
  config: Config,
  log: Logger,
): Promise<{ deps: Deps; database: Database; close(): Promise<void> }> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: config.pgliteDir,
    poolSize: config.DATABASE_POOL_SIZE,
    onIdleError: (err) =>
      log.warn({ err }, 'an idle database connection broke; the pool replaces it'),
  });
  const seeded = await seedStarterContent(database.db);
  if (seeded) log.info('starter content seeded');
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  const deps: Deps = {
    config,
    db: database.db,
    mailer: createMailer(config, log),
    clock: systemClock,
    // Shared counters wherever instances share something: Redis, else PostgreSQL. PGlite is
    // one process, so its counters live in memory.
    limiter: redis
      ? redisRateLimiter(redis)
      : config.DATABASE_URL
        ? await postgresRateLimiter(database.db)
        : memoryRateLimiter(),
    log,
    engine: createEngine(createModelResolver(config), log, retryPolicyFromConfig(config)),
    adminEndpoint: !config.DATABASE_URL,
    storage: localStorage(config.filesDir),
    googleDocs: googleDocsClient(config),
    google: config.GOOGLE_CLIENT_ID
      ? googleVerifier({
          clientId: config.GOOGLE_CLIENT_ID,
          jwksUrl: config.GOOGLE_JWKS_URL,
          issuers: config.GOOGLE_ISSUERS,
        })
      : null,
  };
  return {
    deps,
    database,
    async close() {
      await database.close();
      redis?.disconnect();
    },
  };
}
