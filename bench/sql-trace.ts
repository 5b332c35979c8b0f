/**
 * The statements a benchmarked server sends to PostgreSQL, in order (bench/chat-profile.ts
 * sql): node-postgres's Client.query is wrapped, and the model call (undici's request
 * creation) is written in the log as a marker, so what runs after the model's answer can be
 * told from what ran before it. `{type:'sql-start'}` empties the log, `{type:'sql-stop'}`
 * answers it.
 */
import { subscribe } from 'node:diagnostics_channel';
import pg from 'pg';

export function traceSql() {
  let log: string[] | null = null;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (log) {
      const q = args[0] as string | { text?: string; name?: string };
      const text = typeof q === 'string' ? q : (q?.text ?? q?.name ?? '?');
      log.push(text.replace(/\s+/g, ' ').trim());
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  subscribe('undici:request:create', () => log?.push('-- model call'));
  process.on('message', (m: { type: string }) => {
    if (m.type === 'sql-start') {
      log = [];
      process.send!({ type: 'sql-started' });
    }
    if (m.type === 'sql-stop') {
      process.send!({ type: 'sql-log', log: log ?? [] });
      log = null;
    }
  });
}
