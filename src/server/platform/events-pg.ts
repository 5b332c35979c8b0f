import pg from 'pg';
import type { Logger } from 'pino';
import {
  checkTopic,
  encodeEvent,
  topicListeners,
  type DroppedEvent,
  type Events,
} from './events.ts';

/**
 * Events through PostgreSQL LISTEN/NOTIFY, for instances that share a database. One dedicated
 * connection listens to the topics this instance has listeners for and also publishes, so one
 * instance's events leave in the order they were published. A broken connection is replaced;
 * what was published meanwhile is lost, which events allow (see `Events`).
 */
export function pgEvents(
  url: string,
  log: Logger,
  onDropped?: (reason: DroppedEvent) => void,
): Events {
  const listeners = topicListeners((err) => {
    log.warn({ err }, 'event listener failed');
    onDropped?.('listener');
  });
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  /** Commands run one at a time on the one connection, in order. */
  let chain: Promise<unknown> = Promise.resolve();
  const quote = (topic: string) => `"${checkTopic(topic)}"`;

  function connect(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (n) => {
        if (!n.payload) return;
        let payload: unknown;
        try {
          payload = JSON.parse(n.payload);
        } catch (err) {
          log.warn({ err, channel: n.channel }, 'an event that is not JSON was dropped');
          onDropped?.('unparsable');
          return;
        }
        listeners.deliver(n.channel, payload);
      });
      c.on('error', (err) => {
        log.warn({ err }, 'events connection broke; reconnecting');
        if (client === c) client = null;
        c.end().catch(() => {});
        if (!closed) void resubscribe();
      });
      await c.connect();
      for (const topic of listeners.topics()) await c.query(`LISTEN ${quote(topic)}`);
      client = c;
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  async function resubscribe() {
    for (let attempt = 0; !closed && !client; attempt++) {
      try {
        await connect();
      } catch (err) {
        log.warn({ err }, 'events connection failed');
        await new Promise((r) => setTimeout(r, Math.min(5_000, 100 * 2 ** attempt)).unref());
      }
    }
  }

  function run<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
    const next = chain.then(async () => fn(await connect()));
    chain = next.catch(() => {});
    return next;
  }

  return {
    async publish(topic, payload) {
      const text = encodeEvent(payload);
      checkTopic(topic);
      await run((c) => c.query('select pg_notify($1, $2)', [topic, text]));
    },
    async subscribe(topic, listener) {
      checkTopic(topic);
      const first = !listeners.has(topic);
      const remove = listeners.add(topic, listener);
      if (first) await run((c) => c.query(`LISTEN ${quote(topic)}`));
      return () => {
        remove();
        if (!listeners.has(topic) && !closed)
          run((c) => c.query(`UNLISTEN ${quote(topic)}`)).catch((err: unknown) =>
            log.warn({ err }, 'unlisten failed'),
          );
      };
    },
    describe: () => 'PostgreSQL LISTEN/NOTIFY',
    async close() {
      closed = true;
      await chain;
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
