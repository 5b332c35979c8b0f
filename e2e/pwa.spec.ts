import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './csp-guard.ts';
import { E2E_DATA_DIR } from '../playwright.config.ts';
import { shot, signedInUser } from './support.ts';

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
      // This page fetched only the English texts; the Hebrew ones come from the precache.
      await page.getByTestId('lang-he').click();
      await expect(page.getByTestId('offline-note')).toContainText('אין חיבור לרשת');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    } finally {
      await context.setOffline(false);
    }
    await expect(page.getByTestId('offline-note')).toHaveCount(0);
  });

  test('the last conversation opens offline, read only; a message written offline stays in the box', async ({
    page,
    context,
  }, info) => {
    test.setTimeout(180_000);
    await signedInUser(page, 'en', 'pwa-offline', { name: 'Noa' });
    await controlled(page);
    // The list of characters, seen once while online in each language, is kept too.
    for (const lang of ['he', 'en'] as const) {
      await page.goto(`/main?lang=${lang}`);
      await expect(page.getByTestId('friend-card').first()).toBeVisible();
    }
    await page.goto('/chat/holmes?lang=en');
    const input = page.getByTestId('chat-input');
    await expect(input).toBeEnabled();
    // An exchange after the conversation was loaded: the copy must follow it.
    await input.fill('Where is the violin?');
    await input.press('Enter');
    const answer = page
      .getByTestId('chat-message')
      .filter({ hasText: 'You said: Where is the violin?' });
    await expect(answer).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const cache = await caches.open('sefer-offline-v1');
          const copy = await cache.match('/__offline__/conversation/holmes/');
          const text = copy ? await copy.text() : '';
          return (
            text.includes('You said: Where is the violin?') && text.includes('Thank you for asking')
          );
        }),
      )
      .toBe(true);

    await context.setOffline(true);
    try {
      for (const lang of ['en', 'he'] as const) {
        await page.goto(`/chat/holmes?lang=${lang}`);
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
        await expect(page.getByTestId('chat-offline')).toBeVisible();
        await expect(answer).toBeVisible();
        // Sending offline: refused with the reason, and the text stays in the box.
        const draft = lang === 'he' ? 'איפה הכינור?' : 'And the pipe?';
        await input.fill(draft);
        await input.press('Enter');
        await expect(page.getByTestId('chat-error')).toContainText(
          lang === 'he' ? 'ההודעה לא נשלחה' : 'the message was not sent',
        );
        await expect(input).toHaveValue(draft);
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 800 });
          await shot(page, info, `pwa-offline-chat-${lang}-${width}`);
        }
        await page.setViewportSize({ width: 1280, height: 800 });
      }
      // The characters list opens from its copy, in the screen's language, tab title too.
      await page.goto('/main?lang=he');
      await expect(page.getByTestId('offline-note')).toContainText('אין חיבור לרשת');
      await expect(page.getByTestId('friend-card').first()).toBeVisible();
      await expect(page.getByTestId('friends-error')).toHaveCount(0);
      await expect(page).toHaveTitle(/דמויות/);
      await shot(page, info, 'pwa-offline-main-he-1280');
      // A conversation never opened here was not kept: it says so.
      await page.goto('/chat/tevye?lang=en');
      await expect(page.getByTestId('chat-offline-missing')).toContainText('was not saved');

      // Back at the one kept, a message typed offline goes once the connection is back.
      await page.goto('/chat/holmes?lang=en');
      await input.fill('Sent when back online');
      await input.press('Enter');
      await expect(input).toHaveValue('Sent when back online');
    } finally {
      await context.setOffline(false);
    }
    await expect(page.getByTestId('chat-offline')).toHaveCount(0);
    await input.press('Enter');
    await expect(
      page.getByTestId('chat-message').filter({ hasText: 'You said: Sent when back online' }),
    ).toBeVisible();

    // Signing out leaves nothing of the user's conversations on the device.
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/home/);
    expect(await page.evaluate(() => caches.has('sefer-offline-v1'))).toBe(false);
  });

  test('notifications: Chromium is asked to subscribe with the server VAPID key; a push message reaching the worker shows the notification', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // The browser is asked with the key the server generated into its data folder.
    const vapid = JSON.parse(readFileSync(join(E2E_DATA_DIR, 'vapid.json'), 'utf8')) as {
      publicKey: string;
    };
    // Watches (and passes on to Chromium) the page's call of pushManager.subscribe.
    await page.addInitScript(() => {
      const w = window as unknown as { subscribeKeys: string[] };
      w.subscribeKeys = [];
      const original = PushManager.prototype.subscribe;
      PushManager.prototype.subscribe = function (options) {
        const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
        w.subscribeKeys.push(
          btoa(String.fromCharCode(...key))
            .replace(/\+/g, '-')
            .replace(/\//g, '_')
            .replace(/=+$/, ''),
        );
        return original.call(this, options);
      };
    });
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    await context.grantPermissions(['notifications']);
    await signedInUser(page, 'en', 'pwa-push', { name: 'Ari' });
    await controlled(page);

    // Permission only after a click; then the subscription is asked for.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('open-push-settings').click();
    await page.getByTestId('push-toggle').click();
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { subscribeKeys: string[] }).subscribeKeys),
      )
      .toEqual([vapid.publicKey]);
    // Chromium subscribes through Google's push service, which this machine cannot reach:
    // the failure is a quiet state and a log line, never an error thrown at the page.
    await expect(page.getByTestId('push-state')).toContainText('could not be turned on');
    expect(logs.some((l) => l.startsWith('push: token-subscribe-failed'))).toBe(true);
    await page.keyboard.press('Escape');

    // What a push service hands the worker (DevTools delivers it as Chromium's push service
    // would): an image is ready, in the reader's language; it becomes a notification that
    // opens our page.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) =>
      registrations.push(...e.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((r) => r.scopeURL === `${baseURL}/`)).toBe(true);
    const registrationId = registrations.find((r) => r.scopeURL === `${baseURL}/`)!.registrationId;
    const message = {
      kind: 'image',
      title: 'Your image is ready',
      body: 'Tap to see it.',
      url: '/createimg',
      tag: 'image:',
      lang: 'en',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL!,
      registrationId,
      data: JSON.stringify(message),
    });
    const shown = () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return (await reg.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          dir: n.dir,
          lang: n.lang,
          data: n.data as unknown,
        }));
      });
    await expect.poll(shown).toEqual([
      {
        title: 'Your image is ready',
        body: 'Tap to see it.',
        dir: 'ltr',
        lang: 'en',
        data: { url: '/createimg' },
      },
    ]);
    const he = {
      ...message,
      title: 'התמונה שלך מוכנה',
      body: 'הקישו כדי לראות אותה.',
      lang: 'he',
      tag: 'he',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL!,
      registrationId,
      data: JSON.stringify(he),
    });
    await expect
      .poll(async () => (await shown()).map((n) => [n.title, n.dir]).sort())
      .toEqual([
        ['Your image is ready', 'ltr'],
        ['התמונה שלך מוכנה', 'rtl'],
      ]);
    // Not ours (no kind, or a path to another site): nothing is shown. A message of ours
    // after them says when the worker has handled them (one registration's pushes are
    // handled in order): by then only it has been added.
    for (const data of [
      'not json',
      JSON.stringify({ ...message, url: '//evil.example/x', tag: 'x' }),
      JSON.stringify({ ...message, title: 'Another image is ready', tag: 'after' }),
    ])
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseURL!,
        registrationId,
        data,
      });
    await expect
      .poll(async () => (await shown()).map((n) => [n.title, n.dir]).sort())
      .toEqual([
        ['Another image is ready', 'ltr'],
        ['Your image is ready', 'ltr'],
        ['התמונה שלך מוכנה', 'rtl'],
      ]);
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
