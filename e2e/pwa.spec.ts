import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './csp-guard.ts';
import { shot } from './support.ts';

const SW_FILE = join('dist', 'web', 'sw.js');

/** Waits until the service worker is active and controls the page. */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';

test.describe('installable app', () => {
  // The other specs block service workers (playwright.config.ts); these are about them.
  test.use({ serviceWorkers: 'allow' });

  test('manifest and service worker are served, valid, and Chromium finds the app installable', async ({
    playwright,
    request,
  }, info) => {
    // A profile on disk: Playwright's usual contexts are incognito, where nothing installs.
    const profile = mkdtempSync(join(tmpdir(), 'pwa-profile-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...info.project.use.launchOptions,
      baseURL: info.project.use.baseURL,
      locale: 'he-IL',
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/home?lang=he');
    await controlled(page);
    // Chromium's own verdict (the same check that offers "Install app").
    const cdp = await page.context().newCDPSession(page);
    await expect
      .poll(async () => {
        const r = (await cdp.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: { errorId: string }[];
        };
        return r.installabilityErrors.map((e) => e.errorId);
      })
      .toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toMatch(/\/manifest\.he\.webmanifest$/);

    for (const lang of ['he', 'en'] as const) {
      const r = await request.get(`/manifest.${lang}.webmanifest`);
      expect(r.ok()).toBe(true);
      expect(r.headers()['content-type']).toContain('application/manifest+json');
      const m = await r.json();
      expect(m).toMatchObject({
        lang,
        dir: lang === 'he' ? 'rtl' : 'ltr',
        display: 'standalone',
        id: '/',
      });
      expect(m.start_url).toMatch(/^\/main/);
      for (const icon of m.icons) expect((await request.get(icon.src)).ok()).toBe(true);
    }
    const sw = await request.get('/sw.js');
    expect(sw.headers()['content-type']).toContain('javascript');
    expect(sw.headers()['cache-control']).toBe('no-cache');

    // English readers install an English app.
    await page.getByTestId('lang-en').click();
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.en.webmanifest',
    );
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  test('a new version loads at a safe moment, never while the reader is typing; offline the app still opens', async ({
    page,
    context,
  }) => {
    await page.goto('/login?lang=en');
    await controlled(page);
    const original = readFileSync(SW_FILE);
    try {
      // A new build: the worker's bytes change.
      writeFileSync(SW_FILE, Buffer.concat([original, Buffer.from(`\n// v${Date.now()}\n`)]));
      await page.evaluate(() => {
        (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
      });
      await page.getByTestId('login-email').fill('typing@example.com');
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      await expect(page.getByTestId('update-note')).toBeVisible();
      // Still the same page: the draft is there and no reload happened.
      await expect(page.getByTestId('login-email')).toHaveValue('typing@example.com');
      expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(true);

      // The reader empties the field: now it is safe, the new version takes over and loads.
      const reloaded = page.waitForEvent('load');
      await page.getByTestId('login-email').fill('');
      await reloaded;
      expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
      await expect(page.getByTestId('update-note')).toHaveCount(0);
      await controlled(page);
    } finally {
      writeFileSync(SW_FILE, original);
    }

    // Offline: any page of the app opens from the worker's cache, and says it is offline.
    await context.setOffline(true);
    try {
      await page.goto('/some/page/of/the/app?lang=en');
      await expect(page.getByTestId('offline-note')).toContainText('You are offline');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    } finally {
      await context.setOffline(false);
    }
    await expect(page.getByTestId('offline-note')).toHaveCount(0);
  });

  test('install instructions: iPhone (390 px) and desktop Safari (1280 px), in he and en', async ({
    browser,
  }, info) => {
    const devices = [
      {
        name: 'ios-390',
        userAgent: IPHONE,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        text: { he: 'הוספה למסך הבית', en: 'Add to Home Screen' },
      },
      {
        name: 'safari-1280',
        userAgent: MAC_SAFARI,
        viewport: { width: 1280, height: 800 },
        isMobile: false,
        hasTouch: false,
        text: { he: 'הוספה ל-Dock', en: 'Add to Dock' },
      },
    ];
    for (const { name, text, ...device } of devices) {
      const context = await browser.newContext({ ...device, serviceWorkers: 'block' });
      const page = await context.newPage();
      for (const lang of ['he', 'en'] as const) {
        await page.goto(`/home?lang=${lang}`);
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
        await page.getByTestId('install-app').click();
        const popup = page.getByRole('dialog');
        await expect(popup).toBeVisible();
        await expect(page.getByTestId('install-instructions')).toContainText(text[lang]);
        await shot(page, info, `pwa-install-${name}-${lang}`);
        await page.getByTestId('install-close').click();
        await expect(popup).toHaveCount(0);
      }
      await context.close();
    }
  });

  test('Chromium with no install offer shows no install button', async ({ page }) => {
    await page.goto('/home?lang=en');
    await expect(page.getByTestId('lang-he')).toBeVisible();
    await expect(page.getByTestId('install-app')).toHaveCount(0);
  });
});
