/**
 * The server the fuzzer attacks: the real one (runtime.ts, buildApp, the environment's
 * database, the offline model and outbox mailer when nothing else is configured) in a process
 * of its own on 127.0.0.1 and a port the system picks, so that a crash or a leak is its own and
 * the fuzzer outlives it to say so. Its log goes to stdout as JSON lines (the fuzzer keeps the
 * error lines to print beside a 5xx). Over IPC, besides `ready` with its port:
 * - `users`: makes the fuzzer's identities (users as the admin command makes them) and a
 *   session for each, written as sign-in writes it; answers their tokens.
 * - `session`: a new session for one of them (the fuzzer signs in again when one ended).
 * - `settle`: waits until the background work of the requests so far is done (jobs,
 *   domain events), so a fingerprint taken after it is not moved by work that was queued
 *   before it.
 */
import type { AddressInfo } from 'node:net';
import { runAdminCommand } from '../../src/server/admin/admin-run.ts';
import { buildApp } from '../../src/server/app.ts';
import { authRepo } from '../../src/server/auth/auth.repo.ts';
import { loadConfig } from '../../src/server/config.ts';
import { hashToken, newToken } from '../../src/server/infra/secrets.ts';
import { createLogger } from '../../src/server/logger.ts';
import { startMemoryTrim } from '../../src/server/infra/memory-trim.ts';
import { createRuntime } from '../../src/server/runtime.ts';
import { usersRepo } from '../../src/server/users/users.repo.ts';

export interface FuzzUser {
  email: string;
  name: string;
  grant?: ('canadd' | 'imgedit' | 'globalpriv')[];
}

export type ToServer =
  | { type: 'users'; users: FuzzUser[] }
  | { type: 'session'; email: string }
  | { type: 'settle'; seconds: number }
  | { type: 'close' };

export type FromServer =
  | { type: 'ready'; port: number }
  | { type: 'users'; tokens: Record<string, string> }
  | { type: 'session'; email: string; token: string }
  | { type: 'settle'; settled: boolean }
  | { type: 'error'; message: string };

const config = loadConfig();
const log = createLogger(config);
const runtime = await createRuntime(config, log);
const app = await buildApp(runtime.deps);
await app.listen({ port: 0, host: '127.0.0.1' });
// As main.ts does after its start.
startMemoryTrim().trim();

const db = runtime.deps.db;
const send = (m: FromServer) => process.send!(m);

async function session(email: string): Promise<string> {
  const user = await usersRepo(db).byEmail(email);
  if (!user) throw new Error(`no user ${email}`);
  const token = newToken();
  await authRepo(db).createSession(user.id, hashToken(token), new Date(Date.now() + 864e5));
  return token;
}

async function settle(seconds: number): Promise<boolean> {
  const done = (async () => {
    await runtime.deps.domain.settled();
    await runtime.deps.jobs.idle();
    await runtime.deps.domain.settled();
    return true;
  })();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((r) => (timer = setTimeout(() => r(false), seconds * 1000)));
  const settled = await Promise.race([done, late]);
  clearTimeout(timer);
  return settled;
}

process.on('message', (m: ToServer) => {
  void (async () => {
    try {
      if (m.type === 'users') {
        const tokens: Record<string, string> = {};
        for (const u of m.users) {
          await runAdminCommand(db, {
            command: 'create-user',
            email: u.email,
            name: u.name,
            usertype: 1,
            grant: u.grant,
          });
          tokens[u.email] = await session(u.email);
        }
        send({ type: 'users', tokens });
      } else if (m.type === 'session') {
        send({ type: 'session', email: m.email, token: await session(m.email) });
      } else if (m.type === 'settle') {
        send({ type: 'settle', settled: await settle(m.seconds) });
      } else if (m.type === 'close') {
        await app.close();
        await runtime.close();
        process.exit(0);
      }
    } catch (err) {
      log.error({ err }, 'fuzz server: a set-up step failed');
      send({ type: 'error', message: (err as Error).message });
    }
  })();
});
send({ type: 'ready', port: (app.server.address() as AddressInfo).port });
