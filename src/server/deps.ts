import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { PgliteImage } from './db/backup-pglite.ts';
import type { Clock } from './infra/clock.ts';
import type { RateLimiter } from './infra/rate-limit.ts';
import type { Mailer } from './mail/mailer.ts';
import type { GoogleVerifier } from './auth/google.ts';
import type { Storage } from './infra/storage.ts';
import type { GoogleDocsPort } from './knowledge/google-docs.client.ts';
import type { ChatEngine } from './ai/engine.ts';
import type { Events } from './platform/events.ts';
import type { Jobs } from './platform/jobs.ts';
import type { DomainEvents } from './platform/domain-events.ts';
import type { Extractor } from './knowledge/extractor.ts';
import type { MediaPorts } from './ai/media/media.ts';
import type { GraceTimer } from './ops/shutdown.ts';
import type { Payments } from './billing/payments.ts';
import type { Credits } from './billing/credits.ts';
import type { PushPort } from './push/push-sender.ts';
import type { Instance } from './ops/instances.ts';
import type { Metrics } from './ops/metrics.ts';

/** Everything from outside that the services use; chosen once in main.ts (or by a test). */
export interface Deps {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  limiter: RateLimiter;
  log: Logger;
  google: GoogleVerifier | null;
  /** Uploads, character images, generated images. */
  storage: Storage;
  /** Text extraction of uploads in worker threads (closed by whoever made it). */
  extractor: Extractor;
  /** Google Docs import (OAuth and public export); endpoints come from config. */
  googleDocs: GoogleDocsPort;
  /** The models (AI SDK providers, or the offline model). */
  engine: ChatEngine;
  /** Publish/subscribe across instances (a reply's deltas, `turn.finished`). */
  events: Events;
  /** Domains hear about each other here (`turn.finished`); handlers run on this instance. */
  domain: DomainEvents;
  /** Durable background work (memory, summaries, sweeps); started and stopped by the app. */
  jobs: Jobs;
  /** Images, speech, transcription, embeddings, and the Meter every model call reports to. */
  media: MediaPorts;
  /** The payment provider: the built-in sandbox, or Stripe when configured. */
  payments: Payments;
  /** The credit check every turn calls (reserve before, charge after): billing/credits.ts. */
  credits: Credits;
  /** Web Push to browsers (VAPID); tests point subscriptions at a local push service. */
  push: PushPort;
  /**
   * This process among the instances on the database: what it streams carries its id, and
   * what a dead instance held is given up (ops/instances.ts).
   */
  instance: Instance;
  /**
   * Prometheus metrics, one registry per app (ops/metrics.ts): the engine, the job queue and
   * the event transport made for this app report to it too.
   */
  metrics: Metrics;
  /** Shared state between instances (rate limits) when REDIS_URL is set. */
  redis?: Redis | null;
  /** Waits out the shutdown grace; tests end it themselves instead of waiting. */
  graceTimer?: GraceTimer;
  /** Serve the loopback admin endpoint (the real server; not tests). */
  adminEndpoint?: boolean;
  /** The embedded database's image, which the admin endpoint hands to a backup (PGlite only). */
  dumpDatabase?: () => Promise<PgliteImage>;
}
