import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { embeddedParts } from './embedded-parts.ts';

const root = new URL('../../../', import.meta.url);

describe('production-safe defaults', () => {
  it('NODE_ENV=production without Stripe refuses to start, unless PAYMENTS_SANDBOX=1', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENTS_SANDBOX=1/);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: '1' }).PAYMENTS_SANDBOX).toBe(
      true,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_x' }),
    ).not.toThrow();
    // Anywhere else the test page is the keyless default, as before.
    expect(() => loadConfig({})).not.toThrow();
  });

  it('the start log names every embedded or offline part still in use', () => {
    const bare = embeddedParts(loadConfig({}), {
      database: 'pglite',
      media: ['offline images', 'offline speech (espeak-ng)', 'transcription off'],
    });
    expect(bare.join('\n')).toMatch(/PGlite/);
    expect(bare.join('\n')).toMatch(/dev outbox/);
    expect(bare.join('\n')).toMatch(/offline chat model/);
    expect(bare).toContain('offline speech (espeak-ng)');
    expect(bare.join('\n')).toMatch(/local files/);
    expect(bare.join('\n')).toMatch(/test payment page/);
    expect(bare.join('\n')).toMatch(/in this process/);
    const served = embeddedParts(
      loadConfig({
        DATABASE_URL: 'postgresql://x@db/sefer',
        SMTP_HOST: 'smtp.example.com',
        OPENAI_API_KEY: 'sk-x',
        S3_BUCKET: 'sefer',
        STRIPE_SECRET_KEY: 'sk_test_x',
      }),
      { database: 'postgres', media: ['images: openai:gpt-image-1'] },
    );
    expect(served).toEqual([]);
  });
});

describe('licence and changelog', () => {
  it("package.json's version is CHANGELOG.md's newest release, and the footer shows it", () => {
    const changelog = readFileSync(new URL('CHANGELOG.md', root), 'utf8');
    const newest = /^## \[(\d+\.\d+\.\d+)\]/m.exec(changelog)?.[1];
    const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
      version: string;
    };
    expect(newest).toBe(pkg.version);
    expect(loadConfig({}).version).toBe(pkg.version);
    expect(changelog).toMatch(/^## \[Unreleased\]/m);
    expect(readFileSync(new URL('LICENSE', root), 'utf8')).toMatch(/^MIT License/);
  });
});
