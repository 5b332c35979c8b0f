import { expect, test } from './csp-guard.ts';
import { admin, linkFromOutbox, signInWithPassword, uniqueEmail } from './support.ts';

test.describe('sign-in', () => {
  test('first-time registration, then the e-mailed link signs in', async ({ page }) => {
    const email = uniqueEmail('first');
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-send').click();
    // Error 10: first time here, the form asks for a full name.
    await expect(page.getByTestId('login-fullname')).toBeVisible();
    await expect(page.getByTestId('login-note')).toContainText('הפעם הראשונה');
    await page.getByTestId('login-fullname').fill('נועה לוי');
    const before = Date.now() - 1000;
    await page.getByTestId('login-register').click();
    await expect(page.getByTestId('login-note')).toBeVisible();

    const link = await linkFromOutbox(email, before);
    await page.goto(link);
    await expect(page).toHaveURL(/\/main$/);
    await expect(page.getByTestId('user-fullname')).toHaveText('נועה לוי');
    await expect(page.getByTestId('friend-card').first()).toBeVisible();

    // The link was single use.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(new URL(link).pathname);
    await expect(page).toHaveURL(/\/home/);
  });

  test('a returning user asks for a link from the buttons step', async ({ page }) => {
    const email = uniqueEmail('link');
    await admin('create-user', email, '--name', 'Link Reader');
    await page.goto('/login?lang=en');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-send').click();
    await expect(page.getByTestId('login-send-link')).toBeVisible();
    const before = Date.now() - 1000;
    await page.getByTestId('login-send-link').click();
    await expect(page.getByTestId('login-note')).toBeVisible();
    await page.goto(await linkFromOutbox(email, before));
    await expect(page).toHaveURL(/\/main$/);
    await expect(page.getByTestId('user-fullname')).toHaveText('Link Reader');
  });

  test('password sign-in, wrong password message, then logout clears everything', async ({
    page,
  }) => {
    const email = uniqueEmail('pw');
    await admin('create-user', email, '--name', 'Dana Reader', '--password', 'open sesame 1');
    await page.goto('/login?lang=en');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-send').click();
    await page.getByTestId('login-password-mode').click();
    await page.getByTestId('login-password').fill('not the password');
    await page.getByTestId('login-connect').click();
    await expect(page.getByTestId('login-error')).toContainText(/wrong password/i);

    await page.getByTestId('login-password').fill('open sesame 1');
    await page.getByTestId('login-connect').click();
    await expect(page).toHaveURL(/\/main$/);
    await expect(page.getByTestId('user-fullname')).toHaveText('Dana Reader');

    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/home/);
    expect(await page.evaluate(() => localStorage.getItem('email'))).toBeNull();
    // The session is gone on the server too: a protected page sends us home.
    await page.goto('/main');
    await expect(page).toHaveURL(/\/home/);
  });

  test('a signed-out visitor on a protected page goes home', async ({ page }) => {
    await page.goto('/main');
    await expect(page).toHaveURL(/\/home/);
    await expect(page.getByTestId('login-email')).toBeVisible();
  });

  test("a visitor's chat link shows its character, and sign-in opens that chat", async ({
    page,
  }) => {
    const email = uniqueEmail('link-visitor');
    await admin('create-user', email, '--name', 'Link Visitor', '--password', 'open sesame 1');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/chat/holmesen?lang=en');
    await expect(page).toHaveURL(/\/home\/holmesen$/);
    await expect(page.getByTestId('home-friend')).toContainText('Sherlock Holmes');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-send').click();
    await page.getByTestId('login-password-mode').click();
    await page.getByTestId('login-password').fill('open sesame 1');
    await page.getByTestId('login-connect').click();
    await expect(page).toHaveURL(/\/chat\/holmesen$/);
  });

  test('/main/{email}/{token} signs a fresh browser in once, with a one-time link', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('picker');
    await admin('create-user', email, '--name', 'Picker Reader', '--password', 'open sesame 2');
    await signInWithPassword(page, email, 'open sesame 2', 'en');
    const made = await page.evaluate(async () => {
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const res = await fetch('/api', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: JSON.stringify({ action: 'CreateMainLink' }),
      });
      return (await res.json()) as { Error: number; url: string };
    });
    expect(made.Error).toBe(0);
    const path = new URL(made.url).pathname;

    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await other.goto(path);
    await expect(other).toHaveURL(/\/main$/);
    await expect(other.getByTestId('user-fullname')).toHaveText('Picker Reader');
    await fresh.close();

    // Used up: a second fresh browser stays signed out.
    const second = await browser.newContext();
    const again = await second.newPage();
    await again.goto(path);
    await expect(again).toHaveURL(/\/home/);
    await second.close();
  });
});
