import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
const tag = process.argv[2] ?? 'x';
const port = 3550;
const dataDir = mkdtempSync(join(tmpdir(), 'shots-'));
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', API_RATE_LIMIT: '100000', API_RATE_LIMIT_PER_IP: '100000' };
const proc = spawn(process.execPath, ['src/server/main.ts'], { env, stdio: 'ignore' });
for (;;) { try { if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 100)); }
await new Promise<void>((res, rej) => spawn(process.execPath, ['src/server/admin/cli.ts', 'create-user', 'shot@example.com', '--name', 'דנה', '--password', 'shot pass 12'], { env, stdio: 'ignore' }).once('exit', (c) => (c === 0 ? res() : rej(new Error(String(c))))));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
try {
  for (const width of [1280, 390]) {
    const ctx = await browser.newContext({ locale: 'he-IL', viewport: { width, height: 800 }, serviceWorkers: 'block' });
    const page = await ctx.newPage();
    await page.goto(`http://127.0.0.1:${port}/home`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `/tmp/bundle-shots/${tag}-home-${width}.png` });
    const r = await ctx.request.post(`http://127.0.0.1:${port}/api`, { data: { action: 'SendToken', email: 'shot@example.com', password: 'shot pass 12' } });
    const body = await r.json();
    await page.evaluate((b) => { localStorage.setItem('email', 'shot@example.com'); localStorage.setItem('fullname', b.fullname ?? 'דנה'); }, body);
    await page.goto(`http://127.0.0.1:${port}/chat/holmes`, { waitUntil: 'networkidle' });
    await page.getByTestId('chat-message').first().waitFor();
    await page.screenshot({ path: `/tmp/bundle-shots/${tag}-chat-${width}.png` });
    if (width === 1280) { await page.getByTestId('user-menu').click(); await page.getByTestId('signout-everywhere').waitFor(); await page.screenshot({ path: `/tmp/bundle-shots/${tag}-menu-${width}.png` }); }
    await ctx.close();
  }
} finally { await browser.close(); proc.kill('SIGTERM'); }
