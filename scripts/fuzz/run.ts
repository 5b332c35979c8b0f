/**
 * The fuzzer's core (issue 35, item 6): starts the real server in a process of its own on
 * loopback (fresh data folder; PGlite, or a fresh database on DATABASE_URL's server), makes
 * the identities, sends N generated requests over HTTP with bounded concurrency, and checks
 * no 5xx, the server alive and within memory, and the owner's data unchanged by anyone else.
 *
 * The owner's fingerprint: the requests run in phases of `phaseSize`; every fourth phase
 * includes the owner, whose own writes to their data are legitimate; the other phases are
 * anonymous, the stranger, the viewer and the spare owner only. The fingerprint (the owner's
 * character, files, knowledge, access list, conversation, subjects, canvas and memory, as
 * the owner's own read actions answer them) is taken after the server settles (its jobs and
 * events done) before a run of other-people phases and again after it: it must not move.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Agent, request } from 'undici';
import { ErrorCode } from '../../src/protocol/errors.ts';
import { ActionsPath, DirectPaths } from '../../src/protocol/paths.ts';
import { Rng, requestRng } from './rng.ts';
import type { FromServer, ToServer } from './server.ts';
import {
  actionRequest,
  directRequest,
  ownerDestructive,
  viewerLeaves,
  OWNER_CHARACTER,
  SPARE_CHARACTER,
  targets,
  type Identity,
  type IdentityName,
  type OutgoingRequest,
  type Route,
  type RunContext,
  type Target,
} from './targets.ts';

export interface FuzzOptions {
  requests: number;
  /**
   * The first request's number (rounded down to a phase's start): `--from 178500` sends the
   * requests a longer run sent from there, to a fresh server, to look again at a finding.
   */
  from?: number;
  /** Stops sending after this long (the run then reports what it sent). */
  seconds: number;
  seed: number;
  concurrency: number;
  /** The server's resident memory must stay under this. */
  rssLimitMiB: number;
  phaseSize: number;
  /** Progress lines (the CLI prints them; the test keeps quiet). */
  progress?: (line: string) => void;
}

export const defaultOptions: FuzzOptions = {
  requests: 100_000,
  seconds: 1_800,
  seed: 35,
  concurrency: 8,
  rssLimitMiB: 1536,
  phaseSize: 500,
};

export interface ServerError {
  label: string;
  route: Route;
  status: number;
  count: number;
  identity: IdentityName;
  sample: string;
  requestId: string;
  log?: string;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  /** Answers by status class (`2xx`, `4xx`, …). */
  byStatus: Record<string, number>;
  /** Answers by exact status (`200`, `404`, …). */
  byCode: Record<string, number>;
  /** Requests by the door they went through: `/api`, `/api/rpc/{Action}`, a direct endpoint. */
  byRoute: Record<Route, number>;
  /** Requests by target (`action:Name`, `direct:name`). */
  byTarget: Record<string, number>;
  /** Targets never drawn in this run (a short run may miss a few; a long one none). */
  targetsMissed: string[];
  /** Pushes the server sent to the fuzzer's own push service (UpdateFCMToken's subscriptions). */
  pushes: number;
  serverErrors: ServerError[];
  /** Requests with no answer (connection refused or reset, or no answer in 60 s). */
  noAnswer: number;
  /** Those by why (`read ECONNRESET`, `Headers Timeout Error`, …). */
  noAnswerBy: Record<string, number>;
  /** The first few requests with no answer: what they were and why. */
  noAnswerSamples: string[];
  /** Requests the fuzzer itself failed to write (a bug of the fuzzer's; fails the run). */
  fuzzerErrors: string[];
  /**
   * 5xx that are the endpoint's declared answer for a part this server has not configured
   * (`Error` 13, NOT_CONFIGURED: transcription with no provider answers 503, an action on
   * `/api/rpc/{Action}` 501): not failures.
   */
  notConfigured: number;
  crashed: string | null;
  /**
   * The server's peak before the first fuzz request: its own start on a fresh database
   * (migrations, the starter content) and the set-up. Reported, not bounded.
   */
  rssStartPeakMiB: number;
  /** The peak while the fuzz requests ran: what `rssLimitMiB` bounds. */
  rssPeakMiB: number;
  rssEndMiB: number;
  fingerprintChecks: number;
  /** The parts of the owner's data that changed in an other-people phase (empty: unchanged). */
  fingerprintChanged: string[];
  /** For each changed part: the owner's read before and after (cut short). */
  fingerprintDiffs: string[];
  /** Settling after a phase took longer than its bound (background work still running). */
  unsettled: number;
  reSignIns: number;
  /** The owner's session ended while only other people were sending (fails the run). */
  ownerSessionEnded: number;
  seconds: number;
  perSecond: number;
  /**
   * Requests the server had not answered whole after ANSWER_MS (60 s; a stream kept open by
   * its pings counts): what they were. Each fails the run; a server that then does not
   * answer its health check either is `hung` and the run stops.
   */
  slow: string[];
  /** The server stopped answering (a request and then its health check): what was sent. */
  hung: string | null;
  stoppedBy: 'count' | 'time' | 'crash' | 'hung';
  ok: boolean;
}

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const ANSWER_MS = 60_000;

/** Only what the server needs: no provider keys (the offline model), no mail server. */
function serverEnv(dataDir: string, pushOrigin: string, databaseUrl?: string): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG'];
  const env: NodeJS.ProcessEnv = {};
  for (const k of keep) if (process.env[k]) env[k] = process.env[k];
  return {
    ...env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'warn',
    // One client sends everything: the limits would answer 429 to most of it.
    API_RATE_LIMIT: '100000000',
    API_RATE_LIMIT_PER_IP: '100000000',
    FREE_CREDITS: '1000000000',
    STARTER_IMAGE_CREDITS: '1000000',
    MEMORY_DELAY_SECONDS: '0',
    // Pushes go to the fuzzer's own push service only; a browser's push service is refused.
    PUSH_ALLOWED_ORIGINS: pushOrigin,
    GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=1048576:glibc.malloc.mmap_threshold=1048576',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

/** A fresh database on the configured PostgreSQL server, dropped at the end. */
async function freshPostgres(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fuzz_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

class Server {
  private waiters: ((m: FromServer) => boolean)[] = [];
  /** Error lines of the server's log by request id (a 5xx is printed with its line). */
  readonly errorLines = new Map<string, string>();
  exit: string | null = null;
  rssPeak = 0;
  private stderrTail = '';
  private sampler: NodeJS.Timeout;

  readonly child: ChildProcess;
  constructor(child: ChildProcess) {
    this.child = child;
    child.on('message', (m: FromServer) => {
      this.waiters = this.waiters.filter((w) => !w(m));
    });
    child.on('exit', (code, signal) => {
      this.exit = `server exited (code ${code}, signal ${signal}); last stderr: ${this.stderrTail.slice(-800)}`;
      for (const w of this.waiters) w({ type: 'error', message: this.exit });
      this.waiters = [];
    });
    let buf = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      buf += d;
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        this.logLine(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
      }
    });
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      this.stderrTail = (this.stderrTail + d).slice(-4000);
    });
    // Measured, not waited on: the sample only raises the peak.
    this.sampler = setInterval(() => this.rss(), 250);
    this.sampler.unref();
  }

  private logLine(line: string) {
    if (process.env.FUZZ_LOG_FILE) appendFileSync(process.env.FUZZ_LOG_FILE, line + '\n');
    if (!line.startsWith('{')) return;
    try {
      const l = JSON.parse(line) as {
        level?: number;
        reqId?: string;
        msg?: string;
        err?: { message?: string; stack?: string };
      };
      if ((l.level ?? 0) >= 50 && l.reqId && this.errorLines.size < 10_000) {
        const err = l.err?.stack?.split('\n').slice(0, 4).join(' | ') ?? l.err?.message ?? '';
        this.errorLines.set(l.reqId, `${l.msg ?? ''} ${err}`.trim().slice(0, 600));
      }
    } catch {
      // A line of the start-up banner, not JSON.
    }
  }

  /** Resident memory in MiB (Linux), raising the peak. */
  rss(): number {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.child.pid}/status`, 'utf8'));
      const mib = m ? Number(m[1]) / 1024 : 0;
      this.rssPeak = Math.max(this.rssPeak, mib);
      return mib;
    } catch {
      return 0;
    }
  }

  /** Sends `msg` (none: only waits) and answers the server's message of type `answer`. */
  ask<T extends FromServer['type']>(
    msg: ToServer | null,
    answer: T,
  ): Promise<Extract<FromServer, { type: T }>> {
    return new Promise((resolve, reject) => {
      if (this.exit) return reject(new Error(this.exit));
      this.waiters.push((m) => {
        if (m.type === 'error') reject(new Error(m.message));
        // Sessions are answered by e-mail: two asked at once may come back in either order.
        else if (
          m.type === answer &&
          (m.type !== 'session' || msg?.type !== 'session' || m.email === msg.email)
        )
          resolve(m as Extract<FromServer, { type: T }>);
        else return false;
        return true;
      });
      if (msg) this.child.send(msg);
    });
  }

  /** Asks the server to close; one that does not within 30 s (a hung one) is killed. */
  async close() {
    clearInterval(this.sampler);
    if (this.exit) return;
    const gone = new Promise<void>((r) => this.child.once('exit', () => r()));
    this.child.send({ type: 'close' } satisfies ToServer);
    const guard = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
    await gone;
    clearTimeout(guard);
  }
}

async function startServer(env: NodeJS.ProcessEnv): Promise<{ server: Server; port: number }> {
  const child = spawn(process.execPath, [SERVER], {
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const server = new Server(child);
  const ready = await server.ask(null, 'ready').catch((e: Error) => {
    throw new Error(`the server did not start: ${e.message}`);
  });
  return { server, port: ready.port };
}

/** The fuzzer's own push service: answers every push 201 Created and counts it. */
async function startPushSink(): Promise<{
  origin: string;
  count(): number;
  close(): Promise<void>;
}> {
  let pushes = 0;
  const sink: HttpServer = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      pushes++;
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(sink.address() as AddressInfo).port}`,
    count: () => pushes,
    close: () => {
      sink.closeAllConnections();
      return new Promise((r) => sink.close(() => r()));
    },
  };
}

interface Answer {
  status: number;
  text: string;
}

function emailOf(name: IdentityName | 'pal') {
  return `fuzz-${name}@example.com`;
}

/** The fuzz run. Never throws for a finding: findings are in the report. */
export async function runFuzz(opts: FuzzOptions): Promise<FuzzReport> {
  const say = opts.progress ?? (() => {});
  const dataDir = mkdtempSync(join(tmpdir(), 'sefer-fuzz-'));
  const pgDb = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : undefined;
  const pushSink = await startPushSink();
  const ctx: RunContext = { pushOrigin: pushSink.origin };
  const { server, port } = await startServer(serverEnv(dataDir, pushSink.origin, pgDb?.url));
  const base = `http://127.0.0.1:${port}`;
  const agent = new Agent({
    connections: opts.concurrency,
    pipelining: 1,
    keepAliveTimeout: 30_000,
  });

  const ids: Record<IdentityName, Identity> = {
    anonymous: { name: 'anonymous' },
    stranger: { name: 'stranger', email: emailOf('stranger') },
    viewer: { name: 'viewer', email: emailOf('viewer') },
    owner: { name: 'owner', email: emailOf('owner'), character: OWNER_CHARACTER },
    spare: { name: 'spare', email: emailOf('spare'), character: SPARE_CHARACTER },
  };
  const report: FuzzReport = {
    seed: opts.seed,
    requests: 0,
    byStatus: {},
    byCode: {},
    byRoute: { '/api': 0, '/api/rpc': 0, direct: 0 },
    byTarget: {},
    targetsMissed: [],
    pushes: 0,
    serverErrors: [],
    noAnswer: 0,
    noAnswerBy: {},
    noAnswerSamples: [],
    fuzzerErrors: [],
    notConfigured: 0,
    crashed: null,
    rssStartPeakMiB: 0,
    rssPeakMiB: 0,
    rssEndMiB: 0,
    fingerprintChecks: 0,
    fingerprintChanged: [],
    fingerprintDiffs: [],
    unsettled: 0,
    reSignIns: 0,
    ownerSessionEnded: 0,
    seconds: 0,
    perSecond: 0,
    slow: [],
    hung: null,
    stoppedBy: 'count',
    ok: false,
  };
  const errors = new Map<string, ServerError>();
  /**
   * Requests of this run of other-people phases that succeeded and named the owner or their
   * character: printed when the fingerprint moved, as the likely cause.
   */
  let suspects: string[] = [];
  let inOwnerPhase = false;
  let settleMs = 0;

  async function send(
    r: Omit<OutgoingRequest, 'route'>,
    requestId: string,
  ): Promise<Answer | string> {
    // The whole answer within ANSWER_MS: a stream kept open by its pings counts as none.
    const whole = new AbortController();
    const guard = setTimeout(() => whole.abort(), ANSWER_MS);
    try {
      const res = await request(`${base}${r.path}`, {
        method: r.method,
        headers: { ...r.headers, 'x-request-id': requestId },
        body: r.body,
        dispatcher: agent,
        headersTimeout: ANSWER_MS,
        bodyTimeout: ANSWER_MS,
        signal: whole.signal,
      });
      return { status: res.statusCode, text: await res.body.text() };
    } catch (err) {
      return whole.signal.aborted
        ? `Timeout: no whole answer in ${ANSWER_MS / 1000} s`
        : String((err as Error).message ?? err);
    } finally {
      clearTimeout(guard);
    }
  }

  async function act(
    who: Identity,
    body: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const a = await send(
      {
        method: 'POST',
        path: ActionsPath,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
        body: JSON.stringify(body),
      },
      `fz-setup-${Math.random().toString(36).slice(2, 10)}`,
    );
    if (typeof a === 'string') throw new Error(`${String(body.action)}: no answer (${a})`);
    return JSON.parse(a.text) as Record<string, unknown>;
  }

  async function must(who: Identity, body: Record<string, unknown>) {
    const r = await act(who, body);
    if (r.Error !== ErrorCode.OK)
      throw new Error(`set-up ${String(body.action)}: ${JSON.stringify(r)}`);
    return r;
  }

  /** The owner's data, as the owner's own read actions answer it: one hash per part. */
  async function fingerprint(): Promise<Record<string, string>> {
    const o = ids.owner;
    const email = o.email!;
    const friendid = OWNER_CHARACTER;
    const reads: Record<string, Record<string, unknown>> = {
      character: { action: 'GetFriendDetails', email, friendid },
      files: { action: 'GetFiles', email, friend: friendid },
      knowledge: { action: 'GetKnowlegeSubjects', email, friendid },
      access: { action: 'GetFriendEmails', email, friendid },
      conversation: { action: 'RetrieveConversation', email, friendid },
      subjects: { action: 'GetSubjects', email, friendid },
      canvas: { action: 'GetCanvas', user: email, friendid },
      memory: { action: 'GetSetMemory', email, friendid },
      facts: { action: 'GetMemoryFacts', email, friendid },
    };
    const out: Record<string, string> = {};
    for (const [part, body] of Object.entries(reads)) {
      const r = await act(o, body);
      if (r.Error === ErrorCode.UNAUTHENTICATED) {
        await reSignIn(o);
        return fingerprint();
      }
      // Who has access and with what rights: the viewer's own name (theirs to change) is not the owner's.
      if (part === 'access' && Array.isArray(r.friendemails))
        r.friendemails = (r.friendemails as { user: string; priv: number }[]).map((e) => ({
          user: e.user,
          priv: e.priv,
        }));
      out[part] = JSON.stringify(r);
    }
    return out;
  }

  const signingIn = new Map<IdentityName, Promise<void>>();
  function reSignIn(who: Identity): Promise<void> {
    // The owner never signs out (SignOut goes to the spare owner): someone else ended it.
    if (who.name === 'owner' && !inOwnerPhase) report.ownerSessionEnded++;
    let p = signingIn.get(who.name);
    if (!p) {
      p = server.ask({ type: 'session', email: who.email! }, 'session').then((m) => {
        who.token = m.token;
        report.reSignIns++;
        signingIn.delete(who.name);
      });
      signingIn.set(who.name, p);
    }
    return p;
  }

  const started = performance.now();
  try {
    // The identities, and the owner's character, file, conversation and viewer.
    const { tokens } = await server.ask(
      {
        type: 'users',
        users: (['owner', 'spare', 'viewer', 'stranger', 'pal'] as const).map((n) => ({
          email: emailOf(n),
          name: n,
          ...(n === 'owner' || n === 'spare'
            ? { grant: ['canadd', 'imgedit'] as ('canadd' | 'imgedit')[] }
            : {}),
        })),
      },
      'users',
    );
    for (const i of Object.values(ids)) if (i.email) i.token = tokens[i.email];
    await setUpOwner(ids.owner, 'דמות הבעלים', 'ערכת הנושא הפרטית של הבעלים');
    await setUpOwner(ids.spare, 'דמות חלופית', 'דמות שמותר למחוק');
    await must(ids.owner, {
      action: 'AddEmailToFriend',
      email: ids.owner.email,
      user: ids.viewer.email,
      friendid: OWNER_CHARACTER,
      editpriv: 0,
    });
    // A second entry, the pal's (no session): someone else's entry for the viewer to attack.
    await must(ids.owner, {
      action: 'AddEmailToFriend',
      email: ids.owner.email,
      user: emailOf('pal'),
      friendid: OWNER_CHARACTER,
      editpriv: 0,
    });

    const settle = async () => {
      const t0 = performance.now();
      const s = await server.ask({ type: 'settle', seconds: 60 }, 'settle');
      if (!s.settled) report.unsettled++;
      settleMs += performance.now() - t0;
    };
    await settle();
    let baseline = await fingerprint();
    // Nothing between two readings: equal, or the fingerprint could not tell anything.
    if (JSON.stringify(await fingerprint()) !== JSON.stringify(baseline))
      throw new Error('the fingerprint moves by itself: it cannot check anything');
    report.rssStartPeakMiB = server.rssPeak;
    server.rssPeak = server.rss();

    const deadline = started + opts.seconds * 1000;
    const first = Math.floor((opts.from ?? 0) / opts.phaseSize);
    const last = first * opts.phaseSize + opts.requests;
    let next = first * opts.phaseSize;
    const phases = first + Math.ceil(opts.requests / opts.phaseSize);
    for (let phase = first; phase < phases && !report.crashed; phase++) {
      const ownerPhase = phase % 4 === 3;
      inOwnerPhase = ownerPhase;
      const end = Math.min(last, (phase + 1) * opts.phaseSize);
      const worker = async () => {
        while (next < end && !server.exit && !report.hung) {
          if (performance.now() > deadline) {
            report.stoppedBy = 'time';
            return;
          }
          const i = next++;
          await one(i, ownerPhase);
        }
      };
      await Promise.all(Array.from({ length: opts.concurrency }, worker));
      if (server.exit) break;
      if (report.hung) {
        report.stoppedBy = 'hung';
        break;
      }
      say(
        `${report.requests} requests, ${errors.size ? `${[...errors.values()].reduce((a, e) => a + e.count, 0)} 5xx` : 'no 5xx'}, rss ${Math.round(server.rss())} MiB, ${Math.round(report.requests / ((performance.now() - started) / 1000))}/s, settling ${(settleMs / 1000).toFixed(1)} s so far`,
      );
      const lastPhase = phase === phases - 1 || report.stoppedBy === 'time';
      const nextIsOwner = (phase + 1) % 4 === 3;
      if (ownerPhase || nextIsOwner || lastPhase) {
        await settle();
        const now = await fingerprint();
        if (!ownerPhase) {
          report.fingerprintChecks++;
          for (const part of Object.keys(now))
            if (now[part] !== baseline[part] && !report.fingerprintChanged.includes(part)) {
              report.fingerprintChanged.push(part);
              report.fingerprintDiffs.push(
                `${part}: before ${baseline[part]!.slice(0, 600)}\n        after  ${now[part]!.slice(0, 600)}`,
                ...suspects.slice(-20).map((x) => `  succeeded: ${x}`),
              );
              say(`the owner's ${part} changed during phase ${phase} (no owner in it)`);
            }
        }
        baseline = now;
        suspects = [];
      }
      if (report.stoppedBy === 'time') break;
    }
  } catch (err) {
    if (!server.exit) throw err;
  } finally {
    report.seconds = (performance.now() - started) / 1000;
    report.perSecond = report.requests / report.seconds;
    report.crashed = report.hung ? null : server.exit;
    if (report.crashed) report.stoppedBy = 'crash';
    report.rssEndMiB = server.rss();
    report.rssPeakMiB = server.rssPeak;
    for (const e of errors.values()) e.log = server.errorLines.get(e.requestId);
    report.serverErrors = [...errors.values()];
    report.targetsMissed = targets.map((t) => t.label).filter((l) => !report.byTarget[l]);
    report.pushes = pushSink.count();
    await agent.close();
    await server.close();
    await pushSink.close();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  report.ok =
    report.serverErrors.length === 0 &&
    report.fuzzerErrors.length === 0 &&
    !report.crashed &&
    !report.hung &&
    report.slow.length === 0 &&
    report.rssPeakMiB < opts.rssLimitMiB &&
    report.fingerprintChanged.length === 0 &&
    report.ownerSessionEnded === 0 &&
    report.fingerprintChecks > 0;
  return report;

  async function setUpOwner(who: Identity, name: string, personality: string) {
    await must(who, {
      action: 'SetFriendDetails',
      email: who.email,
      friendid: who.character,
      friendname: name,
      personality,
      background: 'רקע פרטי',
      firstprompt: 'שלום! במה אפשר לעזור?',
      image: '/files/images/fuzz.webp',
      publicfriend: 0,
      insert: 1,
    });
    const file = Buffer.from('הקובץ הפרטי של הבעלים: הקוד לכספת הוא 4321.\n');
    const boundary = '----fuzz-setup';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="friend"\r\n\r\n${who.character}\r\n` +
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="notes.txt"\r\n` +
          'content-type: text/plain\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await send(
      {
        method: 'POST',
        path: DirectPaths.upload,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${who.token}`,
        },
        body,
      },
      'fz-setup-upload',
    );
    if (typeof up === 'string' || !up.text.startsWith('OK'))
      throw new Error(`set-up upload: ${typeof up === 'string' ? up : `${up.status} ${up.text}`}`);
    await must(who, {
      action: 'AskFriend',
      email: who.email,
      friendid: who.character,
      message: 'שלום, מה שלומך?',
    });
  }

  async function one(i: number, ownerPhase: boolean) {
    let drawn: Drawn;
    try {
      drawn = drawRequest(opts.seed, i, ownerPhase, ids, ctx);
    } catch (err) {
      // The fuzzer's own failure to write a request: counted (it fails the run), not sent.
      report.fuzzerErrors.push(`request ${i}: ${(err as Error).message}`);
      return;
    }
    const { target, who, request: r } = drawn;
    const requestId = `fz-${opts.seed}-${i}`;
    const a = await send(r, requestId);
    report.requests++;
    report.byRoute[r.route]++;
    report.byTarget[target.label] = (report.byTarget[target.label] ?? 0) + 1;
    if (typeof a === 'string') {
      if (/timeout/i.test(a)) await noAnswerInTime(target.label, who.name, requestId, r);
      report.noAnswer++;
      report.noAnswerBy[a] = (report.noAnswerBy[a] ?? 0) + 1;
      if (report.noAnswerSamples.length < 5)
        report.noAnswerSamples.push(
          `${target.label} as ${who.name} (${requestId}, a body of ${r.body?.length ?? 0} bytes): ${a}`,
        );
      return;
    }
    const cls = `${Math.floor(a.status / 100)}xx`;
    report.byStatus[cls] = (report.byStatus[cls] ?? 0) + 1;
    report.byCode[a.status] = (report.byCode[a.status] ?? 0) + 1;
    if (!ownerPhase && a.status < 300 && typeof r.body === 'string' && suspects.length < 1000) {
      const named = r.body.includes(OWNER_CHARACTER) || r.body.includes(ids.owner.email!);
      if (named && /"Error":0\b|^OK/.test(a.text))
        suspects.push(`${who.name} ${r.path} ${r.body.slice(0, 200)} -> ${a.text.slice(0, 120)}`);
    }
    if (a.status >= 500 && notConfigured(a.text)) report.notConfigured++;
    else if (a.status >= 500) {
      const key = `${target.label} ${r.route} ${a.status}`;
      const e = errors.get(key);
      if (e) e.count++;
      else {
        const body = typeof r.body === 'string' ? r.body : (r.body?.toString('latin1') ?? '');
        errors.set(key, {
          label: target.label,
          route: r.route,
          status: a.status,
          count: 1,
          identity: who.name,
          sample: `${r.method} ${r.path.slice(0, 120)} ${body.slice(0, 300)}${body.length > 300 ? `… (${body.length} bytes)` : ''}`,
          requestId,
        });
        say(`5xx: ${key} as ${who.name} (request ${requestId})`);
      }
    }
    // A session that ended (SignOut, SignOutEverywhere) is replaced, as a client signs in again.
    if (who.token && a.status === 401 && (await sessionEnded(who))) await reSignIn(who);
  }

  /** A request unanswered in 60 s: noted; a server that then fails its health check is hung. */
  async function noAnswerInTime(
    label: string,
    who: IdentityName,
    requestId: string,
    r: OutgoingRequest,
  ) {
    const body = typeof r.body === 'string' ? r.body : (r.body?.toString('latin1') ?? '');
    const what = `${label} via ${r.route} as ${who} (${requestId}): ${r.method} ${r.path.slice(0, 120)} ${body.slice(0, 300)}${body.length > 300 ? `… (${body.length} bytes)` : ''}`;
    report.slow.push(what);
    say(`no answer in ${ANSWER_MS / 1000} s: ${what}`);
    let healthy: boolean;
    try {
      const h = await request(`${base}${DirectPaths.health}`, {
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
      });
      await h.body.text();
      healthy = h.statusCode === 200;
    } catch (err) {
      say(`health check failed: ${String(err)}`);
      healthy = false;
    }
    if (!healthy && !report.hung) {
      report.hung = `the server answered neither ${what} in ${ANSWER_MS / 1000} s nor its health check in 10 s`;
      say(report.hung);
    }
  }

  function notConfigured(text: string): boolean {
    try {
      return (JSON.parse(text) as { Error?: number }).Error === ErrorCode.NOT_CONFIGURED;
    } catch {
      return false;
    }
  }

  async function sessionEnded(who: Identity): Promise<boolean> {
    const r = await act(who, { action: 'GetSetSelf', email: who.email }).catch(() => null);
    return r?.Error === ErrorCode.UNAUTHENTICATED;
  }
}

export interface Drawn {
  target: Target;
  who: Identity;
  request: OutgoingRequest;
}

/**
 * Request `i` of a run seeded `seed`: what it aims at, who sends it and its bytes, drawn from
 * (seed, i) alone (the identities' tokens aside), whatever was drawn or answered before it.
 */
export function drawRequest(
  seed: number,
  i: number,
  ownerPhase: boolean,
  ids: Record<IdentityName, Identity>,
  ctx: RunContext,
): Drawn {
  const rng: Rng = requestRng(seed, i);
  const target = rng.pick(targets);
  const pool: IdentityName[] = ownerPhase
    ? ['anonymous', 'stranger', 'viewer', 'owner', 'owner', 'owner', 'spare']
    : ['anonymous', 'stranger', 'viewer', 'viewer', 'spare'];
  let who = ids[rng.pick(pool)];
  if (who.name === 'owner' && target.action && ownerDestructive[target.action]) who = ids.spare;
  if (who.name === 'viewer' && target.action && viewerLeaves[target.action]) who = ids.stranger;
  // The spare owner's own ids stand in for the owner's when it acts as the owner.
  const aimed = who.name === 'spare' && rng.bool(0.5) ? ids.spare : ids.owner;
  const hostile = rng.bool(0.5);
  try {
    const request = target.action
      ? actionRequest(rng, target.action, who, aimed, hostile, ctx)
      : directRequest(rng, target.direct!, who, aimed, hostile);
    return { target, who, request };
  } catch (err) {
    throw new Error(`${target.label}: ${(err as Error).message}`, { cause: err });
  }
}

/** The summary the CLI prints. */
export function formatReport(r: FuzzReport, opts: FuzzOptions): string {
  const lines = [
    `fuzz: seed ${r.seed}, ${r.requests} requests in ${r.seconds.toFixed(1)} s (${r.perSecond.toFixed(0)}/s), stopped by ${r.stoppedBy}`,
    `  by status: ${Object.entries(r.byStatus)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}; no answer ${r.noAnswer}` +
      (r.noAnswer
        ? ` (${Object.entries(r.noAnswerBy)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')})`
        : ''),
    `  by code: ${Object.entries(r.byCode)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    `  by route: ${Object.entries(r.byRoute)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}; ${Object.keys(r.byTarget).length} of ${targets.length} targets drawn` +
      (r.targetsMissed.length ? ` (not drawn: ${r.targetsMissed.join(', ')})` : '') +
      `; ${r.pushes} pushes to the fuzzer's push service`,
    ...r.noAnswerSamples.map((n) => `    no answer: ${n}`),
    `  5xx: ${r.serverErrors.reduce((a, e) => a + e.count, 0)} (${r.serverErrors.length} distinct)` +
      (r.notConfigured
        ? `, besides ${r.notConfigured} declared "not configured" (Error 13: 503 from transcription, 501 on /api/rpc)`
        : ''),
    ...r.serverErrors.flatMap((e) => [
      `    ${e.label} via ${e.route} ${e.status} ×${e.count} as ${e.identity} (${e.requestId})`,
      `      input: ${e.sample}`,
      `      log: ${e.log ?? '(no error line)'}`,
    ]),
    `  crashed: ${r.crashed ?? 'no'}; hung: ${r.hung ?? 'no'}`,
    ...r.slow.slice(0, 10).map((x) => `    no answer in ${ANSWER_MS / 1000} s: ${x}`),
    ...(r.slow.length > 10 ? [`    … and ${r.slow.length - 10} more`] : []),
    ...r.fuzzerErrors.slice(0, 5).map((e) => `  fuzzer error: ${e}`),
    `  server memory (RSS): peak ${r.rssPeakMiB.toFixed(0)} MiB under the fuzz, end ${r.rssEndMiB.toFixed(0)} MiB (bound ${opts.rssLimitMiB} MiB); ${r.rssStartPeakMiB.toFixed(0)} MiB at its start and set-up`,
    `  owner's fingerprint: ${r.fingerprintChanged.length ? `CHANGED (${r.fingerprintChanged.join(', ')})` : 'unchanged'} over ${r.fingerprintChecks} other-people runs` +
      (r.unsettled ? `; ${r.unsettled} settles timed out` : ''),
    ...r.fingerprintDiffs.map((d) => `    ${d}`),
    `  sessions renewed: ${r.reSignIns} (the owner's ended by someone else: ${r.ownerSessionEnded})`,
    `  result: ${r.ok ? 'OK' : 'FAILED'}`,
  ];
  return lines.join('\n');
}

export { Rng };
