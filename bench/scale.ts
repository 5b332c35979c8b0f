/**
 * Scale-out (issue 33): 1, 2 and 3 instances of the real server (`node src/server/main.ts`,
 * each a process of its own) on one PostgreSQL and one Redis, with the clients spread across
 * them, over the fake provider (bench/provider.ts, a process of its own). For each count:
 *   - chat turns per second: streamed AskFriend turns (20 tokens, no gaps), BENCH_CONCURRENCY
 *     at a time, turn i on instance i mod n; and the errors;
 *   - follow lag: each of BENCH_FOLLOWED streams (40 tokens, 25 ms apart) is asked on one
 *     instance and followed (FollowReply) on the next; per character, the time the follower
 *     saw it minus the time the asker did; p50 and p99 (on one instance the follower is local);
 *   - rolling restart (2 and 3 instances): BENCH_ROLLING streams (50 ms between tokens: 100
 *     tokens on the first instance, 200 on the others) spread across the instances, each
 *     followed on the next; SIGTERM to the first instance while they run (its replies finish
 *     in its shutdown's grace, its followers of longer replies are cut after it), then it
 *     starts again. A client whose stream was cut follows its reply
 *     through another instance from where it was. Counts replies lost (not `done` in the
 *     database, or text a client never got) and followers that carried on elsewhere.
 * Prints figures; asserts nothing. Say what the machine was doing beside it.
 *   DATABASE_URL=postgresql://… [REDIS_URL=redis://…] npm run bench:scale
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runAdminCommand } from '../src/server/admin/admin-run.ts';
import { authRepo } from '../src/server/auth/auth.repo.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { hashToken, newToken } from '../src/server/infra/secrets.ts';
import { usersRepo } from '../src/server/users/users.repo.ts';
import { load, script, start as fork } from './chat-client.ts';
import { freePort } from '../src/server/test/free-port.ts';
import { GLIBC_TUNABLES } from '../src/server/infra/malloc-env.ts';

const base = process.env.DATABASE_URL;
if (!base) {
  console.error('bench:scale measures several instances on PostgreSQL: set DATABASE_URL');
  process.exit(2);
}
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TURNS = Number(process.env.BENCH_TURNS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 30);
const FOLLOWED = Number(process.env.BENCH_FOLLOWED ?? 20);
const ROLLING = Number(process.env.BENCH_ROLLING ?? 100);
const COUNTS = (process.env.BENCH_INSTANCES ?? '1,2,3').split(',').map(Number);
const USERS = 40;
const main = fileURLToPath(new URL('../src/server/main.ts', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(sql);
  await c.end();
}

interface Instance {
  url: string;
  proc: ChildProcess;
  exited: Promise<void>;
}

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const proc = spawn(process.execPath, [main], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      GLIBC_TUNABLES,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      INSTANCE_NAME: name,
    },
  });
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (proc.exitCode !== null || i > 1200) throw new Error(`instance ${name} did not start`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, proc, exited };
}

/** An SSE request; calls `onDelta(text, at)` per delta; answers the last event's data. */
async function sse(
  url: string,
  token: string,
  body: object,
  onEvent: (event: string, data: Record<string, unknown>, at: number) => void,
): Promise<{ done: Record<string, unknown> | null }> {
  let done: Record<string, unknown> | null = null;
  try {
    const res = await fetch(`${url}/api`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(body),
    });
    const decoder = new TextDecoder();
    let buf = '';
    for await (const chunk of res.body!) {
      buf += decoder.decode(chunk as Uint8Array, { stream: true });
      let end;
      while ((end = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, end);
        buf = buf.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!data) continue;
        const parsed = JSON.parse(data) as Record<string, unknown>;
        if (event === 'done') done = parsed;
        onEvent(event, parsed, performance.now());
      }
    }
  } catch {
    // A stream cut by a stopping instance: the caller sees no `done` and carries on elsewhere.
  }
  return { done };
}

/** A reply asked on `asker`, followed on `follower`: per-character arrival times of both. */
async function askAndFollow(
  asker: string,
  follower: string,
  /** Where a client whose stream was cut carries on (an instance nobody stops). */
  fallback: string,
  token: string,
  message: string,
) {
  const askTimes: number[] = [];
  const followTimes: number[] = [];
  let replyId = 0;
  let following: Promise<unknown> = Promise.resolve();
  let askedText = '';
  let followed = '';
  let carried = 0;
  const follow = (offset: number, url: string) =>
    sse(url, token, { action: 'FollowReply', replyid: replyId, offset }, (event, data, at) => {
      if (event === 'restart') followed = '';
      if (event !== 'delta') return;
      followed += String(data.text);
      while (followTimes.length < followed.length) followTimes.push(at);
    });
  const asked = await sse(
    asker,
    token,
    { action: 'AskFriend', friendid: 'holmesen', lang: 'en', message, subject: message },
    (event, data, at) => {
      if (event === 'start') {
        replyId = Number(data.replyid);
        following = follow(0, follower);
      }
      if (event !== 'delta') return;
      askedText += String(data.text);
      while (askTimes.length < askedText.length) askTimes.push(at);
    },
  );
  let final = asked.done;
  // The asker's instance stopped under it: the reply goes on there (shutdown lets it finish),
  // so the asker follows it through another instance from what it has.
  while (replyId && !final?.status) {
    carried++;
    const more = await sse(
      fallback,
      token,
      { action: 'FollowReply', replyid: replyId, offset: askedText.length },
      (event, data) => {
        if (event === 'restart') askedText = '';
        if (event === 'delta') askedText += String(data.text);
      },
    );
    final = more.done;
    if (carried > 20) break;
  }
  let f = await following;
  // A follower whose instance stopped follows again from another one.
  while (replyId && !(f as { done: unknown }).done && carried < 40) {
    carried++;
    f = await follow(followed.length, fallback);
  }
  const lags: number[] = [];
  for (let i = 0; i < Math.min(askTimes.length, followTimes.length); i++)
    lags.push(followTimes[i]! - askTimes[i]!);
  return {
    replyId,
    ok: final?.status === 'done' && final?.Error === 0,
    text: askedText,
    followed,
    lags,
    carried,
  };
}

async function runFor(n: number, providerUrl: string) {
  const dbName = `bench_scale_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${dbName}`);
  const url = new URL(base!);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'sefer-scale-'));
  const env = {
    DATABASE_URL: url.toString(),
    REDIS_URL,
    OPENAI_COMPATIBLE_BASE_URL: providerUrl,
    OPENAI_COMPATIBLE_MODELS: 'fake-model',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    FREE_CREDITS: '100000000',
    API_RATE_LIMIT: '1000000',
    API_RATE_LIMIT_PER_IP: '1000000',
    MEMORY_DELAY_SECONDS: '3600',
  };
  const instances: Instance[] = [];
  try {
    // Started together, as an orchestrator would.
    instances.push(
      ...(await Promise.all(Array.from({ length: n }, (_, i) => startInstance(`scale-${i}`, env)))),
    );
    const database = await openDatabase({ url: url.toString(), poolSize: 2 });
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const email = `scale${i}@example.com`;
      await runAdminCommand(database.db, {
        command: 'create-user',
        email,
        name: `S ${i}`,
        usertype: 1,
      });
      const user = (await usersRepo(database.db).byEmail(email))!;
      const token = newToken();
      await authRepo(database.db).createSession(
        user.id,
        hashToken(token),
        new Date(Date.now() + 864e5),
      );
      tokens.push(token);
    }
    const at = (i: number) => instances[i % instances.length]!.url;

    // Turns per second, spread across the instances.
    await load(CONCURRENCY, CONCURRENCY, (i, w) =>
      turnOn(at(i), tokens[w % USERS]!, `warm ${i} ${script(20, 0, 0)}`, `w${w}`),
    );
    const turns = await load(TURNS, CONCURRENCY, (i, w) =>
      turnOn(at(i), tokens[w % USERS]!, `turn ${i} ${script(20, 0, 0)}`, `w${w}`),
    );
    const errors = turns.results.filter((r) => !r.ok).length;
    const rate = (TURNS / turns.ms) * 1000;

    // Follow lag: asked on instance i, followed on i + 1.
    const followed = await Promise.all(
      Array.from({ length: FOLLOWED }, (_, i) =>
        askAndFollow(
          at(i),
          at(i + 1),
          at(n - 1),
          tokens[i % USERS]!,
          `follow ${i} ${script(40, 25, 0)}`,
        ),
      ),
    );
    const lags = followed.flatMap((f) => f.lags);
    const followErrors = followed.filter((f) => !f.ok || f.followed !== f.text).length;

    let rolling = '';
    if (n > 1) {
      const streams = Array.from({ length: ROLLING }, (_, i) =>
        askAndFollow(
          at(i),
          at(i + 1),
          at(n - 1),
          tokens[i % USERS]!,
          // Longer on the others: their followers on the stopped one outlast its drain.
          `rolling ${i} ${script(i % n === 0 ? 100 : 200, 50, 0)}`,
        ),
      );
      // Once every stream has its reply row, the first instance is told to stop.
      for (;;) {
        const { rows } = await database.sql(
          `select count(*)::int as n from messages where status = 'streaming' and content <> ''`,
        );
        if (Number((rows[0] as { n: number }).n) >= ROLLING) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const stopped = instances[0]!;
      stopped.proc.kill('SIGTERM');
      await stopped.exited;
      instances[0] = await startInstance('scale-0', env);
      const results = await Promise.all(streams);
      const { rows } = await database.sql(
        `select count(*)::int as n from messages where role = 'assistant' and status = 'done'
           and content like 'word%' and id = any($1::int[])`,
        [results.map((r) => r.replyId)],
      );
      const stored = Number((rows[0] as { n: number }).n);
      const lost = ROLLING - stored;
      const clientLost = results.filter((r) => !r.ok).length;
      const followerShort = results.filter((r) => r.followed !== r.text).length;
      const carried = results.filter((r) => r.carried > 0).length;
      rolling =
        `rolling restart, ${ROLLING} streams: ${lost} lost in the database, ${clientLost} ended ` +
        `without their answer at the client, ${followerShort} followers short of the text; ` +
        `${carried} carried on through another instance`;
    }
    await database.close();
    return { rate, errors, lagP50: pct(lags, 50), lagP99: pct(lags, 99), followErrors, rolling };
  } finally {
    for (const i of instances) i.proc.kill('SIGTERM');
    await Promise.all(instances.map((i) => i.exited));
    await admin(`drop database if exists ${dbName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One streamed turn on `url`; ok when it ended with its answer. */
async function turnOn(url: string, token: string, message: string, subject: string) {
  const r = await sse(
    url,
    token,
    { action: 'AskFriend', friendid: 'holmesen', lang: 'en', message, subject },
    () => {},
  );
  return { ttft: 0, ok: r.done?.Error === 0 };
}

const provider = await fork('./provider.ts', { ...process.env });
try {
  const rows: string[] = [];
  let one = NaN;
  for (const n of COUNTS) {
    const f = await runFor(n, String(provider.ready.url));
    if (n === 1) one = f.rate;
    const ratio = Number.isNaN(one) ? '' : ` (${(f.rate / one).toFixed(2)}× one instance)`;
    rows.push(
      `${n} instance${n > 1 ? 's' : ''}: ${f.rate.toFixed(1)} turns/s${ratio}, ${f.errors} errors; ` +
        `follow lag p50 ${f.lagP50.toFixed(1)} ms, p99 ${f.lagP99.toFixed(1)} ms` +
        `${n === 1 ? ' (local follower)' : ''}, ${f.followErrors} follow errors` +
        (f.rolling ? `\n  ${f.rolling}` : ''),
    );
    console.log(rows.at(-1));
  }
} finally {
  await provider.stop();
}
