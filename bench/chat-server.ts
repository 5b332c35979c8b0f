/**
 * The product as bench/chat.ts measures it: the real server (runtime.ts, buildApp) in a
 * process of its own, configured by the environment the bench gives it (PostgreSQL, the
 * fake provider), reporting its CPU and memory through bench/probe.ts. On `{type:'users', n}`
 * it makes n signed-in users (sessions written as sign-in writes them) and answers their tokens.
 */
import type { AddressInfo } from 'node:net';
import { runAdminCommand } from '../src/server/admin/admin-run.ts';
import { buildApp } from '../src/server/app.ts';
import { authRepo } from '../src/server/auth/auth.repo.ts';
import { loadConfig } from '../src/server/config.ts';
import { newToken, hashToken } from '../src/server/infra/secrets.ts';
import { createLogger } from '../src/server/logger.ts';
import { startMemoryTrim } from '../src/server/infra/memory-trim.ts';
import { createRuntime } from '../src/server/runtime.ts';
import { usersRepo } from '../src/server/users/users.repo.ts';
import { startProbe } from './probe.ts';
import { traceSql } from './sql-trace.ts';

// BENCH_SQL=1: every statement the server sends (bench/chat-profile.ts sql) is recorded.
if (process.env.BENCH_SQL) traceSql();
const config = loadConfig();
const runtime = await createRuntime(config, createLogger(config));
const app = await buildApp(runtime.deps);
await app.listen({ port: 0, host: '127.0.0.1' });
// As main.ts does after its start.
startMemoryTrim().trim();
startProbe();

process.on('message', (m: { type: string; n?: number }) => {
  if (m.type === 'users') {
    void (async () => {
      const db = runtime.deps.db;
      const tokens: string[] = [];
      for (let i = 0; i < m.n!; i++) {
        const email = `bench${i}@example.com`;
        await runAdminCommand(db, {
          command: 'create-user',
          email,
          name: `Bench ${i}`,
          usertype: 1,
        });
        const user = (await usersRepo(db).byEmail(email))!;
        const token = newToken();
        await authRepo(db).createSession(user.id, hashToken(token), new Date(Date.now() + 864e5));
        tokens.push(token);
      }
      process.send!({ type: 'users', tokens });
    })();
  }
  if (m.type === 'close') {
    void app
      .close()
      .then(() => runtime.close())
      .then(() => process.exit(0));
  }
});
process.send!({ type: 'ready', port: (app.server.address() as AddressInfo).port });
