import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Clock } from './infra/clock.ts';
import type { RateLimiter } from './infra/rate-limit.ts';
import type { Mailer } from './mail/mailer.ts';
import type { GoogleVerifier } from './auth/google.ts';
import type { Storage } from './infra/storage.ts';
import type { GoogleDocsPort } from './knowledge/google-docs.client.ts';
import type { ChatEngine } from './ai/engine.ts';
import type { GraceTimer } from './ops/shutdown.ts';

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
  /** Google Docs import (OAuth and public export); endpoints come from config. */
  googleDocs: GoogleDocsPort;
  /** The models (AI SDK providers, or the offline model). */
  engine: ChatEngine;
  /** Shared state between instances (rate limits) when REDIS_URL is set. */
  redis?: Redis | null;
  /** Waits out the shutdown grace; tests end it themselves instead of waiting. */
  graceTimer?: GraceTimer;
  /** Serve the loopback admin endpoint (the real server; not tests). */
  adminEndpoint?: boolean;
}
