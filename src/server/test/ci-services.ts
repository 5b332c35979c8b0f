/**
 * Vitest's global set-up: under `CI=true` the PostgreSQL and Redis paths must run, so a missing
 * or unreachable server fails the run at once instead of letting its tests skip in silence.
 * Outside CI, what is not configured is said once and those tests skip.
 */
import pg from 'pg';
import { Redis } from 'ioredis';

async function reachPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch((err: unknown) => {
      console.warn(`[tests] closing the PostgreSQL check's connection failed: ${String(err)}`);
    });
  }
}

async function reachRedis(url: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 10_000,
    retryStrategy: () => null,
  });
  // ioredis reports the socket's error as an event, and then rejects with "Connection is closed".
  let cause: Error | undefined;
  redis.on('error', (err: Error) => {
    cause = err;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw cause ?? err;
  } finally {
    redis.disconnect();
  }
}

export async function checkServices(env: NodeJS.ProcessEnv): Promise<string[]> {
  const problems: string[] = [];
  const services: Array<[string, string | undefined, (url: string) => Promise<void>]> = [
    ['DATABASE_URL', env.DATABASE_URL, reachPostgres],
    ['REDIS_URL', env.REDIS_URL, reachRedis],
  ];
  for (const [name, url, reach] of services) {
    if (!url) {
      problems.push(`${name} is not set`);
      continue;
    }
    try {
      await reach(url);
    } catch (err) {
      problems.push(`${name} (${new URL(url).host}) cannot be reached: ${(err as Error).message}`);
    }
  }
  return problems;
}

export default async function setup(): Promise<void> {
  const problems = await checkServices(process.env);
  if (problems.length === 0) return;
  if (process.env.CI === 'true') {
    throw new Error(
      `CI=true: the PostgreSQL and Redis tests must run, but ${problems.join('; ')}. ` +
        'Start them (see README) or set DATABASE_URL and REDIS_URL.',
    );
  }
  console.warn(`[tests] skipping what needs them: ${problems.join('; ')}`);
}
