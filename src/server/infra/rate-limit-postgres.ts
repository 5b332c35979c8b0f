import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { BLOCKED, type RateLimiter } from './rate-limit.ts';

/**
 * Counters in PostgreSQL, for instances that share a database but no Redis: a restart or a
 * second instance sees the same counts. Each operation is one statement, so concurrent hits
 * on one key are counted exactly (the upsert takes the row lock).
 *
 * The table is not part of the Drizzle schema: it holds no data anyone reads back, and the
 * limiter creates it itself (as rate-limiter-flexible's stores do), so it exists wherever
 * this limiter runs and nowhere else. Times come from the injected clock, in milliseconds.
 */
/** Any fixed number names the lock; this one spells "rate" in ASCII. */
const RATE_LIMITS_LOCK_KEY = 0x72617465;

export async function postgresRateLimiter(
  db: Db,
  now: () => number = Date.now,
): Promise<RateLimiter> {
  // Instances starting together: `if not exists` alone races in the catalog (duplicate type,
  // duplicate key), so the creation runs under a lock; the others then find the table.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RATE_LIMITS_LOCK_KEY})`);
    await tx.execute(sql`create table if not exists rate_limits (
      key text primary key,
      count bigint not null,
      reset_at bigint not null
    )`);
  });
  let hits = 0;
  type Row = { count: string | number; reset_at: string | number };
  // Both drivers (node-postgres, PGlite) answer an object with `rows`.
  const rows = async (q: ReturnType<typeof sql>) =>
    ((await db.execute(q)) as unknown as { rows: Row[] }).rows;
  const secondsUntil = (resetAt: string | number) =>
    Math.max(0, Math.ceil((Number(resetAt) - now()) / 1000));

  return {
    async hit(key, limit, windowSec) {
      const t = now();
      const until = t + windowSec * 1000;
      if (++hits % 1000 === 0)
        await db.execute(sql`delete from rate_limits where reset_at <= ${t}`);
      const [row] = await rows(sql`
        insert into rate_limits (key, count, reset_at) values (${key}, 1, ${until})
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= ${t} then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= ${t} then ${until} else rate_limits.reset_at end
        returning count, reset_at`);
      const count = Number(row!.count);
      return { allowed: count <= limit, retryAfter: secondsUntil(row!.reset_at), count };
    },
    async refund(key) {
      await db.execute(sql`
        update rate_limits set count = count - 1
        where key = ${key} and reset_at > ${now()} and count > 0 and count < ${BLOCKED}`);
    },
    async peek(key, limit) {
      const [row] = await rows(sql`
        select count, reset_at from rate_limits where key = ${key} and reset_at > ${now()}`);
      if (!row) return { allowed: true, retryAfter: 0, count: 0 };
      const count = Number(row.count);
      return { allowed: count < limit, retryAfter: secondsUntil(row.reset_at), count };
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
    async block(key, seconds) {
      const t = now();
      const until = t + seconds * 1000;
      await db.execute(sql`
        insert into rate_limits (key, count, reset_at) values (${key}, ${BLOCKED}, ${until})
        on conflict (key) do update set
          count = ${BLOCKED},
          reset_at = case when rate_limits.reset_at > ${until} then rate_limits.reset_at
                          else ${until} end`);
    },
  };
}
