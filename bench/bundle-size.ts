import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const dist = join(import.meta.dirname, '../dist/web');

export interface BundleFigure {
  js: number;
  css: number;
  files: { file: string; gzip: number }[];
}

/**
 * What the home page really loads: opens /home in Debian's Chromium, records every script
 * and stylesheet it fetches (lazy chunks included) until the network is idle, and sums their
 * gzip sizes as built in dist/web.
 */
export async function measureHomeLoad(baseUrl: string): Promise<BundleFigure | null> {
  if (!existsSync(join(dist, 'index.html'))) return null;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage({ locale: 'he-IL' });
    const seen = new Set<string>();
    page.on('request', (req) => {
      const type = req.resourceType();
      if (type === 'script' || type === 'stylesheet') seen.add(new URL(req.url()).pathname);
    });
    await page.goto(`${baseUrl}/home`, { waitUntil: 'networkidle' });
    const files = [...seen]
      .filter((f) => existsSync(join(dist, f)))
      .map((file) => ({
        file,
        gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
      }));
    const sum = (ext: string) =>
      files.filter((f) => f.file.endsWith(ext)).reduce((a, f) => a + f.gzip, 0);
    return { js: sum('.js'), css: sum('.css'), files };
  } finally {
    await browser.close();
  }
}
