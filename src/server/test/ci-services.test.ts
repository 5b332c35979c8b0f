import { describe, expect, it } from 'vitest';
import setup, { checkServices } from './ci-services.ts';

// Port 1 on loopback: nothing listens there, so the connection is refused at once.
const nowhere = {
  DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/test',
  REDIS_URL: 'redis://127.0.0.1:1',
};

describe('the test services check', () => {
  it('names each service that is missing or unreachable', async () => {
    expect(await checkServices({})).toEqual(['DATABASE_URL is not set', 'REDIS_URL is not set']);
    const problems = await checkServices(nowhere);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^DATABASE_URL \(127\.0\.0\.1:1\) cannot be reached/);
    expect(problems[1]).toMatch(/^REDIS_URL \(127\.0\.0\.1:1\) cannot be reached/);
  });

  it('fails the run under CI=true, and only warns outside it', async () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, nowhere, { CI: 'true' });
      await expect(setup()).rejects.toThrow(/CI=true: the PostgreSQL and Redis tests must run/);
      process.env.CI = 'false';
      await expect(setup()).resolves.toBeUndefined();
    } finally {
      for (const key of ['DATABASE_URL', 'REDIS_URL', 'CI']) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    }
  });

  it('passes when both answer', async ({ skip }) => {
    if (!process.env.DATABASE_URL || !process.env.REDIS_URL)
      skip('set in CI, where the set-up itself requires them');
    expect(await checkServices(process.env)).toEqual([]);
  });
});
