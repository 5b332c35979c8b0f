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

  /** Hosts whose name contains this word run the assistant variant. */
  ASSISTANT_HOST_WORD: z.string().default('assistant'),

  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString,
  OPENAI_MODELS: csv,
  GOOGLE_GENERATIVE_AI_API_KEY: optionalString,
  GOOGLE_MODELS: csv,
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_MODELS: csv,
  OPENAI_COMPATIBLE_BASE_URL: optionalString,
  OPENAI_COMPATIBLE_API_KEY: optionalString,
  OPENAI_COMPATIBLE_MODELS: csv,
  DEFAULT_MODEL: optionalString,

  /** Model calls: time to the first token, longest gap between tokens, whole reply. */
  MODEL_FIRST_TOKEN_SECONDS: z.coerce.number().positive().max(600).default(20),
  MODEL_IDLE_SECONDS: z.coerce.number().positive().max(600).default(30),
  MODEL_REPLY_SECONDS: z.coerce.number().positive().max(3600).default(180),

  /** Trust X-Forwarded-For from a proxy in front of the app. */
  TRUST_PROXY: optionalString.transform((s) => s === '1' || s === 'true'),
  APP_VERSION: optionalString,
});

export type Env = z.output<typeof EnvSchema>;

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
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
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
    version: e.APP_VERSION ?? '0.1.0',
    logSigninLinks:
      e.LOG_SIGNIN_LINKS && !e.SMTP_URL && !e.SMTP_HOST && e.NODE_ENV !== 'production',
  };
}
