import { expect, test } from './csp-guard.ts';
import { shot, signedInUser } from './support.ts';

test.describe('character list and language', () => {
  test('a reader sees the library in the UI language and can filter by category', async ({
    page,
  }) => {
    await signedInUser(page, 'he', 'reader', { name: 'Reader' });

    const cards = page.getByTestId('friend-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.locator('[data-testid="friend-card"][data-friendid="holmes"]')).toContainText(
      'שרלוק הולמס',
    );
    await expect(page.locator('[data-testid="friend-card"][data-friendid="holmesen"]')).toHaveCount(
      0,
    );
    await expect(
      page.locator('[data-testid="friend-card"][data-friendid="sharoneditor"]'),
    ).toHaveCount(0);
    // No canadd, no imgedit: the buy-subscription button, not the creator buttons.
    await expect(page.getByTestId('buy-subscription')).toBeVisible();
    await expect(page.getByTestId('add-character')).toHaveCount(0);
    await expect(page.getByTestId('show-all')).toHaveCount(0);

    const total = await cards.count();
    await page.getByTestId('category-button').filter({ hasText: 'מתח ובלשות' }).click();
    await expect(
      page.locator('[data-testid="friend-card"][data-friendid="pinocchio"]'),
    ).toHaveCount(0);
    await expect(page.locator('[data-testid="friend-card"][data-friendid="holmes"]')).toBeVisible();
    expect(await cards.count()).toBeLessThan(total);

    // Switch to English: direction flips, the list shows the English library.
    await page.getByTestId('lang-en').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.locator('[data-testid="friend-card"][data-friendid="holmesen"]'),
    ).toContainText('Sherlock Holmes');
    await page.getByTestId('lang-he').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('a creator with every flag sees add, create-image, show-all and the editor', async ({
    page,
  }) => {
    await signedInUser(page, 'en', 'creator', {
      name: 'Creator',
      grant: 'canadd,imgedit,globalpriv',
    });
    await expect(page.getByTestId('add-character')).toBeVisible();
    await expect(page.getByTestId('create-image')).toBeVisible();
    await expect(page.getByTestId('show-all')).toBeVisible();
    await expect(page.getByTestId('buy-subscription')).toHaveCount(0);
    // In English, Sharon's English record (sharoneditoren), like every helper's.
    await expect(
      page.locator('[data-testid="friend-card"][data-friendid="sharoneditoren"]'),
    ).toContainText('Sharon the editor');
  });

  for (const lang of ['he', 'en'] as const) {
    for (const width of [1280, 390]) {
      test(`screenshots of home, login and main in ${lang} at ${width}px`, async ({
        page,
      }, info) => {
        await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
        await page.goto(`/home?lang=${lang}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByTestId('login-email')).toBeAttached();
        await page.waitForLoadState('networkidle');
        await shot(page, info, `home-${lang}-${width}`);

        await page.goto(`/home/holmes?lang=${lang}`);
        await page.waitForLoadState('networkidle');
        await shot(page, info, `home-friend-${lang}-${width}`);

        await page.goto(`/login?lang=${lang}`);
        await expect(page.getByTestId('login-email')).toBeVisible();
        await shot(page, info, `login-${lang}-${width}`);

        await signedInUser(page, lang, `shot-${lang}-${width}`, {
          name: lang === 'he' ? 'מיכל כהן' : 'Michal Cohen',
          grant: 'canadd',
        });
        await expect(page.getByTestId('friend-card').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await shot(page, info, `main-${lang}-${width}`);
      });
    }
  }
});
