import { expect, test, type Page } from './csp-guard.ts';
import { createUser, PASSWORD } from './support.ts';

/**
 * The main flow by keyboard only (issue 38): sign in, open a character, send, open the
 * studio, save; after each step focus is where a keyboard user needs it, never on <body>.
 */

const active = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      testid: el?.getAttribute('data-testid') ?? '',
      id: el?.id ?? '',
      inMain: !!el?.closest('main'),
    };
  });

/** Presses Tab until `done` holds for the focused element; answers how many presses. */
async function tabUntil(page: Page, done: (a: Awaited<ReturnType<typeof active>>) => boolean) {
  for (let n = 1; n <= 30; n++) {
    await page.keyboard.press('Tab');
    if (done(await active(page))) return n;
  }
  throw new Error('not reached in 30 Tabs');
}

for (const lang of ['en'] as const) {
  test(`main flow by keyboard only; focus after each step (${lang})`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const email = await createUser(`kbd-${lang}`, { name: 'Dana', grant: 'canadd' });

    // Sign in: the e-mail field, then the password, by keyboard.
    await page.goto(`/login?lang=${lang}`);
    await page.getByTestId('login-email').focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await page.getByTestId('login-password-mode').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('login-password').focus();
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/main$/);
    await expect(page.locator('.character-card').first()).toBeVisible();
    // Focus is on the new screen's heading, not on <body>.
    await expect.poll(async () => (await active(page)).tag).toBe('h1');

    // The first card is at most 5 presses away (a skip link after the heading).
    const toCard = await tabUntil(
      page,
      (a) => a.testid === 'skip-characters' || a.testid === 'friend-card',
    );
    let presses = toCard;
    if ((await active(page)).testid !== 'friend-card') {
      await page.keyboard.press('Enter');
      presses++;
    }
    expect(presses).toBeLessThanOrEqual(5);
    expect((await active(page)).testid).toBe('friend-card');

    // Open the chat: focus lands in the message box (desktop) or on the heading.
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/chat\//);
    await expect(page.getByTestId('chat-input')).toBeVisible();
    await expect
      .poll(async () => {
        const a = await active(page);
        return a.testid === 'chat-input' || a.tag === 'h1' || a.id === 'main';
      })
      .toBe(true);

    // Send: focus stays in the input while the reply streams, and after.
    await page.getByTestId('chat-input').focus();
    await page.keyboard.type('slow hello');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-waiting')).toBeVisible();
    expect((await active(page)).testid).toBe('chat-input');
    await expect(page.getByTestId('chat-message').last()).toHaveAttribute('data-status', 'done', {
      timeout: 60_000,
    });
    expect((await active(page)).testid).toBe('chat-input');

    // Escape from the search dialog returns focus to its button.
    await page.getByTestId('chat-search-open').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-search-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('chat-search-dialog')).toBeHidden();
    await expect.poll(async () => (await active(page)).testid).toBe('chat-search-open');

    // Open the studio, fill the required fields, save: focus is never lost to <body>.
    await page.goto(`/createdit?lang=${lang}`);
    await expect(page.getByTestId('studio-name')).toBeVisible();
    await page.getByTestId('studio-id').focus();
    await page.keyboard.type(`kbd${Date.now().toString(36)}`);
    await page.getByTestId('studio-name').focus();
    await page.keyboard.type('Keyboard Kate');
    await page.getByTestId('studio-save').focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByTestId('studio-saved').or(page.getByTestId('studio-error')),
    ).toBeVisible();
    expect((await active(page)).tag).not.toBe('body');
  });
}
