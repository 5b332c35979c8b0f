/** The product's CPU while idle (pg-boss polling, timers): µs per second, three windows. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { start } from './chat-client.ts';
const base = process.env.DATABASE_URL!;
const name = `bench_${randomBytes(5).toString('hex')}`;
const c = new pg.Client({ connectionString: base });
await c.connect();
await c.query(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const env = { ...process.env };
delete env.REDIS_URL;
const product = await start('./chat-server.ts', {
  ...env,
  DATABASE_URL: url.toString(),
  DATA_DIR: mkdtempSync(join(tmpdir(), 'sefer-idle-')),
  LOG_LEVEL: 'warn',
  OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:9/v1',
  OPENAI_COMPATIBLE_MODELS: 'fake-model',
});
await new Promise((r) => setTimeout(r, 5000));
for (let i = 0; i < 3; i++) {
  const a = await product.stats();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, 10_000));
  const b = await product.stats();
  console.log(
    `idle CPU ${(((b.cpuUs - a.cpuUs) / (performance.now() - t0)) * 1000).toFixed(0)} µs/s`,
  );
}
await product.stop();
await c.query(`drop database ${name} with (force)`);
await c.end();
