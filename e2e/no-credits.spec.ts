import { expect, test, type Page } from './csp-guard.ts';
import { shot, signedInUser } from './support.ts';

/**
 * The chat's no-credits refusal (issue 38, defect 2): "/buy" is a link to the buy page that
 * reads left to right inside a Hebrew sentence, on a phone and on a desktop. The server's
 * refusal itself is tested over RPC (billing/credit-bounds.rpc.test.ts); here AskFriend is
 * answered with it word for word, since the e2e server's free allowance cannot be spent.
 */
const REFUSAL = {
  he: 'נגמרו הקרדיטים שלך לשיחות. אפשר לרכוש עוד בדף הרכישה: /buy',
  en: 'You have run out of conversation credits. You can buy more on the purchase page: /buy',
};

async function refused(
  page: Page,
  lang: 'he' | 'en',
  width: number,
  info: Parameters<typeof shot>[1],
) {
  await page.setViewportSize({ width, height: 800 });
  await signedInUser(page, lang, `no-credits-${lang}`);
  await page.route('**/api', async (route) => {
    const body = route.request().postDataJSON() as { action?: string } | null;
    if (body?.action !== 'AskFriend') return route.fallback();
    await route.fulfill({
      status: 402,
      contentType: 'application/json',
      body: JSON.stringify({ Error: 21, Errstr: REFUSAL[lang], buy: '/buy' }),
    });
  });
  await page.goto('/chat/holmes');
  await expect(page.getByTestId('chat-message').first()).toBeVisible();
  const input = page.getByTestId('chat-input');
  await expect(input).toBeEnabled();
  await input.fill(lang === 'he' ? 'שאלה' : 'A question');
  await input.press('Enter');
  const alert = page.getByTestId('chat-error');
  await expect(alert).toContainText(REFUSAL[lang].replace(' /buy', ''));
  const link = alert.getByRole('link', { name: '/buy' });
  await expect(link).toHaveAttribute('href', '/buy');
  await expect(link).toHaveAttribute('dir', 'ltr');
  // Drawn left to right: the slash is left of the word, in Hebrew too (not "buy/").
  const [slash, b] = await link.evaluate((el) => {
    const text = el.querySelector('bdi')!.firstChild!;
    const at = (i: number) => {
      const r = document.createRange();
      r.setStart(text, i);
      r.setEnd(text, i + 1);
      return r.getBoundingClientRect().left;
    };
    return [at(0), at(1)];
  });
  expect(slash).toBeLessThan(b);
  await shot(page, info, `no-credits-${lang}-${width}`);
  await link.click();
  await page.waitForURL(/\/buy$/);
}

test.describe('the no-credits refusal', () => {
  test('Hebrew, phone', async ({ page }, info) => refused(page, 'he', 390, info));
  test('Hebrew, desktop', async ({ page }, info) => refused(page, 'he', 1280, info));
  test('English, phone', async ({ page }, info) => refused(page, 'en', 390, info));
  test('English, desktop', async ({ page }, info) => refused(page, 'en', 1280, info));
});
