import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAdminCommand } from '../admin/admin-run.ts';
import { parseSse } from '../chat/chat-test-kit.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import { freshDatabase, testDatabases } from '../test/harness.ts';
import { freePort } from '../test/free-port.ts';

/**
 * The real thing: server processes on one PostgreSQL, killed with SIGKILL while replies
 * stream (a chat reply on each of 8 subjects and a group chat answer, all held by the fake
 * model, each with its credit hold). Waits are on states (a port that answers, rows in the
 * database, a stream that ends), never on a time.
 */
const main = fileURLToPath(new URL('../main.ts', import.meta.url));
const root = fileURLToPath(new URL('../../..', import.meta.url));
/** A wait on a state, bounded for a loaded machine (a start took over 30 s there). */
const UNTIL = { timeout: 90_000, interval: 50 };
const TOKENS = ['one ', 'two ', 'three ', 'four '];
const EMAIL = 'crash@example.com';
const PASSWORD = 'correct horse battery';

describe.runIf(testDatabases().includes('postgres'))('instances killed with SIGKILL', () => {
  let fake: FakeOpenAI;
  let database: Database & { url?: string };
  let dataDir: string;
  const children = new Set<ChildProcess>();
  const releases: (() => void)[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    database = await freshDatabase('postgres');
    dataDir = mkdtempSync(join(tmpdir(), 'sefer-crash-'));
    await runAdminCommand(database.db, {
      command: 'create-user',
      email: EMAIL,
      name: 'Crash Reader',
      password: PASSWORD,
      usertype: 1,
    });
    // Memory updates and the like get a plain answer; the turns' answers are queued per test.
    fake.setDefault({ text: '{"facts": []}' });
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    for (const r of releases) r();
    await fake?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts `node src/server/main.ts` as instance `name`; resolves once it is ready. */
  async function start(name: string, env: Record<string, string> = {}) {
    const port = await freePort();
    const child = spawn(process.execPath, [main], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        DATABASE_URL: database.url!,
        REDIS_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(dataDir, name),
        LOG_LEVEL: 'warn',
        INSTANCE_NAME: name,
        OPENAI_COMPATIBLE_BASE_URL: fake.url,
        OPENAI_COMPATIBLE_MODELS: 'fake-model',
        MEMORY_DELAY_SECONDS: '3600',
        // Nine turns at once hold each its estimate: enough for all of them.
        FREE_CREDITS: '1000000',
        ...env,
      },
    });
    children.add(child);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const base = `http://127.0.0.1:${port}`;
    await vi.waitFor(async () => {
      const res = await fetch(`${base}/api/ready`);
      expect(res.status).toBe(200);
    }, UNTIL);
    return {
      base,
      async kill() {
        child.kill('SIGKILL');
        await exited;
        children.delete(child);
      },
    };
  }

  const call = async (base: string, body: object, token?: string, stream = false) =>
    fetch(`${base}/api`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(stream ? { accept: 'text/event-stream' } : {}),
      },
      body: JSON.stringify(body),
    });
  const signIn = async (base: string) =>
    (
      (await (
        await call(base, { action: 'SendToken', email: EMAIL, password: PASSWORD })
      ).json()) as {
        token: string;
      }
    ).token;

  const count = async (q: string) => Number(((await database.sql(q)).rows[0] as { n: number }).n);
  const streaming = async () =>
    (await count(`select count(*)::int as n from messages where status = 'streaming'`)) +
    (await count(`select count(*)::int as n from group_messages where status = 'streaming'`));
  const holds = () => count('select count(*)::int as n from credit_holds');
  const balance = async () =>
    (await database.db.select({ c: users.credits }).from(users).where(eq(users.email, EMAIL)))[0]!
      .c;

  /**
   * Requests cut by a kill: each ends with the error of its socket closing (kept as its value
   * from the start, so no rejection goes unhandled), awaited once the server is gone.
   */
  const cut: Promise<unknown>[] = [];
  const settled = () => Promise.all(cut.splice(0));
  const cutByKill = (res: Promise<Response>) =>
    void cut.push(res.then((r) => r.text()).then(String, (err: unknown) => err));

  /** Eight chat replies and a group chat answer streaming on `base`, each held mid-way. */
  async function streamNine(base: string, token: string, round: string) {
    const held = () => new Promise<void>((r) => releases.push(r));
    for (let i = 0; i < 8; i++) {
      const message = `Story ${round}-${i}`;
      fake.enqueueFor(message, { tokens: TOKENS, pauseAfter: 2, resume: held() });
      cutByKill(
        call(
          base,
          { action: 'AskFriend', friendid: 'holmesen', lang: 'en', message, subject: message },
          token,
          true,
        ),
      );
    }
    fake.enqueueFor('as Sherlock Holmes only', { tokens: TOKENS, pauseAfter: 2, resume: held() });
    cutByKill(
      call(
        base,
        { action: 'MultiChatAsk', friends: 'holmesen', to: 'holmesen', lang: 'en', message: round },
        token,
        true,
      ),
    );
    await vi.waitFor(async () => {
      const rows = await database.sql(
        `select (select count(*) from messages where status = 'streaming' and content = 'one two ')
              + (select count(*) from group_messages where status = 'streaming' and content = 'one two ')
           as n`,
      );
      expect(Number((rows.rows[0] as { n: number }).n)).toBe(9);
    }, UNTIL);
  }

  it('restarted after a kill, an instance fails what it left streaming before it is ready, 3 of 3', async () => {
    let server = await start('app-1');
    const token = await signIn(server.base);
    for (const round of ['r1', 'r2', 'r3']) {
      await streamNine(server.base, token, round);
      expect(await holds()).toBe(9);
      expect(await balance()).toBeLessThan(1_000_000);
      await server.kill();
      await settled();
      server = await start('app-1');
      // Ready means done: nothing left looking alive, every hold back with its owner.
      expect(await streaming()).toBe(0);
      expect(await holds()).toBe(0);
      // Each hold is its turn's estimate (billing/credits.ts): all of them come back, and no
      // turn was charged (every one failed), so the reader has the whole allowance again.
      expect(await balance()).toBe(1_000_000);
    }
    const failed = await count(
      `select count(*)::int as n from messages where status = 'failed' and role = 'assistant'`,
    );
    expect(failed).toBe(24);
    await server.kill();
  }, 300_000);

  it('another instance notices one die and its follower hears the failure live', async () => {
    // Heartbeats a quarter second apart: dead after a second of silence.
    const fast = { INSTANCE_HEARTBEAT_SECONDS: '0.25' };
    const a = await start('app-a', fast);
    const b = await start('app-b', fast);
    const token = await signIn(a.base);
    await streamNine(a.base, token, 'f1');
    const [reply] = (
      await database.sql(`select id from messages where status = 'streaming' order by id limit 1`)
    ).rows as { id: number }[];
    const followed = await call(b.base, { action: 'FollowReply', replyid: reply!.id }, token, true);
    const body = followed.text();
    await a.kill();
    await settled();
    const events = parseSse(await body);
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: { status: 'failed', message: 'one two ' },
    });
    await vi.waitFor(async () => {
      expect(await streaming()).toBe(0);
      expect(await holds()).toBe(0);
    }, UNTIL);
    const dead = await database.db.execute(
      sql`select name, dead, swept from instances where name = 'app-a' order by id desc limit 1`,
    );
    expect((dead as unknown as { rows: unknown[] }).rows).toEqual([
      { name: 'app-a', dead: true, swept: true },
    ]);
    await b.kill();
  }, 300_000);
});
