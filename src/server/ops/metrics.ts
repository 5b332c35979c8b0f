import { randomBytes } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EngineObserver } from '../ai/engine.ts';
import type { DroppedEvent, Events } from '../platform/events.ts';
import type { Log } from '../rpc/context.ts';

export type ReplyKind = 'chat' | 'group';
/**
 * How a live reply ended: its stored status, `interrupted` when the shutdown's grace ran out
 * and stored it as failed, `unstored` when even its final write failed (the sweep fails it),
 * `deleted` when its row went while it was written (its conversation reset or rewound).
 */
export type ReplyOutcome = 'done' | 'failed' | 'stopped' | 'interrupted' | 'unstored' | 'deleted';

/** node-postgres's Pool counts (none on PGlite: one in-process connection, nothing to wait for). */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
}

/** What the gauges read at scrape time; buildApp and the runtime attach them. */
export interface MetricsSources {
  /** Replies streaming in this instance now. */
  liveReplies?: Record<ReplyKind, () => number>;
  /** Jobs waiting (created or to be retried) by queue, across instances (pg-boss's count). */
  jobsQueued?: () => Promise<Record<string, number>>;
  /** Jobs this instance's workers run now, by queue. */
  jobsRunning?: () => Record<string, number>;
  /** node-postgres's pool (PostgreSQL only). */
  pool?: () => PoolCounts;
  /** The event bus, pinged on a topic of its own at each scrape. */
  events?: Events;
  /** The shutdown's grace ran out: a reply failing now was cut by it (`interrupted`). */
  shutdownCut?: () => boolean;
}

const STORED_OUTCOMES = new Set<string>(['done', 'failed', 'stopped', 'unstored', 'deleted']);

/** Seconds: from a fast request to a whole streamed reply. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 180];
const FIRST_TOKEN_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30];
const EVENT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2];
/** A ping that has not come back by then is counted lost (the scrape does not wait longer). */
const PING_TIMEOUT_MS = 2_000;

/**
 * Process metrics (CPU, memory, event loop lag, GC) belong to the process, not to an app: one
 * registry for all the apps a process builds (tests build many), started at the first scrape
 * so that a server nobody scrapes runs none of their observers.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The app's Prometheus metrics, in a registry of its own (several apps in one process, as in
 * the tests, never register a metric twice). Counters are fed as things happen; gauges read
 * their sources when scraped.
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  let sources: MetricsSources = {};
  let log: Log | undefined;
  /** A gauge source that fails leaves its gauge empty for this scrape, with a log line. */
  const guarded = <T>(what: string, fn: () => T, empty: T): T => {
    try {
      return fn();
    } catch (err) {
      log?.warn({ err }, `metrics: ${what} could not be read`);
      return empty;
    }
  };

  const http = new Histogram({
    name: 'sefer_http_request_duration_seconds',
    help: 'HTTP requests by route pattern (and action, for POST /api) and status, with their time to the last byte',
    labelNames: ['method', 'route', 'action', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  new Gauge({
    name: 'sefer_live_replies',
    help: 'Chat and group chat replies streaming in this instance',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      for (const [kind, count] of Object.entries(sources.liveReplies ?? {}))
        this.set({ kind }, guarded('live replies', count, 0));
    },
  });
  const outcomes = new Counter({
    name: 'sefer_reply_outcomes_total',
    help: 'Live replies that ended in this instance, by how they ended',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  });
  const firstToken = new Histogram({
    name: 'sefer_model_first_token_seconds',
    help: "Time from a model call to its first token, by provider (each attempt; the offline model's are not counted)",
    labelNames: ['provider'] as const,
    buckets: FIRST_TOKEN_BUCKETS,
    registers,
  });
  const modelErrors = new Counter({
    name: 'sefer_model_errors_total',
    help: 'Failed model call attempts, by provider and reason (timeout, http_4xx, http_5xx, network, unusable)',
    labelNames: ['provider', 'reason'] as const,
    registers,
  });
  new Gauge({
    name: 'sefer_jobs_queued',
    help: 'Jobs waiting to run (new or to be retried), by queue, across all instances',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      if (!sources.jobsQueued) return;
      try {
        for (const [queue, n] of Object.entries(await sources.jobsQueued())) this.set({ queue }, n);
      } catch (err) {
        log?.warn({ err }, 'metrics: the job queue could not be counted');
      }
    },
  });
  new Gauge({
    name: 'sefer_jobs_running',
    help: "Jobs this instance's workers are running, by queue",
    labelNames: ['queue'] as const,
    registers,
    collect() {
      this.reset();
      const running = guarded('running jobs', () => sources.jobsRunning?.() ?? {}, {});
      for (const [queue, n] of Object.entries(running)) this.set({ queue }, n);
    },
  });
  const jobsFailed = new Counter({
    name: 'sefer_jobs_failed_total',
    help: "Job runs that failed in this instance's workers, by queue; final: no retry is left",
    labelNames: ['queue', 'final'] as const,
    registers,
  });
  const eventDelay = new Histogram({
    name: 'sefer_event_bus_delay_seconds',
    help: 'Time from publishing an event to its delivery back to this instance (a ping at each scrape)',
    buckets: EVENT_BUCKETS,
    registers,
  });
  const pingsLost = new Counter({
    name: 'sefer_event_bus_pings_lost_total',
    help: `Event bus pings that failed to publish or did not come back within ${PING_TIMEOUT_MS / 1000} s`,
    registers,
  });
  const eventsDropped = new Counter({
    name: 'sefer_events_dropped_total',
    help: 'Events dropped on arrival: unparsable payloads, listeners that threw',
    labelNames: ['reason'] as const,
    registers,
  });

  const webhooksRejected = new Counter({
    name: 'sefer_payment_webhook_rejected_total',
    help: 'Payment notifications refused, by reason (signature_mismatch: a wrong STRIPE_WEBHOOK_SECRET or a forgery)',
    labelNames: ['reason'] as const,
    registers,
  });
  const tracesFailed = new Counter({
    name: 'sefer_trace_exports_failed_total',
    help: 'Batches of spans the OTLP collector did not take (with OTEL_EXPORTER_OTLP_ENDPOINT)',
    registers,
  });

  /** PostgreSQL's pool gauges, made when a pool is attached: PGlite shows none at all. */
  function poolGauges(read: () => PoolCounts) {
    new Gauge({
      name: 'sefer_db_pool_connections',
      help: 'PostgreSQL pool connections by state (in_use, idle)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const p = guarded('the pool', read, { total: 0, idle: 0, waiting: 0 });
        this.set({ state: 'in_use' }, p.total - p.idle);
        this.set({ state: 'idle' }, p.idle);
      },
    });
    new Gauge({
      name: 'sefer_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL pool connection',
      registers,
      collect() {
        this.set(guarded('the pool', read, { total: 0, idle: 0, waiting: 0 }).waiting);
      },
    });
  }

  const ping = eventPinger(eventDelay, pingsLost);

  return {
    registry,
    contentType: registry.contentType,

    /** What the gauges read at scrape time (a later call replaces what it names). */
    attach(more: MetricsSources, logger?: Log) {
      if (more.pool && !sources.pool) poolGauges(() => sources.pool!());
      sources = { ...sources, ...more };
      if (logger) log = logger;
    },

    httpRequest(method: string, route: string, action: string, status: number, seconds: number) {
      http.observe({ method, route, action, status: String(status) }, seconds);
    },
    /** A reply ended with this stored status (reply-runner.ts's `onOutcome`). */
    replyOutcome(kind: ReplyKind, status: string) {
      const outcome: ReplyOutcome | 'other' =
        status === 'failed' && sources.shutdownCut?.()
          ? 'interrupted'
          : STORED_OUTCOMES.has(status)
            ? (status as ReplyOutcome)
            : 'other';
      outcomes.inc({ kind, outcome });
    },
    /** For the engine (ai/engine.ts). */
    engine: {
      firstToken: (provider, seconds) => firstToken.observe({ provider }, seconds),
      error: (provider, reason) => modelErrors.inc({ provider, reason }),
    } satisfies EngineObserver,
    jobFailed(queue: string, final: boolean) {
      jobsFailed.inc({ queue, final: String(final) });
    },
    eventDropped(reason: DroppedEvent) {
      eventsDropped.inc({ reason });
    },
    /** A payment notification refused (billing.routes.ts), by why (payments.ts's reasons). */
    webhookRejected(reason: string) {
      webhooksRejected.inc({ reason });
    },
    traceExportFailed() {
      tracesFailed.inc();
    },

    /** The text format: the process's metrics, then this app's. */
    async render(): Promise<string> {
      if (sources.events) await ping(sources.events, log);
      const proc = await processMetrics().metrics();
      return proc + (await registry.metrics());
    },

    /** Stops listening for pings (the app closes). */
    async close() {
      await ping.close(log);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Measures the bus as the app uses it: a ping published on a topic of this instance alone and
 * heard back through the same transport (PostgreSQL NOTIFY, Redis, or in process), timed on
 * one clock. Cheap: one event per scrape, and nothing when nobody scrapes.
 */
function eventPinger(delay: Histogram, lost: Counter) {
  const topic = `metrics-ping.${randomBytes(6).toString('hex')}`;
  const waiting = new Map<number, () => void>();
  let seq = 0;
  let subscribed: { events: Events; off: Promise<() => void> } | null = null;

  async function pingOnce(events: Events, log: Log | undefined) {
    if (subscribed?.events !== events) {
      const off = events.subscribe(topic, (payload) => {
        const n = (payload as { n?: unknown } | null)?.n;
        if (typeof n === 'number') waiting.get(n)?.();
      });
      subscribed = { events, off };
      // A subscription that failed is tried again at the next scrape (logged below).
      off.catch(() => {
        if (subscribed?.off === off) subscribed = null;
      });
    }
    const n = ++seq;
    let timer: NodeJS.Timeout | undefined;
    try {
      await subscribed.off;
      const back = new Promise<boolean>((resolve) => {
        waiting.set(n, () => resolve(true));
        timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
        timer.unref();
      });
      const start = performance.now();
      await events.publish(topic, { n });
      if (await back) delay.observe((performance.now() - start) / 1000);
      else {
        lost.inc();
        log?.warn({ topic }, 'metrics: an event bus ping did not come back');
      }
    } catch (err) {
      lost.inc();
      log?.warn({ err }, 'metrics: the event bus could not be pinged');
    } finally {
      clearTimeout(timer);
      waiting.delete(n);
    }
  }

  return Object.assign(pingOnce, {
    async close(log: Log | undefined) {
      const s = subscribed;
      subscribed = null;
      if (!s) return;
      try {
        (await s.off)();
      } catch (err) {
        log?.warn({ err }, 'metrics: the ping topic could not be left');
      }
    },
  });
}
