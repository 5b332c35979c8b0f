import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { sql } from 'drizzle-orm';
import type { Db, RawSql } from '../db/client.ts';

export interface QueueOptions {
  /** Tries after the first (default 3). */
  retryLimit?: number;
  /** Seconds before a retry (default 10), doubled each time with `backoff` (default on). */
  retryDelaySeconds?: number;
  backoff?: boolean;
  /** A run longer than this is failed (and retried): default 5 minutes. */
  expireInSeconds?: number;
  /** Jobs of this queue run at once in this instance (default 1). */
  concurrency?: number;
  /**
   * `stately`: at most one waiting and one running job per `singletonKey` (work that only
   * needs to happen once more, however often it is asked for, like a memory update).
   */
  policy?: 'standard' | 'stately';
}

export interface FailedJob {
  id: string;
  name: string;
  data: unknown;
  attempts: number;
  reason: string;
  failedAt: Date | null;
}

/**
 * Work that must happen even if this process stops: stored first, run with retries and
 * backoff, taken up by any instance after a restart. Handlers must be idempotent: a job can
 * run again after a crash between its work and its completion.
 */
export interface Jobs {
  /** Declares a queue and this instance's handler (before `start`). */
  define<T extends object>(
    name: string,
    handler: (data: T) => Promise<void>,
    options?: QueueOptions,
  ): void;
  /** Runs `name` on this cron schedule, once across all instances (before `start`). */
  schedule(name: string, cron: string): void;
  send(
    name: string,
    data: object,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<string | null>;
  start(): Promise<void>;
  /** Lets running jobs finish (up to `timeoutMs`), then stops taking new ones. */
  stop(timeoutMs?: number): Promise<void>;
  /** Resolves when no job of a defined queue is waiting, due or running (tests, benches). */
  idle(): Promise<void>;
  /** Jobs waiting (new, or failed and to be retried) by queue, across instances (the metrics). */
  queued(): Promise<Record<string, number>>;
  /** Jobs this instance's workers are running now, by queue. */
  running(): Record<string, number>;
  describe(): string;
}

const QUEUE = /^[a-z][a-z0-9-]{0,60}$/;

/**
 * The job queue: pg-boss, on PostgreSQL and on the embedded PGlite alike (through the
 * database's own connections, so one process on PGlite holds no second connection).
 */
export function pgBossJobs(
  sql: RawSql,
  log: Logger,
  opts: {
    pollingSeconds?: number;
    workerPollingSeconds?: number;
    label?: string;
    /**
     * Holds the database's lock for the queue's set-up (Database.withLock): pg-boss creates
     * its schema and each queue's table with DDL that deadlocks when instances starting
     * together on an empty database run it at once (`create_queue`, 6 of 6 tries).
     */
    setupLock?: <T>(fn: () => Promise<T>) => Promise<T>;
    /** Told of each failed run (`final`: no retry left), for the metrics. */
    onFailed?: (queue: string, final: boolean) => void;
  } = {},
): Jobs {
  // pg-boss's loops may still be in a query when it says it has stopped; the database closes
  // right after. So its queries are counted, awaited at stop, and refused after it.
  let closed = false;
  const inFlight = new Set<Promise<unknown>>();
  const executeSql = (text: string, values: unknown[]) => {
    if (closed) return Promise.reject(new Error('the job queue has stopped'));
    const p = sql(text, values);
    inFlight.add(p);
    void p.catch(() => {}).finally(() => inFlight.delete(p));
    return p;
  };
  const boss = new PgBoss({
    db: { executeSql },
    // Completed jobs are kept a day for inspection; failed ones a month (`admin jobs`).
    archiveCompletedAfterSeconds: 24 * 3600,
    archiveFailedAfterSeconds: 30 * 24 * 3600,
  });
  boss.on('error', (err) => log.warn({ err }, 'job queue error'));
  const queues = new Map<
    string,
    { handler: (data: object) => Promise<void>; options: QueueOptions; workers: string[] }
  >();
  const schedules: [string, string][] = [];
  let started = false;
  let running = 0;
  const runningByQueue = new Map<string, number>();
  // One query every `pollingSeconds` asks which queues have a job due (sent by another
  // instance, a retry after its delay, a cron run, a delayed send) and wakes their workers.
  // Each worker's own poll is only a safety net: ~20 queues polling every 2 s were ~530
  // queries a minute on an idle server. A job sent here wakes its worker at once (`send`),
  // and a worker that has just run a job looks for the next one at once (a backlog drains
  // without waiting for a poll).
  const sharedPollMs = (opts.pollingSeconds ?? 2) * 1000;
  const workerPollingSeconds = opts.workerPollingSeconds ?? Math.max(60, opts.pollingSeconds ?? 2);
  let poller: ReturnType<typeof setTimeout> | null = null;
  const wake = (name: string) => {
    for (const w of queues.get(name)?.workers ?? []) boss.notifyWorker(w);
  };
  async function pollDue() {
    const names = [...queues].filter(([, q]) => q.workers.length).map(([name]) => name);
    if (!names.length) return;
    const { rows } = await executeSql(
      `select distinct name from pgboss.job
        where name = any($1::text[]) and state < 'active' and start_after < now()`,
      [names],
    );
    for (const r of rows) wake(String(r.name));
  }
  function schedulePoll() {
    poller = setTimeout(() => {
      void pollDue()
        .catch((err: unknown) => {
          if (!closed) log.warn({ err }, 'job queue poll failed');
        })
        .finally(() => {
          if (poller) schedulePoll();
        });
    }, sharedPollMs);
    poller.unref();
  }

  async function run(job: PgBoss.JobWithMetadata<object>, name: string) {
    const q = queues.get(name)!;
    running++;
    runningByQueue.set(name, (runningByQueue.get(name) ?? 0) + 1);
    try {
      await q.handler(job.data);
    } catch (err) {
      const last = job.retryCount >= job.retryLimit;
      opts.onFailed?.(name, last);
      log[last ? 'error' : 'warn'](
        { err, job: job.id, queue: name, attempt: job.retryCount + 1 },
        last ? 'job failed for good' : 'job failed; it will be retried',
      );
      // pg-boss stores what is thrown as the job's output: keep it to the reason.
      throw new Error(err instanceof Error ? err.message : String(err), { cause: err });
    } finally {
      running--;
      runningByQueue.set(name, runningByQueue.get(name)! - 1);
      // Another job may be waiting behind this one: look now rather than at the next poll.
      wake(name);
    }
  }

  return {
    define(name, handler, options = {}) {
      if (!QUEUE.test(name)) throw new Error(`bad queue name: ${name}`);
      if (started) throw new Error(`queue ${name} defined after start`);
      queues.set(name, {
        handler: handler as (data: object) => Promise<void>,
        options,
        workers: [],
      });
    },
    schedule(name, cron) {
      if (started) throw new Error(`schedule ${name} added after start`);
      schedules.push([name, cron]);
    },
    async send(name, data, options = {}) {
      const q = queues.get(name);
      if (!q) throw new Error(`unknown queue: ${name}`);
      const id = await boss.send(name, data, {
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
      // A job sent here is taken at once by this instance's idle worker, not at its next poll.
      if (id && !options.startAfterSeconds) wake(name);
      return id;
    },
    async start() {
      started = true;
      const setup = opts.setupLock ?? ((fn) => fn());
      await setup(async () => {
        await boss.start();
        for (const [name, q] of queues) {
          const o = q.options;
          const queue = {
            name,
            policy: o.policy ?? 'standard',
            retryLimit: o.retryLimit ?? 3,
            retryDelay: o.retryDelaySeconds ?? 10,
            retryBackoff: o.backoff ?? true,
            expireInSeconds: o.expireInSeconds ?? 300,
          };
          await boss.createQueue(name, queue);
          await boss.updateQueue(name, queue);
        }
        for (const [name, cron] of schedules) await boss.schedule(name, cron);
      });
      for (const [name, q] of queues) {
        for (let i = 0; i < (q.options.concurrency ?? 1); i++) {
          q.workers.push(
            await boss.work<object>(
              name,
              {
                includeMetadata: true,
                batchSize: 1,
                pollingIntervalSeconds: workerPollingSeconds,
              },
              async ([job]) => run(job!, name),
            ),
          );
        }
      }
      schedulePoll();
    },
    async stop(timeoutMs = 20_000) {
      if (!started) return;
      started = false;
      if (poller) clearTimeout(poller);
      poller = null;
      // Take no new jobs, let the running ones finish and be marked, then stop the rest.
      for (const name of queues.keys()) await boss.offWork(name);
      const deadline = Date.now() + timeoutMs;
      while (running > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setImmediate(r));
      await Promise.allSettled([...inFlight]);
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      await Promise.allSettled([...inFlight]);
      closed = true;
    },
    async idle() {
      for (;;) {
        let waiting = running;
        for (const name of queues.keys())
          waiting += await boss.getQueueSize(name, { before: 'completed' });
        if (!waiting) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async queued() {
      const counts: Record<string, number> = {};
      if (!started) return counts;
      // pg-boss's own count: states before `active` are `created` and `retry`.
      for (const name of queues.keys()) counts[name] = await boss.getQueueSize(name);
      return counts;
    },
    running() {
      const counts: Record<string, number> = {};
      for (const name of queues.keys()) counts[name] = runningByQueue.get(name) ?? 0;
      return counts;
    },
    describe: () => `${opts.label ?? 'database'} job queue (pg-boss)`,
  };
}

/** Failed jobs, newest first, with their reasons (`npm run admin -- jobs`). */
export async function failedJobs(db: Db, limit = 50): Promise<FailedJob[]> {
  const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
  const exists = rowsOf(await db.execute(sql`select to_regclass('pgboss.job') is not null as ok`));
  if (!exists[0]?.ok) return [];
  const cols = sql`id::text as id, name, data, retry_count as attempts,
    coalesce(output->>'message', output::text, '') as reason, completed_on as failed_at`;
  const rows = rowsOf(
    await db.execute(sql`select * from (
       select ${cols} from pgboss.job where state = 'failed'
       union all
       select ${cols} from pgboss.archive where state = 'failed'
     ) f order by failed_at desc nulls last limit ${limit}`),
  );
  return rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    data: r.data,
    attempts: Number(r.attempts) + 1,
    reason: String(r.reason),
    failedAt: r.failed_at ? new Date(r.failed_at as string) : null,
  }));
}
