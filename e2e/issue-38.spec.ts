import { expect, test, type Page } from './csp-guard.ts';
import { shot, signInWithPassword, createUser, PASSWORD } from './support.ts';

/**
 * Issue 38's defects that only a real browser shows (layout and direction), with screenshots
 * in he and en at 390 and 1280 px.
 */

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Hebrew first, English last, longer than the top bar gives a name. */
const MIXED_NAME = 'קוראת ראשונה Anne Shirley';

const noSidewaysScroll = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);

for (const lang of ['he', 'en'] as const) {
  test(`the top bar's name is cut at its logical end, and the install button leaves it room (${lang})`, async ({
    browser,
  }, info) => {
    const email = await createUser(`name-${lang}`, { name: MIXED_NAME });
    for (const width of [390, 1280]) {
      // An iPhone's Safari gets the install button (our instructions), as the reader did.
      const context = await browser.newContext({
        userAgent: IPHONE,
        viewport: { width, height: 844 },
        isMobile: width < 768,
        hasTouch: width < 768,
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await signInWithPassword(page, email, PASSWORD, lang);
      await expect(page.getByTestId('install-app')).toBeVisible();
      const name = page.getByTestId('user-fullname');
      await expect(name).toBeVisible();
      await noSidewaysScroll(page);
      const shown = (await name.textContent()) ?? '';
      if (shown !== MIXED_NAME) {
        expect(shown.endsWith('…')).toBe(true);
        expect(MIXED_NAME.startsWith(shown.slice(0, -1))).toBe(true);
      }
      // More than "קו…": at least the first word.
      expect(shown.length).toBeGreaterThanOrEqual('קוראת'.length + 1);
      expect(await name.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
      await expect(page.getByTestId('user-menu')).toHaveAccessibleName(MIXED_NAME);
      await shot(page, info, `issue38-topbar-${lang}-${width}`);
      await context.close();
    }
  });
}
