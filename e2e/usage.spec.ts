import { expect, test } from './csp-guard.ts';
import { admin, shot, signedInUser, signInWithPassword, uniqueEmail } from './support.ts';

/** The admin usage page (issue 15): what `npm run admin -- usage` prints, for admins only. */
test('an admin reads the usage statistics in he and en; anyone else is refused', async ({
  page,
}, info) => {
  // Two sign-ins through the admin CLI and eight screenshots, on a busy machine.
  test.setTimeout(300_000);
  await signedInUser(page, 'en', 'usage-admin', { name: 'Operator', usertype: 0 });
  // From the user menu, which only admins see it in.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-usage').click();
  await expect(page).toHaveURL(/\/usage$/);
  for (const lang of ['en', 'he'] as const) {
    await page.goto(`/usage?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
    // The operator's own sign-in and page views are counted today.
    await expect(page.getByTestId('usage-sign_in')).toContainText(/^[1-9]/);
    await expect(page.getByTestId('usage-max-active')).toContainText(/^[1-9]/);
    await expect(page.getByTestId('usage-chart-active').locator('svg').first()).toBeVisible();
    await expect(page.getByTestId('usage-chart-events').locator('svg').first()).toBeVisible();
    await expect(page.getByTestId('usage-pages')).toContainText('/main');
    await page
      .getByTestId('usage-period')
      .getByText(lang === 'he' ? '7 ימים' : '7 days')
      .click();
    await expect(page.getByTestId('usage-range')).toContainText(
      new Date().toISOString().slice(0, 10),
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, info, `usage-${lang}-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // A reader: no menu entry, and the page shows the server's refusal.
  await page.getByTestId('logout').click();
  await page.waitForURL(/\/home/);
  const reader = uniqueEmail('usage-reader');
  await admin('create-user', reader, '--name', 'Reader', '--password', 'usage pass 2');
  await signInWithPassword(page, reader, 'usage pass 2', 'he');
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('menu-usage')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/usage?lang=he');
  await expect(page.getByTestId('usage-error')).toContainText('רק מנהלי המערכת');
  await expect(page.getByTestId('usage-sign_in')).toHaveCount(0);
  await shot(page, info, 'usage-refused-he-1280');
});
