import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { instancesRepo } from './instances.repo.ts';

/**
 * Gives up what a dead instance held: marks its streaming replies failed, gives back its
 * credit holds. Idempotent (two instances may sweep the same dead one); answers how many rows.
 */
export type DeadSweep = (deadInstances: number[]) => Promise<number>;

/**
 * This process among the instances sharing the database. Rows it writes while it works on
 * them (a streaming reply, a turn's credit hold) carry its `id`; when it dies (kill -9, a lost
 * machine) another instance notices its heartbeat stop, or it starts again under the same
 * name, and the sweeps the domains registered give those rows up: the reader gets a
 * retryable failure instead of a reply that looks alive for good.
 */
export interface Instance {
  readonly id: number;
  readonly name: string;
  /** A domain's sweep of a dead instance's rows (registered while the app is built). */
  onDead(what: string, sweep: DeadSweep): void;
  /** One heartbeat, then the sweeps of every dead instance not given up yet. */
  check(): Promise<void>;
  /** Heartbeats every INSTANCE_HEARTBEAT_SECONDS, after a first check (the app's onReady). */
  start(): Promise<void>;
  /** No more heartbeats; what this run still holds is given up (after the shutdown's drain). */
  stop(): Promise<void>;
}

/** Silent for this many heartbeats: dead. */
export const HEARTBEATS_TO_DEATH = 4;

export async function registerInstance(
  db: Db,
  log: Logger,
  opts: {
    name: string;
    heartbeatSeconds: number;
    /** The database has one process (PGlite): every other instance row is a dead run. */
    exclusive: boolean;
  },
): Promise<Instance> {
  const repo = instancesRepo(db);
  const id = await repo.register(opts.name, opts.exclusive);
  const sweeps = new Map<string, DeadSweep>();
  let timer: NodeJS.Timeout | null = null;
  let checking: Promise<void> | null = null;

  async function sweepDead(dead: number[]) {
    let complete = true;
    for (const [what, sweep] of sweeps) {
      try {
        const n = await sweep(dead);
        if (n) log.info({ instances: dead, [what]: n }, `${what} of stopped instances given up`);
      } catch (err) {
        // Tried again at the next heartbeat: the instances stay unswept until every sweep ran.
        complete = false;
        log.warn({ err, instances: dead, what }, 'could not give up what a stopped instance held');
      }
    }
    if (complete) await repo.swept(dead);
  }

  async function checkOnce() {
    const dead = await repo.beat(id, opts.name, opts.heartbeatSeconds * HEARTBEATS_TO_DEATH);
    if (dead.length) await sweepDead(dead);
  }

  const instance: Instance = {
    id,
    name: opts.name,
    onDead(what, sweep) {
      sweeps.set(what, sweep);
    },
    check() {
      // One at a time: a slow database must not pile heartbeats up.
      checking ??= checkOnce().finally(() => {
        checking = null;
      });
      return checking;
    },
    async start() {
      await instance.check();
      if (timer) return;
      timer = setInterval(() => {
        instance.check().catch((err: unknown) => log.warn({ err }, 'instance heartbeat failed'));
      }, opts.heartbeatSeconds * 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      if (checking)
        await checking.catch((err: unknown) => log.debug({ err }, 'last heartbeat failed'));
      await repo.markDead(id);
      await sweepDead([id]);
    },
  };
  return instance;
}
