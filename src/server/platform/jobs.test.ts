import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../admin/admin-run.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { freshDatabase, testDatabases } from '../test/harness.ts';
import { failedJobs, pgBossJobs, type Jobs } from './jobs.ts';

const log = pino({ level: 'silent' });
const jobsOn = (db: Database) => pgBossJobs(db.sql, log, { pollingSeconds: 0.5 });

for (const kind of testDatabases()) {
  describe(`jobs on ${kind}`, () => {
    const cleanup: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const fn of cleanup.splice(0).reverse()) await fn();
    });
    async function database() {
      const db = await freshDatabase(kind);
      cleanup.push(() => db.close());
      return db;
    }
    function started(jobs: Jobs) {
      cleanup.push(() => jobs.stop());
      return jobs.start();
    }

    it('a job that fails is retried, and then succeeds', async () => {
      const jobs = jobsOn(await database());
      const calls: unknown[] = [];
      jobs.define<{ n: number }>(
        'flaky',
        async (data) => {
          calls.push(data);
          if (calls.length === 1) throw new Error('the model timed out');
        },
        { retryLimit: 2, retryDelaySeconds: 0, backoff: false },
      );
      await started(jobs);
      expect(await jobs.send('flaky', { n: 1 })).toBeTruthy();
      await jobs.idle();
      expect(calls).toEqual([{ n: 1 }, { n: 1 }]);
    });

    it('a job that keeps failing is kept with its reason, for admins, and counted', async () => {
      const db = await database();
      const failures: [string, boolean][] = [];
      const jobs = pgBossJobs(db.sql, log, {
        pollingSeconds: 0.5,
        onFailed: (queue, final) => failures.push([queue, final]),
      });
      let calls = 0;
      jobs.define(
        'doomed',
        async () => {
          calls++;
          throw new Error('disk on fire');
        },
        { retryLimit: 1, retryDelaySeconds: 0, backoff: false },
      );
      await started(jobs);
      await jobs.send('doomed', { file: 'a.pdf' });
      await jobs.idle();
      expect(calls).toBe(2);
      expect(failures).toEqual([
        ['doomed', false],
        ['doomed', true],
      ]);
      expect(jobs.running()).toEqual({ doomed: 0 });
      expect(await failedJobs(db.db)).toMatchObject([
        { name: 'doomed', data: { file: 'a.pdf' }, attempts: 2, reason: 'disk on fire' },
      ]);
      expect(await runAdminCommand(db.db, { command: 'jobs' })).toMatch(
        /1 failed job.*\n.*doomed .* after 2 attempt\(s\): disk on fire .*a\.pdf/,
      );
    });

    it('one waiting job per key: asking again while one waits adds nothing', async () => {
      const jobs = jobsOn(await database());
      const seen: unknown[] = [];
      // No worker here: the jobs wait.
      jobs.define('memory', async (d) => void seen.push(d), { policy: 'stately', concurrency: 0 });
      await started(jobs);
      expect(await jobs.send('memory', { v: 1 }, { singletonKey: 'u1:f1' })).toBeTruthy();
      expect(await jobs.send('memory', { v: 2 }, { singletonKey: 'u1:f1' })).toBeNull();
      expect(await jobs.send('memory', { v: 3 }, { singletonKey: 'u2:f1' })).toBeTruthy();
      // What the metrics show: pg-boss's count of the waiting ones, none running here.
      expect(await jobs.queued()).toEqual({ memory: 2 });
      expect(jobs.running()).toEqual({ memory: 0 });
    });

    it("another instance's job is taken at the next shared poll, not the worker's own", async () => {
      const db = await database();
      // `worker` polls on its own only every hour here; `sender` has no worker, so its send
      // wakes nobody here. Only the shared poll (every 0.5 s here) can hand the job over.
      const worker = pgBossJobs(db.sql, log, { pollingSeconds: 0.5, workerPollingSeconds: 3600 });
      let taken!: (d: unknown) => void;
      const got = new Promise((r) => (taken = r));
      worker.define('elsewhere', async (d) => taken(d));
      await started(worker);
      const sender = jobsOn(db);
      sender.define('elsewhere', async () => {}, { concurrency: 0 });
      await started(sender);
      await sender.send('elsewhere', { n: 3 });
      expect(await got).toEqual({ n: 3 });
    });

    it('a job queued before a restart runs after it', async () => {
      let first: Database;
      let reopen: () => Promise<Database>;
      if (kind === 'pglite') {
        const dir = mkdtempSync(join(tmpdir(), 'jobs-restart-'));
        cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
        first = await openDatabase({ pgliteDir: dir });
        reopen = () => openDatabase({ pgliteDir: dir });
      } else {
        const db = await database();
        first = await openDatabase({ url: db.url, poolSize: 2 });
        reopen = () => openDatabase({ url: db.url, poolSize: 2 });
      }
      // The first process queues the work and stops before any worker takes it.
      const before = jobsOn(first);
      before.define('later', async () => {}, { concurrency: 0 });
      await before.start();
      await before.send('later', { n: 7 });
      await before.stop();
      await first.close();

      const second = await reopen();
      cleanup.push(() => second.close());
      const after = jobsOn(second);
      const got: unknown[] = [];
      after.define('later', async (d) => void got.push(d));
      await started(after);
      await after.idle();
      expect(got).toEqual([{ n: 7 }]);
    }, 240_000); // three opens of a database (the first migrates it): a bound for a busy machine
  });
}
