import type { Config } from '../config.ts';

/**
 * The embedded or offline stand-ins a server still runs on: fine on a laptop, each one a
 * thing to replace before real readers arrive (the start log lists them; with
 * NODE_ENV=production as a warning).
 */
export function embeddedParts(
  config: Config,
  running: { database: 'pglite' | 'postgres'; media: string[] },
): string[] {
  const parts: string[] = [];
  if (running.database === 'pglite') parts.push('embedded database (PGlite): one process only');
  if (!config.SMTP_URL && !config.SMTP_HOST) parts.push('dev outbox instead of e-mail (SMTP_*)');
  const models =
    config.OPENAI_API_KEY ||
    config.GOOGLE_GENERATIVE_AI_API_KEY ||
    config.ANTHROPIC_API_KEY ||
    config.OPENAI_COMPATIBLE_BASE_URL;
  if (!models) parts.push('offline chat model only (no provider keys)');
  for (const m of running.media) if (/offline/i.test(m)) parts.push(m);
  if (!config.S3_BUCKET) parts.push(`local files in ${config.filesDir} (S3_BUCKET to share them)`);
  if (!config.STRIPE_SECRET_KEY) parts.push('test payment page (PAYMENTS_SANDBOX)');
  if (!config.REDIS_URL && !config.DATABASE_URL)
    parts.push('rate limits and live events in this process');
  return parts;
}
