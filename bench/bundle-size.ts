/**
 * What a route really loads: opens it in Debian's Chromium, records every script and stylesheet
 * it fetches (lazy chunks included) until the network is idle, and sums their gzip (-9) and
 * brotli (quality 11) sizes as built in dist/web. The aim (issue 17): the home page and the chat
 * page each at most 150 KB of gzip JS+CSS, shared vendor chunks included.
 *
 *   npx vite build && npm run bench:bundle     # /home (a guest) and /chat/holmes (signed in)
 *   BENCH_LANG=en npm run bench:bundle         # the same pages opened with ?lang=en
 *
 * It also times a first visit's landing page on an emulated slow phone link (SLOW_LINK):
 * until its e-mail field shows, the median of 9 loads with nothing cached.
 *
 * Run alone it starts the server itself (PGlite in a fresh folder, BENCH_PORT or 3303) and
 * signs a user in for the chat. `bench/run.ts` uses measureHomeLoad against its own server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from '@playwright/test';
import { GLIBC_TUNABLES } from '../src/server/infra/malloc-env.ts';

const dist = join(import.meta.dirname, '../dist/web');

export interface BundleFigure {
  js: number;
  css: number;
  /** JS + CSS, brotli quality 11 (what a browser that asks for br receives). */
  brotli: number;
  files: { file: string; gzip: number; brotli: number }[];
}

const launchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const launch = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: launchArgs,
  });

/** BENCH_LANG=en opens the pages in English (only the active language's texts load). */
const langQuery = process.env.BENCH_LANG ? `?lang=${process.env.BENCH_LANG}` : '';

/** Sums what `path` fetches; `prepare` may sign the context in first. */
export async function measureRouteLoad(
  baseUrl: string,
  path: string,
  prepare?: (context: BrowserContext) => Promise<void>,
  /** What the screen shows once it is drawn: the count waits for it, then for a quiet network. */
  ready?: string,
): Promise<BundleFigure | null> {
  if (!existsSync(join(dist, 'index.html'))) return null;
  const browser = await launch();
  try {
    const context = await browser.newContext({ locale: 'he-IL', serviceWorkers: 'block' });
    await prepare?.(context);
    const page = await context.newPage();
    const seen = new Set<string>();
    page.on('request', (req) => {
      const type = req.resourceType();
      if (type === 'script' || type === 'stylesheet') seen.add(new URL(req.url()).pathname);
    });
    await page.goto(`${baseUrl}${path}${langQuery}`, { waitUntil: 'networkidle' });
    // On a busy machine the entry chunk may run longer than networkidle's quiet 500 ms, before
    // the screen's own chunks are asked for: wait for the screen, then for quiet again.
    if (ready) {
      await page.getByTestId(ready).first().waitFor({ timeout: 120_000 });
      await page.waitForLoadState('networkidle');
    }
    const files = [...seen]
      .filter((f) => existsSync(join(dist, f)))
      .map((file) => {
        const body = readFileSync(join(dist, file));
        return {
          file,
          gzip: gzipSync(body, { level: 9 }).length,
          brotli: brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
          }).length,
        };
      })
      .sort((a, b) => b.gzip - a.gzip);
    const sum = (ext: string) =>
      files.filter((f) => f.file.endsWith(ext)).reduce((a, f) => a + f.gzip, 0);
    const brotli = files.reduce((a, f) => a + f.brotli, 0);
    return { js: sum('.js'), css: sum('.css'), brotli, files };
  } finally {
    await browser.close();
  }
}

/** The network of a first visit on a slow phone link (Chrome's own emulation, per request). */
const SLOW_LINK = { latencyMs: 150, downMbit: 1.6, upMbit: 0.75 };

/**
 * How long a first visit takes to show the landing page's e-mail field on SLOW_LINK: from the
 * start of navigation to the first frame in which the field has a box (performance.now() in
 * the page), nothing cached and no service worker, `runs` times; the median and range.
 */
export async function measureFirstScreen(
  baseUrl: string,
  runs = 9,
): Promise<{ median: number; min: number; max: number } | null> {
  if (!existsSync(join(dist, 'index.html'))) return null;
  const browser = await launch();
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ locale: 'he-IL', serviceWorkers: 'block' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: SLOW_LINK.latencyMs,
        downloadThroughput: (SLOW_LINK.downMbit * 1e6) / 8,
        uploadThroughput: (SLOW_LINK.upMbit * 1e6) / 8,
      });
      await page.addInitScript(() => {
        const look = () => {
          const field = document.querySelector('[data-testid="login-email"]');
          if (field && field.getBoundingClientRect().height > 0) {
            (window as unknown as { shownAt: number }).shownAt = performance.now();
          } else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      });
      await page.goto(`${baseUrl}/home${langQuery}`);
      await page.waitForFunction(() => 'shownAt' in window, undefined, { timeout: 120_000 });
      times.push(await page.evaluate(() => (window as unknown as { shownAt: number }).shownAt));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, min: times[0]!, max: times.at(-1)! };
}

/** The landing page as a first-time guest sees it. */
export function measureHomeLoad(baseUrl: string): Promise<BundleFigure | null> {
  return measureRouteLoad(baseUrl, '/home', undefined, 'login-email');
}

/** A character's chat for a signed-in reader (password sign-in sets the session cookie). */
export function measureChatLoad(
  baseUrl: string,
  email: string,
  password: string,
  friendid = 'holmes',
): Promise<BundleFigure | null> {
  return measureRouteLoad(
    baseUrl,
    `/chat/${friendid}`,
    async (context) => {
      const r = await context.request.post(`${baseUrl}/api`, {
        data: { action: 'SendToken', email, password },
      });
      if (!r.ok()) throw new Error(`sign-in failed: ${r.status()} ${await r.text()}`);
      await context.addInitScript((e) => localStorage.setItem('email', e), email);
    },
    'chat-input',
  );
}

export function printFigure(name: string, f: BundleFigure, list = true) {
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log(
    `${name}: gzip JS ${kb(f.js)} KB + CSS ${kb(f.css)} KB = ${kb(f.js + f.css)} KB` +
      ` (aim: at most 150 KB); brotli ${kb(f.brotli)} KB; ${f.files.length} files`,
  );
  if (list)
    for (const x of f.files)
      console.log(
        `  ${x.file.padEnd(52)} ${kb(x.gzip).padStart(6)} KB gz ${kb(x.brotli).padStart(6)} KB br`,
      );
}

async function startServer(
  port: number,
): Promise<{ proc: ChildProcess; dataDir: string; env: NodeJS.ProcessEnv }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    API_RATE_LIMIT: '1000000',
    API_RATE_LIMIT_PER_IP: '1000000',
  };
  const proc = spawn(process.execPath, ['src/server/main.ts'], {
    env: { GLIBC_TUNABLES, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    if (proc.exitCode !== null) throw new Error('server exited');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { proc, dataDir, env };
}

async function createUser(env: NodeJS.ProcessEnv, email: string, password: string) {
  await new Promise<void>((resolve, reject) => {
    const p = spawn(
      process.execPath,
      ['src/server/admin/cli.ts', 'create-user', email, '--name', 'Bench', '--password', password],
      { env, stdio: 'ignore' },
    );
    p.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`admin exited ${code}`))));
  });
}

if (import.meta.main) {
  if (!existsSync(join(dist, 'index.html'))) {
    console.log('no dist/web: run `npx vite build` first');
    process.exit(1);
  }
  const port = Number(process.env.BENCH_PORT ?? 3303);
  const base = `http://127.0.0.1:${port}`;
  const s = await startServer(port);
  try {
    const email = 'bundle-bench@example.com';
    const password = 'bundle bench 1';
    await createUser(s.env, email, password);
    const home = await measureHomeLoad(base);
    const chat = await measureChatLoad(base, email, password);
    if (home) printFigure('/home (guest)', home, !process.env.BENCH_QUIET);
    if (chat) printFigure('/chat/holmes (signed in)', chat, !process.env.BENCH_QUIET);
    const first = await measureFirstScreen(base);
    if (first)
      console.log(
        `/home first visit, ${SLOW_LINK.latencyMs} ms round trip, ${SLOW_LINK.downMbit} Mbit/s:` +
          ` the e-mail field shows after ${first.median.toFixed(0)} ms` +
          ` (median of 9; ${first.min.toFixed(0)}–${first.max.toFixed(0)})`,
      );
  } finally {
    s.proc.kill('SIGTERM');
    await new Promise((r) => s.proc.once('exit', r));
    rmSync(s.dataDir, { recursive: true, force: true });
  }
}
