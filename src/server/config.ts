import { availableParallelism, hostname } from 'node:os';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * The environment, parsed once. Nothing else reads process.env.
 * Every variable is listed in the README with its default.
 */
const optionalString = z
  .string()
  .optional()
  .transform((s) => (s && s.trim() !== '' ? s.trim() : undefined));

const csv = optionalString.transform((s) =>
  s
    ? s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [],
);

/** A media model: `provider:model` (openai, google, compatible), `offline` or `off`. */
const mediaModel = optionalString.pipe(
  z
    .string()
    .regex(
      /^((openai|google|compatible):\S+|offline|off)$/,
      'expected provider:model, offline or off',
    )
    .optional(),
);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** Where links in e-mails point; defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  DATABASE_URL: optionalString,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Also tell the log the sign-in links, in the dev outbox case only: never with SMTP
   * configured nor with NODE_ENV=production (a link in a log is a session for whoever reads it).
   */
  LOG_SIGNIN_LINKS: optionalString.transform((s) => s !== '0' && s !== 'false'),
  NODE_ENV: optionalString,

  SMTP_URL: optionalString,
  SMTP_HOST: optionalString,
  SMTP_PORT: z.coerce.number().int().optional(),
  SMTP_USER: optionalString,
  SMTP_PASSWORD: optionalString,
  SMTP_SECURE: optionalString.transform((s) => s === '1' || s === 'true'),
  MAIL_FROM: z.string().default('Sefer Chat <no-reply@localhost>'),

  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUERS: csv,

  /** Google Docs import (OAuth 2.0, read-only scope); the public-link import needs none of it. */
  GOOGLE_OAUTH_CLIENT_ID: optionalString,
  GOOGLE_OAUTH_CLIENT_SECRET: optionalString,
  /** Defaults to PUBLIC_URL + /api/google-docs/callback. */
  GOOGLE_OAUTH_REDIRECT_URL: optionalString.pipe(z.url().optional()),
  /** Google's endpoints; tests point them at a local fake. */
  GOOGLE_OAUTH_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_DOCS_API_URL: z.url().default('https://docs.googleapis.com'),
  GOOGLE_DOCS_EXPORT_URL: z.url().default('https://docs.google.com'),

  /** Knowledge files: largest upload and most files per character. */
  UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(20),
  FILES_PER_FRIEND: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Character images: largest upload and longest side after resizing. */
  IMAGE_MAX_MB: z.coerce.number().positive().max(200).default(10),
  IMAGE_MAX_PX: z.coerce.number().int().min(64).max(4096).default(768),
  /** Image generations this instance runs at once; 0: it runs none (another instance does). */
  IMAGE_JOBS: z.coerce.number().int().min(0).max(16).default(2),

  /** Files in an S3-compatible bucket instead of DATA_DIR/files (storage is chosen by S3_BUCKET). */
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Path-style addresses (MinIO and most self-hosted servers); defaults to on with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: optionalString.transform((s) =>
    s === undefined ? undefined : s === '1' || s === 'true',
  ),
  /** Send browsers to presigned URLs; `0` when they cannot reach S3_ENDPOINT (the app streams). */
  S3_PRESIGNED_URLS: optionalString.transform((s) => s !== '0' && s !== 'false'),

  /** Text extraction of uploads (pdf, docx, epub, html) runs in this many worker threads… */
  EXTRACT_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, Math.min(4, availableParallelism() - 1))),
  /** …with at most this many files waiting; more are refused with "busy, try again". */
  EXTRACT_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
  /** One file's text extraction at most; a file that takes longer is refused as too slow. */
  EXTRACT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  /** A .docx or .epub whose parts unpack to more than this is refused (counted while unpacking). */
  DOCX_MAX_UNZIPPED_MB: z.coerce.number().positive().max(4096).default(300),

  /** Hosts whose name contains this word run the assistant variant. */
  ASSISTANT_HOST_WORD: z.string().default('assistant'),

  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString,
  OPENAI_MODELS: csv,
  GOOGLE_GENERATIVE_AI_API_KEY: optionalString,
  /** Gemini API address (a proxy or gateway); the provider's own by default. */
  GOOGLE_GENERATIVE_AI_BASE_URL: optionalString.pipe(z.url().optional()),
  GOOGLE_MODELS: csv,
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_MODELS: csv,
  OPENAI_COMPATIBLE_BASE_URL: optionalString,
  OPENAI_COMPATIBLE_API_KEY: optionalString,
  OPENAI_COMPATIBLE_MODELS: csv,
  DEFAULT_MODEL: optionalString,
  /** Images, speech, transcription, embeddings (src/server/ai/media/media-models.ts). */
  IMAGE_MODEL: mediaModel,
  SPEECH_MODEL: mediaModel,
  TRANSCRIPTION_MODEL: mediaModel,
  EMBEDDING_MODEL: mediaModel,
  /**
   * Longest a question's search by meaning (its embedding, then the vector scan) may take
   * before retrieval goes on with the word index alone.
   */
  EMBEDDING_SEARCH_SECONDS: z.coerce.number().positive().max(600).default(5),
  /** The speech cache (read-aloud clips in storage): clips not played for this many days go… */
  SPEECH_CACHE_DAYS: z.coerce.number().positive().max(3650).default(30),
  /** …and beyond this size the least recently played go first (swept hourly). */
  SPEECH_CACHE_MAX_MB: z.coerce.number().min(0).max(1_000_000).default(1024),

  /**
   * How long a character's memory update waits after the turn that asked for it; the turns
   * meanwhile join it (one model call for all). 0: right after the turn.
   */
  MEMORY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),

  /** On SIGTERM, how long running replies may take to finish before they are marked failed. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(20),
  /**
   * This instance's name among those sharing the database: starting again under the same
   * name means the same instance restarted, so what its last run left streaming is given up
   * at once. Default: host name and port (unique per container or machine).
   */
  INSTANCE_NAME: optionalString,
  /**
   * How often an instance says it is alive; one silent for four times this is dead, and its
   * streaming replies are failed (retryable) and its credit holds given back by another.
   */
  INSTANCE_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(3600).default(5),

  /** Requests a minute to /api per client (session, else address), and per address. */
  API_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  API_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(3000),
  /** Other origins images and audio may load from (CDN, storage), for the CSP. */
  CSP_MEDIA_ORIGINS: csv
    .pipe(z.array(z.url({ protocol: /^https?$/ })))
    .transform((urls) => urls.map((u) => new URL(u).origin)),

  /** Model calls: time to the first token, longest gap between tokens, whole reply. */
  MODEL_FIRST_TOKEN_SECONDS: z.coerce.number().positive().max(600).default(20),
  MODEL_IDLE_SECONDS: z.coerce.number().positive().max(600).default(30),
  MODEL_REPLY_SECONDS: z.coerce.number().positive().max(3600).default(180),

  /**
   * `GET /metrics` answers loopback requests that came through no proxy, and requests with
   * `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets 404 (src/server/ops/metrics-http.ts).
   */
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, 'at least 16 characters (e.g. openssl rand -hex 24)').optional(),
  ),
  /** OpenTelemetry traces go to this OTLP/HTTP collector (…/v1/traces) when set. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('sefer-chat'),

  /** Trust X-Forwarded-For from a proxy in front of the app. */
  TRUST_PROXY: optionalString.transform((s) => s === '1' || s === 'true'),
  APP_VERSION: optionalString,

  /** Billing (src/server/billing): Stripe when its secret key is set, else the sandbox. */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  /** Where the stripe package sends its calls (tests point it at a local fake). */
  STRIPE_API_URL: optionalString.pipe(z.url().optional()),
  /**
   * With NODE_ENV=production and no Stripe key, the built-in test payment page (where anyone
   * may choose "paid" and get credits) runs only when this says so knowingly (1).
   */
  PAYMENTS_SANDBOX: optionalString.transform((s) => s === '1' || s === 'true'),
  /** Credits a new user starts with. */
  FREE_CREDITS: z.coerce.number().int().min(0).max(1_000_000_000).default(500),
  /**
   * Image credits a user signing up starts with (one a generation): enough to try the graphic
   * designer once an account may create images (imgedit); more are bought on /buy.
   */
  STARTER_IMAGE_CREDITS: z.coerce.number().int().min(0).max(1_000_000).default(3),
  /** Credits charged per US dollar of a model's list price (src/server/ai/prices.ts). */
  CREDITS_PER_USD: z.coerce.number().positive().max(1_000_000).default(1000),
  /**
   * Per-model prices in credits per million tokens, `model=in/cached/out`, comma-separated;
   * `*` prices the models with no list price. Listed models override the list price.
   */
  CREDIT_PRICES: csv.pipe(
    z.array(
      z
        .string()
        .regex(
          /^[^=\s]+=\d+(\.\d+)?\/\d+(\.\d+)?\/\d+(\.\d+)?$/,
          'expected model=in/cached/out (credits per million tokens)',
        ),
    ),
  ),
  /**
   * The least a turn sets aside when it starts: the hold is the turn's estimate (its prompt and
   * its reply's budget at the model's prices), never less than this, never more than the
   * balance (returned or settled when the turn ends).
   */
  CREDIT_TURN_HOLD: z.coerce.number().int().min(0).max(1_000_000).default(20),
  /**
   * Web Push (VAPID). Without the keys, a pair is generated on first start and kept in
   * DATA_DIR/vapid.json. Both or neither.
   */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Who push services may contact about our messages: a mailto: or https: address. */
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'expected mailto:… or https://…')
      .optional(),
  ),
  /**
   * Where the server may send pushes: browsers' push services only (the server posts to
   * whatever address a subscription names, so anything else is refused). Origins, or
   * `https://*.domain` for any host under it. Tests add their local push service.
   */
  PUSH_ALLOWED_ORIGINS: csv,
});

export type Env = z.output<typeof EnvSchema>;

/** Every variable's name (the README and .env.example must list each). */
export const envNames = Object.keys(EnvSchema.shape);

export interface Config extends Env {
  dataDir: string;
  publicUrl: string;
  pgliteDir: string;
  outboxDir: string;
  filesDir: string;
  webDir: string;
  googleOAuthRedirectUrl: string;
  version: string;
  /** Sign-in links go to the log too (see LOG_SIGNIN_LINKS). */
  logSigninLinks: boolean;
  vapidFile: string;
  vapidSubject: string;
  /** PUSH_ALLOWED_ORIGINS, or the push services of the major browsers. */
  pushAllowedOrigins: string[];
  /** INSTANCE_NAME, or `host:port`. */
  instanceName: string;
}

/** The push services of Chrome, Edge, Firefox and Safari (their subscription endpoints). */
export const DEFAULT_PUSH_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://*.notify.windows.com',
  'https://updates.push.services.mozilla.com',
  'https://*.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.push.apple.com',
];

export class ConfigError extends Error {}

/** package.json's version (kept equal to CHANGELOG.md's newest release by a test). */
const packageVersion = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** The address inside `Name <address>`. */
function mailAddress(from: string): string {
  return (from.match(/<([^>]+)>/)?.[1] ?? from).trim();
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  - VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
    );
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  - S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  }
  if (e.NODE_ENV === 'production' && !e.STRIPE_SECRET_KEY && !e.PAYMENTS_SANDBOX) {
    throw new ConfigError(
      'Invalid configuration:\n  - NODE_ENV=production without STRIPE_SECRET_KEY: the built-in ' +
        'test payment page would let anyone choose "paid" and get credits. Set STRIPE_SECRET_KEY ' +
        '(and STRIPE_WEBHOOK_SECRET), or PAYMENTS_SANDBOX=1 to run the test page knowingly',
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    ...e,
    dataDir,
    publicUrl,
    googleOAuthRedirectUrl: e.GOOGLE_OAUTH_REDIRECT_URL ?? `${publicUrl}/api/google-docs/callback`,
    pgliteDir: resolve(dataDir, 'db'),
    outboxDir: resolve(dataDir, 'outbox'),
    filesDir: resolve(dataDir, 'files'),
    webDir: resolve(import.meta.dirname, '../../dist/web'),
    version: e.APP_VERSION ?? packageVersion,
    vapidFile: resolve(dataDir, 'vapid.json'),
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${mailAddress(e.MAIL_FROM)}`,
    pushAllowedOrigins: e.PUSH_ALLOWED_ORIGINS.length
      ? e.PUSH_ALLOWED_ORIGINS
      : DEFAULT_PUSH_ORIGINS,
    logSigninLinks:
      e.LOG_SIGNIN_LINKS && !e.SMTP_URL && !e.SMTP_HOST && e.NODE_ENV !== 'production',
    instanceName: e.INSTANCE_NAME ?? `${hostname()}:${e.PORT}`,
  };
}
