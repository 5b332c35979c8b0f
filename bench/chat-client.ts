/**
 * The load side of bench/chat.ts: forks the processes it measures (provider, relay, product)
 * and plays turns against them over HTTP, the way a browser does.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { ProbeStats } from './probe.ts';
import { GLIBC_TUNABLES } from '../src/server/infra/malloc-env.ts';

/** How the provider answers a turn (bench/provider.ts reads it from the message). */
export const script = (tokens: number, gapMs: number, firstMs: number) =>
  `[t=${tokens} g=${gapMs} f=${firstMs}]`;

export interface Child {
  proc: ChildProcess;
  ready: Record<string, unknown>;
  ask<T>(message: object, answer: string): Promise<T>;
  stats(): Promise<ProbeStats>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

export async function start(file: string, env: Record<string, string | undefined>): Promise<Child> {
  // BENCH_PROFILE=dir writes the product's CPU profile there (node --cpu-prof) on exit.
  const profile = process.env.BENCH_PROFILE && file.includes('chat-server');
  const proc = fork(new URL(file, import.meta.url), [], {
    // As the npm scripts and the Containerfile start the server (infra/malloc-env.ts).
    env: { GLIBC_TUNABLES, ...env } as NodeJS.ProcessEnv,
    execArgv: profile ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const on = (m: Record<string, unknown>) => {
        if (m.type !== type) return;
        proc.off('message', on);
        proc.off('exit', exit);
        resolve(m);
      };
      const exit = (code: number) => reject(new Error(`${file} exited (${code}) before ${type}`));
      proc.on('message', on);
      proc.once('exit', exit);
    });
  const ready = await next('ready');
  const ask = <T>(message: object, answer: string) => {
    const p = next(answer);
    proc.send(message);
    return p as Promise<T>;
  };
  return {
    proc,
    ready,
    ask,
    stats: async () => (await ask<{ stats: ProbeStats }>({ type: 'stats' }, 'stats')).stats,
    reset: async () => void (await ask({ type: 'reset' }, 'reset-done')),
    async stop() {
      const gone = new Promise((r) => proc.once('exit', r));
      if (file.includes('chat-server')) proc.send({ type: 'close' });
      else proc.kill();
      const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** A server under test, as the client sees it. */
export interface Target {
  name: 'product' | 'relay';
  base: string;
  /** Bearer tokens of the product's users. */
  tokens: string[];
}

export interface TurnResult {
  /** Milliseconds from sending to the first token on the wire (streamed turns). */
  ttft: number;
  ok: boolean;
}

/** One turn: `slot` picks the user and the subject (one conversation per slot). */
export async function turn(
  t: Target,
  slot: number,
  message: string,
  stream: boolean,
): Promise<TurnResult> {
  const t0 = performance.now();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: stream ? 'text/event-stream' : 'application/json',
  };
  let body: string;
  if (t.name === 'product') {
    headers.authorization = `Bearer ${t.tokens[slot % t.tokens.length]}`;
    body = JSON.stringify({
      action: 'AskFriend',
      friendid: 'holmesen',
      lang: 'en',
      message,
      subject: `c${slot}`,
    });
  } else body = JSON.stringify({ message });
  try {
    const res = await fetch(t.name === 'product' ? `${t.base}/api` : `${t.base}/`, {
      method: 'POST',
      headers,
      body,
    });
    if (!stream) {
      const json = (await res.json()) as { Error?: number };
      return { ttft: -1, ok: res.ok && json.Error === 0 };
    }
    const first = t.name === 'product' ? /event: delta/ : /"content":"[^"]/;
    const decoder = new TextDecoder();
    let ttft = -1;
    let tail = '';
    for await (const chunk of res.body!) {
      const text = decoder.decode(chunk as Uint8Array, { stream: true });
      if (ttft < 0 && first.test(tail + text)) ttft = performance.now() - t0;
      tail = (tail + text).slice(-4000);
    }
    const ok =
      t.name === 'product'
        ? /event: done\ndata: \{"Error":0/.test(tail)
        : tail.includes('data: [DONE]');
    return { ttft, ok: res.ok && ok && ttft >= 0 };
  } catch {
    return { ttft: -1, ok: false };
  }
}

/** Runs `count` turns, `concurrency` at a time; answers the results and the wall time. */
export async function load(
  count: number,
  concurrency: number,
  /** `worker` (0 … concurrency-1) suits as a slot: one turn at a time per conversation. */
  play: (i: number, worker: number) => Promise<TurnResult>,
  /**
   * A pause after each turn (a reader reads the answer before the next question): the work a
   * turn leaves for afterwards (billing, analytics, memory jobs) then runs before the next
   * turn, not inside its measured window. Counted out of `ms`.
   */
  pauseMs = 0,
): Promise<{ results: TurnResult[]; ms: number }> {
  const results: TurnResult[] = [];
  let next = 0;
  let paused = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async (_, worker) => {
      while (next < count) {
        results.push(await play(next++, worker));
        if (pauseMs && next < count) {
          await new Promise((r) => setTimeout(r, pauseMs));
          if (concurrency === 1) paused += pauseMs;
        }
      }
    }),
  );
  return { results, ms: performance.now() - t0 - paused };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
};
