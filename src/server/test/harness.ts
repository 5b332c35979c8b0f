import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { rpcPath } from '../../protocol/paths.ts';
import { createEngine, type RetryPolicy } from '../ai/engine.ts';
import { createMediaPorts } from '../ai/media/media.ts';
import { createMeter } from '../ai/meter.ts';
import { createModelResolver } from '../ai/providers.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createPayments } from '../billing/create-payments.ts';
import { createCredits } from '../billing/credits.ts';
import { JOBS_LOCK_KEY, openDatabase, type Database } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import { manualClock } from '../infra/clock.ts';
import { memoryRateLimiter, type RateLimiter } from '../infra/rate-limit.ts';
import { localStorage, type Storage } from '../infra/storage.ts';
import { extractorFor } from '../knowledge/extractor.ts';
import { googleDocsClient } from '../knowledge/google-docs.client.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { seedStarterContent } from '../seed/seed.ts';
import { memoryEvents, type Events } from '../platform/events.ts';
import { pgBossJobs } from '../platform/jobs.ts';
import { registerInstance } from '../ops/instances.ts';
import { createDomainEvents } from '../platform/domain-events.ts';
import { runAdminCommand } from '../admin/admin-run.ts';
import type { GoogleVerifier } from '../auth/google.ts';
import type { GraceTimer } from '../ops/shutdown.ts';
import { createMetrics } from '../ops/metrics.ts';
import { webPushSender, type PushPort } from '../push/push-sender.ts';
import { loadVapidKeys } from '../push/vapid.ts';
import { ActionsPath } from '../../protocol/paths.ts';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when a server is configured (CI sets DATABASE_URL). */
export function testDatabases(): DbKind[] {
  return loadConfig().DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

let pgliteImage: Promise<Blob> | undefined;
let pgTemplate: Promise<string> | undefined;

/** The migrations' hash: an image or template made from them is reused until they change. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const f of readdirSync(migrationsDir).sort()) {
    if (f.endsWith('.sql')) hash.update(f).update(readFileSync(join(migrationsDir, f)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated PostgreSQL database that test databases are copied from (`create database …
 * template`, a file copy): running every migration again was most of a fresh database's cost.
 * Named by the migrations' hash and made once per set of them; a worker that loses the race
 * to make it drops its own copy.
 */
function migratedPgTemplate(base: string): Promise<string> {
  pgTemplate ??= (async () => {
    const name = `sefer_tpl_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      const part = `${name}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${part}`);
      const url = new URL(base);
      url.pathname = `/${part}`;
      const db = await openDatabase({ url: url.toString(), poolSize: 1 });
      await db.close();
      try {
        await admin.query(`alter database ${part} rename to ${name}`);
      } catch {
        // Another worker made it first (or is copying from it): ours is not needed.
        await admin.query(`drop database if exists ${part} with (force)`);
      }
      return name;
    } finally {
      await admin.end();
    }
  })();
  return pgTemplate;
}

/**
 * An empty PGlite with every migration applied, as an image. Creating PGlite and migrating it
 * in WASM is most of what an rpc test's set-up costs; the image is made once per set of
 * migrations (kept in the temp folder, named by their hash) and each test database starts from it.
 */
function migratedPgliteImage(): Promise<Blob> {
  pgliteImage ??= (async () => {
    const file = join(tmpdir(), `sefer-pglite-${migrationsHash()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const db = await openDatabase({});
    const image = await db.dump!();
    await db.close();
    const part = `${file}.${process.pid}`;
    writeFileSync(part, Buffer.from(await image.arrayBuffer()));
    renameSync(part, file);
    return image;
  })();
  return pgliteImage;
}

const migrationsDir = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** A fresh, empty database of the given kind, dropped on close (`url` for PostgreSQL). */
export async function freshDatabase(
  kind: DbKind,
  poolSize = 4,
): Promise<Database & { url?: string }> {
  if (kind === 'pglite') return openDatabase({ pgliteImage: await migratedPgliteImage() });
  const base = loadConfig().DATABASE_URL!;
  const template = await migratedPgTemplate(base);
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), poolSize });
  return {
    ...db,
    url: url.toString(),
    async close() {
      await db.close();
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** Captures mail in memory (tests only). */
export function memoryMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    async send(m) {
      sent.push(m);
    },
    describe: () => 'memory',
  };
  return { mailer, sent };
}

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  /** The app's storage: a temporary folder removed on close, unless one was given. */
  storage: Storage;
  mails: MailMessage[];
  clock: ReturnType<typeof manualClock>;
  database: Database;
  close(): Promise<void>;
}

/** A test app's instance row (ops/instances.ts), under a name of its own unless given one. */
export function testInstance(database: Database, config: Config, name?: string) {
  return registerInstance(database.db, pino({ level: 'silent' }), {
    name: name ?? `test-${randomBytes(4).toString('hex')}`,
    heartbeatSeconds: config.INSTANCE_HEARTBEAT_SECONDS,
    exclusive: false,
  });
}

/**
 * Deps for a second instance of the app on the same database: its own instance row, job
 * workers and credits (its turns' holds are its own).
 */
export async function secondInstance(
  t: TestApp,
  events: Events = t.deps.events,
  /** The instance's name: another's to stand for that one restarted. */
  name?: string,
): Promise<Deps> {
  const instance = await testInstance(t.database, t.deps.config, name);
  return {
    ...t.deps,
    instance,
    credits: createCredits(
      t.database.db,
      t.deps.config,
      t.clock,
      pino({ level: 'silent' }),
      instance.id,
    ),
    events,
    jobs: pgBossJobs(t.database.sql, pino({ level: 'silent' }), {
      pollingSeconds: 0.5,
      setupLock: (fn) => t.database.withLock(JOBS_LOCK_KEY, fn),
    }),
    // Its own registry: the gauges read this instance's replies and jobs.
    metrics: createMetrics(),
  };
}

/**
 * The engine's policy in app tests: retries after errors, but no time limit a test can reach.
 * A limit on real time turns a busy machine into a failed attempt: with the old 2 s, a
 * director's answer slower than that was retried, the retry got the fake's default answer and
 * the turn went to other speakers (group.rpc.test.ts "the director picks…"), and a reply held
 * mid-way by a test was cut. The limits have their own tests, on a fake clock
 * (ai/engine-limits.test.ts).
 */
const TEST_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 20, idleTimeoutMs: 3_600_000 };

export async function createTestApp(
  kind: DbKind,
  opts: {
    env?: Record<string, string>;
    google?: GoogleVerifier | null;
    /** The engine's retries and limits (TEST_RETRY by default). */
    retry?: RetryPolicy;
    /** PostgreSQL connections (tests keep 4; benches use the server's default, 10). */
    poolSize?: number;
    /** Another transport (two instances sharing events); in process by default. */
    events?: Events;
    /** An existing database (a second instance, a restart); a fresh one by default. */
    database?: Database;
    /** Another files store (an S3 bucket on a local S3 server); a temporary folder by default. */
    storage?: Storage;
    /** Another push sender (default: Web Push with keys generated into the data folder). */
    push?: PushPort;
    /** The shutdown grace, ended by the test (default: a real timer). */
    graceTimer?: GraceTimer;
    /** Rate limits elsewhere than in memory (Redis, PostgreSQL). */
    limiter?: (db: Database['db']) => Promise<RateLimiter>;
    /** The server's logger (default: silent), for a test that reads what the server logs. */
    log?: Deps['log'];
    /** Wraps the credits port (a test that holds a turn at its credit check). */
    credits?: (credits: Deps['credits']) => Deps['credits'];
  } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await freshDatabase(kind, opts.poolSize));
  await seedStarterContent(database.db);
  const events = opts.events ?? memoryEvents();
  const dataDir = mkdtempSync(join(tmpdir(), 'sefer-test-'));
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Tests make many calls from one address; the limit's own test lowers it.
    API_RATE_LIMIT: '1000000',
    API_RATE_LIMIT_PER_IP: '1000000',
    // Tests run many turns as one user; the credits' own tests lower it.
    FREE_CREDITS: '1000000',
    // No time limit a busy machine could reach (the search by meaning's own).
    EMBEDDING_SEARCH_SECONDS: '600',
    // Memory tests wait for the job, not for its delay (memory-delay.test.ts tests the delay).
    MEMORY_DELAY_SECONDS: '0',
    ...opts.env,
  });
  const storage = opts.storage ?? localStorage(config.filesDir);
  const clock = manualClock(new Date());
  const { mailer, sent } = memoryMailer();
  const instance = await testInstance(database, config);
  const metrics = createMetrics();
  if (database.poolCounts) metrics.attach({ pool: database.poolCounts });
  const deps: Deps = {
    config,
    db: database.db,
    instance,
    mailer,
    clock,
    limiter: opts.limiter ? await opts.limiter(database.db) : memoryRateLimiter(),
    log: opts.log ?? pino({ level: 'silent' }),
    google: opts.google ?? null,
    storage,
    extractor: extractorFor(config),
    googleDocs: googleDocsClient(config),
    engine: createEngine(
      createModelResolver(config),
      pino({ level: 'silent' }),
      opts.retry ?? TEST_RETRY,
      metrics.engine,
    ),
    events,
    domain: createDomainEvents(pino({ level: 'silent' })),
    jobs: pgBossJobs(database.sql, pino({ level: 'silent' }), {
      pollingSeconds: 0.5,
      setupLock: (fn) => database.withLock(JOBS_LOCK_KEY, fn),
      onFailed: (queue, final) => metrics.jobFailed(queue, final),
    }),
    metrics,
    media: createMediaPorts(config, {
      meter: createMeter(database.db, clock, pino({ level: 'silent' })),
    }),
    payments: createPayments(config),
    credits: (opts.credits ?? ((c) => c))(
      createCredits(database.db, config, clock, opts.log ?? pino({ level: 'silent' }), instance.id),
    ),
    // Real Web Push; a test's subscriptions point at its local push service (test/push-service.ts).
    push: opts.push ?? webPushSender(loadVapidKeys(config), config.vapidSubject),
    graceTimer: opts.graceTimer,
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    storage,
    mails: sent,
    clock,
    database,
    async close() {
      await app.close();
      await events.close();
      await deps.extractor.close();
      await deps.media.close();
      if (!opts.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * An action POSTed over real HTTP to a listening app at `base`, signed with `token`, asking
 * for Server-Sent Events: the response, its body read as it streams.
 */
export function fetchEvents(
  base: string,
  token: string,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${base}${ActionsPath}`, {
    method: 'POST',
    ...(signal ? { signal } : {}),
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  });
}

export interface CallResult {
  status: number;
  body: Record<string, unknown> & { Error: number; Errstr?: string };
  cookies: Record<string, string>;
}

type CallOpts = {
  bearer?: string;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  /** The client's network address (the rate limits' "client"). */
  ip?: string;
};

async function post(app: FastifyInstance, url: string, body: unknown, opts: CallOpts) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
  if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
  const res = await app.inject({
    method: 'POST',
    url,
    headers,
    cookies: opts.cookies ?? {},
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const cookies: Record<string, string> = {};
  for (const c of res.cookies) cookies[c.name] = c.value;
  return { status: res.statusCode, body: res.json(), cookies };
}

/** `POST /api` with `{action, ...fields}`. */
export async function rpc(
  app: FastifyInstance,
  body: unknown,
  opts: CallOpts = {},
): Promise<CallResult> {
  return post(app, '/api', body, opts);
}

/** `POST /api/rpc/{action}` with the fields alone. */
export async function rpcAt(
  app: FastifyInstance,
  action: string,
  fields: unknown,
  opts: CallOpts = {},
): Promise<CallResult> {
  return post(app, rpcPath(action), fields, opts);
}

/** Creates a proven user (as the admin CLI does) and signs in with a password; answers the bearer token. */
export async function userWithSession(
  t: TestApp,
  email: string,
  opts: { grant?: string; usertype?: number; name?: string } = {},
): Promise<string> {
  const password = 'correct horse battery';
  await runAdminCommand(t.deps.db, {
    command: 'create-user',
    email,
    name: opts.name ?? email.split('@')[0]!,
    password,
    usertype: opts.usertype ?? 1,
    grant: opts.grant
      ? (opts.grant.split(',') as ('canadd' | 'imgedit' | 'globalpriv')[])
      : undefined,
  });
  const r = await rpc(t.app, { action: 'SendToken', email, password });
  if (r.body.Error !== 0) throw new Error(`sign-in failed: ${JSON.stringify(r.body)}`);
  return r.body.token as string;
}

/** The link token inside the last sign-in mail to `to`. */
export function lastLinkToken(mails: MailMessage[], to: string): string {
  const mail = [...mails].reverse().find((m) => m.to === to);
  const m = mail?.text.match(/\/login\/([A-Za-z0-9_-]+)/);
  if (!m) throw new Error(`no sign-in link mailed to ${to}`);
  return m[1]!;
}
