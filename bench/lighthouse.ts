/**
 * Lighthouse (12.2.3, its Node API) on the built app: /home and a signed-in /chat, mobile
 * profile (Lighthouse's default), median of 3 runs each, printing the performance,
 * accessibility, best-practices and SEO scores and LCP, TBT and CLS.
 *
 * The built server runs on its embedded defaults (PGlite, offline model) on a temp data dir;
 * a user with a password is made through the admin CLI and signed in through the login form in
 * a persistent Chromium profile (Debian's /usr/bin/chromium, started by Playwright with a
 * remote-debugging port), so the app's cookie and its local storage are there when
 * Lighthouse opens the page on that port (storage is not reset between runs).
 *
 *   npm run build && npm run bench:lighthouse
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';

const run = promisify(execFile);
const PORT = Number(process.env.BENCH_PORT ?? 3390);
const DEBUG_PORT = Number(process.env.BENCH_DEBUG_PORT ?? 9333);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'sefer-lighthouse-'));
const profile = mkdtempSync(join(tmpdir(), 'sefer-lighthouse-profile-'));
const email = `lighthouse-${Date.now().toString(36)}@example.com`;
const password = 'lighthouse pass 12';

const server = spawn(process.execPath, ['src/server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function ready() {
  for (;;) {
    if (server.exitCode !== null) throw new Error('the server exited');
    if (
      await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(100);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

try {
  await ready();
  await run(
    process.execPath,
    [
      'src/server/admin/cli.ts',
      'create-user',
      email,
      '--name',
      'Lighthouse Reader',
      '--password',
      password,
    ],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
  );
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    serviceWorkers: 'block',
    args: [
      `--remote-debugging-port=${DEBUG_PORT}`,
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  // Signed in as a reader would be: the login form, password mode.
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${base}/login?lang=he`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-send').click();
  await page.getByTestId('login-password-mode').click();
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-connect').click();
  await page.waitForURL(/\/main$/);

  const targets = [
    { name: '/home', url: `${base}/home` },
    { name: '/chat (signed in)', url: `${base}/chat/holmes` },
  ];
  console.log(`Lighthouse 12.2.3, mobile profile, median of ${RUNS} runs`);
  for (const target of targets) {
    const rows: Record<string, number>[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(target.url, {
        port: DEBUG_PORT,
        output: 'json',
        logLevel: 'error',
        disableStorageReset: true,
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`no Lighthouse result for ${target.url}`);
      const { categories, audits } = result.lhr;
      if (result.lhr.runtimeError) console.error(target.name, result.lhr.runtimeError.message);
      rows.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        'best-practices': Math.round((categories['best-practices']?.score ?? 0) * 100),
        seo: Math.round((categories.seo?.score ?? 0) * 100),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      });
      if (i === 0) {
        const failing = Object.values(audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        console.log(`  ${target.name}: failing binary audits: ${failing.join(', ') || 'none'}`);
      }
    }
    const m = (k: string) => median(rows.map((r) => r[k]!));
    console.log(
      `${target.name.padEnd(18)} performance ${m('performance')}  accessibility ${m('accessibility')}  ` +
        `best-practices ${m('best-practices')}  SEO ${m('seo')}  ` +
        `LCP ${Math.round(m('lcpMs'))} ms  TBT ${Math.round(m('tbtMs'))} ms  CLS ${m('cls').toFixed(3)}`,
    );
  }
  await context.close();
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profile, { recursive: true, force: true });
}
