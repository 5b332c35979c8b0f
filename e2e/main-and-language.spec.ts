import { expect, test, type Page } from './csp-guard.ts';
import { admin, shot, uniqueEmail } from './support.ts';

async function signInWithPassword(page: Page, email: string, password: string, lang: 'he' | 'en') {
  await page.goto(`/login?lang=${lang}`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-send').click();
  await page.getByTestId('login-password-mode').click();
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-connect').click();
  await expect(page).toHaveURL(/\/main$/);
}

test.describe('character list and language', () => {
  test('a reader sees the library in the UI language and can filter by category', async ({
    page,
  }) => {
    const email = uniqueEmail('reader');
    await admin('create-user', email, '--name', 'Reader', '--password', 'reader pass 1');
    await signInWithPassword(page, email, 'reader pass 1', 'he');

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
    const email = uniqueEmail('creator');
    await admin(
      'create-user',
      email,
      '--name',
      'Creator',
      '--password',
      'creator pass 1',
      '--grant',
      'canadd,imgedit,globalpriv',
    );
    await signInWithPassword(page, email, 'creator pass 1', 'en');
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

        const email = uniqueEmail(`shot-${lang}-${width}`);
        await admin(
          'create-user',
          email,
          '--name',
          lang === 'he' ? 'מיכל כהן' : 'Michal Cohen',
          '--password',
          'screen pass 1',
          '--grant',
          'canadd',
        );
        await signInWithPassword(page, email, 'screen pass 1', lang);
        await expect(page.getByTestId('friend-card').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await shot(page, info, `main-${lang}-${width}`);
      });
    }
  }
});
