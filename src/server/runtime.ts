import type { Logger } from 'pino';
import { createEngine, retryPolicyFromConfig } from './ai/engine.ts';
import { createMediaPorts } from './ai/media/media.ts';
import { resolveMediaModels } from './ai/media/media-models.ts';
import { createMeter } from './ai/meter.ts';
import { createModelResolver } from './ai/providers.ts';
import { createProviders } from './ai/registry.ts';
import type { Config } from './config.ts';
import { JOBS_LOCK_KEY, openDatabase, type Database } from './db/client.ts';
import { pgliteImageOf } from './db/backup-pglite.ts';
import type { Deps } from './deps.ts';
import { systemClock } from './infra/clock.ts';
import { memoryRateLimiter, postgresRateLimiter, redisRateLimiter } from './infra/rate-limit.ts';
import { createStorage } from './infra/create-storage.ts';
import { extractorFor } from './knowledge/extractor.ts';
import { googleDocsClient } from './knowledge/google-docs.client.ts';
import { createMailer } from './mail/mailer.ts';
import { memoryEvents, type DroppedEvent, type Events } from './platform/events.ts';
import { pgEvents } from './platform/events-pg.ts';
import { redisEvents } from './platform/events-redis.ts';
import { pgBossJobs } from './platform/jobs.ts';
import { createDomainEvents } from './platform/domain-events.ts';
import { registerInstance } from './ops/instances.ts';
import { createMetrics } from './ops/metrics.ts';
import { seedStarterContent } from './seed/seed.ts';
import { createPayments } from './billing/create-payments.ts';
import { createCredits } from './billing/credits.ts';
import { webPushSender } from './push/push-sender.ts';
import { loadVapidKeys } from './push/vapid.ts';

/** Chooses each outside service once, from configuration. */
export async function createRuntime(
  config: Config,
  log: Logger,
): Promise<{ deps: Deps; database: Database; close(): Promise<void> }> {
  // Before the database: a wrong bucket stops the start with nothing left open.
  const storage = await createStorage(config);
  // Checked before the database opens: a media model of an unconfigured provider stops the start.
  const providers = createProviders(config);
  resolveMediaModels(config, providers.has);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: config.pgliteDir,
    poolSize: config.DATABASE_POOL_SIZE,
    keepOpen: true,
    onOpenShort: (opened, err) =>
      log.warn(
        { err, opened, size: config.DATABASE_POOL_SIZE },
        'not all database connections could be opened at start; the rest open when needed',
      ),
    onIdleError: (err) =>
      log.warn({ err }, 'an idle database connection broke; the pool replaces it'),
  });
  // Before anything streams: the rows it writes carry this id (ops/instances.ts).
  const instance = await registerInstance(database.db, log, {
    name: config.instanceName,
    heartbeatSeconds: config.INSTANCE_HEARTBEAT_SECONDS,
    exclusive: database.kind === 'pglite',
  });
  // One registry for this app; the parts made here report to it as well.
  const metrics = createMetrics();
  if (database.poolCounts) metrics.attach({ pool: database.poolCounts });
  const seeded = await seedStarterContent(database.db);
  if (seeded) log.info('starter content seeded');
  // ioredis is loaded only when there is a Redis to talk to.
  const redis = config.REDIS_URL
    ? new (await import('ioredis')).Redis(config.REDIS_URL, {
        lazyConnect: false,
        maxRetriesPerRequest: 2,
      })
    : null;
  // Events cross instances through Redis when there is one, else through PostgreSQL.
  const dropped = (reason: DroppedEvent) => metrics.eventDropped(reason);
  const events: Events = redis
    ? redisEvents(redis, log, dropped)
    : config.DATABASE_URL
      ? pgEvents(config.DATABASE_URL, log, dropped)
      : memoryEvents((err) => {
          log.warn({ err }, 'event listener failed');
          dropped('listener');
        });
  const deps: Deps = {
    config,
    db: database.db,
    instance,
    mailer: createMailer(config, log),
    clock: systemClock,
    // Shared counters wherever instances share something: Redis, else PostgreSQL. PGlite is
    // one process, so its counters live in memory.
    limiter: redis
      ? redisRateLimiter(redis)
      : config.DATABASE_URL
        ? postgresRateLimiter(database.db)
        : memoryRateLimiter(),
    redis,
    log,
    engine: createEngine(
      createModelResolver(config, undefined, providers),
      log,
      retryPolicyFromConfig(config),
      metrics.engine,
    ),
    media: createMediaPorts(config, {
      providers,
      meter: createMeter(database.db, systemClock, log),
    }),
    adminEndpoint: !config.DATABASE_URL,
    ...(database.kind === 'pglite' ? { dumpDatabase: () => pgliteImageOf(database) } : {}),
    push: webPushSender(loadVapidKeys(config), config.vapidSubject),
    events,
    domain: createDomainEvents(log),
    jobs: pgBossJobs(database.sql, log, {
      label: database.kind === 'pglite' ? 'embedded' : 'PostgreSQL',
      setupLock: (fn) => database.withLock(JOBS_LOCK_KEY, fn),
      onFailed: (queue, final) => metrics.jobFailed(queue, final),
    }),
    metrics,
    payments: createPayments(config),
    credits: createCredits(database.db, config, systemClock, log, instance.id),
    storage,
    extractor: extractorFor(config),
    googleDocs: googleDocsClient(config),
    // jose comes with Google sign-in only.
    google: config.GOOGLE_CLIENT_ID
      ? (await import('./auth/google.ts')).googleVerifier({
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
      await events.close();
      await deps.extractor.close();
      await deps.media.close();
      await database.close();
      redis?.disconnect();
    },
  };
}
