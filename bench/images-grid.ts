/**
 * The create-image grid's first paint with 500 images, in headless Chromium (Debian's, at
 * /usr/bin/chromium or CHROMIUM_PATH). One server in process (PGlite) serves the built client;
 * its user owns 500 generated images, each a real WebP file of photo-like weight. Each run opens
 * /createimg in a fresh context (cold cache) and measures, from navigation start:
 * - grid painted: the first tiles' pictures decoded and on screen
 * - first contentful and largest contentful paint
 * - tiles in the page, pictures fetched and their bytes when the grid is painted
 * for the page size the screen asks for (48) and, rewriting its request, for 200 (the
 * largest page the server gives), to show what paging and lazy loading save.
 * Prints medians; asserts nothing.   npm run build && npm run bench:images-grid
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { images, users } from '../src/server/db/schema.ts';
import { generatedKey } from '../src/server/images/images.service.ts';
import { createTestApp, userWithSession } from '../src/server/test/harness.ts';

const COUNT = 500;
const RUNS = Number(process.env.IMAGES_GRID_RUNS ?? 5);
const EMAIL = 'grid@example.com';
const PASSWORD = 'correct horse battery';

if (!existsSync('dist/web/index.html')) {
  console.error('Build the web client first: npm run build');
  process.exit(1);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A 512 px picture with photo-like entropy (noise over a gradient), as WebP quality 80. */
async function picture(seed: number): Promise<Buffer> {
  const size = 512;
  const raw = Buffer.alloc(size * size * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    const p = i / 3;
    raw[i] = (((p % size) + (p / size) * (i % 3)) / 4 + (x >>> 26)) & 255;
  }
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .webp({ quality: 80 })
    .toBuffer();
}

const t = await createTestApp('pglite');
let browser: Browser | undefined;
try {
  await userWithSession(t, EMAIL, { grant: 'imgedit' });
  const owner = (await t.deps.db.select().from(users).where(eq(users.email, EMAIL)))[0]!;
  // Twenty different pictures, each stored under 25 names: 500 files, 500 addresses.
  const pictures = await Promise.all(Array.from({ length: 20 }, (_, i) => picture(i + 1)));
  const rows = [];
  for (let i = 0; i < COUNT; i++) {
    const name = `g_bench${String(i).padStart(4, '0')}.webp`;
    await t.storage.put(generatedKey(name), pictures[i % pictures.length]!, {
      contentType: 'image/webp',
    });
    rows.push({
      owner: owner.id,
      image: name,
      prompt: `A lighthouse on a rocky shore at dusk, warm watercolour, number ${i}`,
      request: 'צייר מגדלור',
      gentime: 4,
    });
  }
  await t.deps.db.insert(images).values(rows);
  const avgKiB = pictures.reduce((a, p) => a + p.length, 0) / pictures.length / 1024;

  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });

  // Sign in once, through the login screen; every run starts from that session, cold cache.
  const login = await browser.newContext({ baseURL: base });
  const lp = await login.newPage();
  await lp.goto('/login?lang=he');
  await lp.getByTestId('login-email').fill(EMAIL);
  await lp.getByTestId('login-send').click();
  await lp.getByTestId('login-password-mode').click();
  await lp.getByTestId('login-password').fill(PASSWORD);
  await lp.getByTestId('login-connect').click();
  await lp.waitForURL(/\/main$/);
  const session = await login.storageState();
  await login.close();

  const run = async (pageSize: number | null) => {
    const context = await browser!.newContext({
      baseURL: base,
      storageState: session,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    if (pageSize) {
      // The screen's own request, with another page size.
      await page.route('**/api', async (route) => {
        const body = route.request().postDataJSON() as Record<string, unknown> | null;
        if (body?.action !== 'GetAllImages') return route.continue();
        await route.continue({ postData: JSON.stringify({ ...body, limit: pageSize }) });
      });
    }
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', (req) => {
      if (!req.url().includes('imagename=g_bench')) return;
      sizes.push(
        req.sizes().then(
          (s) => s.responseBodySize,
          () => 0,
        ),
      );
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__lcp = Math.max(w.__lcp, e.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto('/createimg');
    // Painted: at least one row of tiles, and every picture on screen decoded.
    const painted = await page.waitForFunction(
      () => {
        const imgs = [...document.querySelectorAll<HTMLImageElement>('.createimg-tile img')];
        const onScreen = imgs.filter((i) => {
          const r = i.getBoundingClientRect();
          return r.bottom > 0 && r.top < innerHeight && r.width > 0;
        });
        if (onScreen.length < 2 || !onScreen.every((i) => i.complete && i.naturalWidth > 0))
          return false;
        return performance.now();
      },
      undefined,
      { polling: 'raf', timeout: 120_000 },
    );
    const gridMs = (await painted.jsonValue()) as number;
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
    const tiles = await page.locator('.createimg-tile').count();
    // Pictures fetched by the time the grid was painted (and their bytes).
    const done = sizes.slice();
    const bytes = (await Promise.all(done)).reduce((a, b) => a + b, 0);
    const result = { gridMs, fcp, lcp, tiles, fetched: done.length, kib: bytes / 1024 };
    await context.close();
    return result;
  };

  console.log(
    `\ncreate-image grid, ${COUNT} images (${avgKiB.toFixed(0)} KiB each), Chromium 1280×900, cold cache, median of ${RUNS}`,
  );
  for (const size of [null, 200] as const) {
    const results: Awaited<ReturnType<typeof run>>[] = [];
    // One run to warm the server (first compile of its queries), not counted.
    await run(size);
    for (let i = 0; i < RUNS; i++) results.push(await run(size));
    const m = (k: keyof (typeof results)[number]) => median(results.map((r) => r[k]));
    console.log(
      `  page of ${String(size ?? 48).padEnd(3)}  grid painted ${m('gridMs').toFixed(0)} ms  ` +
        `FCP ${m('fcp').toFixed(0)} ms  LCP ${m('lcp').toFixed(0)} ms  ` +
        `${m('tiles')} tiles  ${m('fetched')} pictures fetched (${m('kib').toFixed(0)} KiB)`,
    );
  }
} finally {
  await browser?.close();
  await t.close();
}
