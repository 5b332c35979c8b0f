import { expect, test, type Page } from './csp-guard.ts';
import { shot, signedInUser } from './support.ts';

/**
 * The sandbox purchase from end to end, as a reader does it: profile → buy → the test
 * payment page inside the frame → success → thank-you → the credits in the profile. Once in
 * Hebrew at 1280 px and once in English at 390 px, with screenshots of each screen.
 */
async function purchase(
  page: Page,
  lang: 'he' | 'en',
  width: number,
  info: Parameters<typeof shot>[1],
) {
  await page.setViewportSize({ width, height: 900 });
  const email = await signedInUser(page, lang, `buyer-${lang}`, {
    name: lang === 'he' ? 'דנה קוראת' : 'Dana Reader',
  });

  await page.goto('/edituser');
  const credits = page.getByTestId('credits');
  await expect(credits).toHaveText(/^\d[\d,]*$/);
  const before = Number((await credits.textContent())!.replace(/,/g, ''));
  await expect(page.getByTestId('no-orders')).toBeVisible();
  await shot(page, info, `billing-profile-empty-${lang}-${width}`);

  await page.getByTestId('buy-credits').click();
  await expect(page).toHaveURL(/\/buy$/);
  await expect(page.getByTestId('sandbox-note')).toBeVisible();
  const small = page.locator('[data-testid^="type-"]').first();
  await expect(small.getByTestId('price')).toContainText('₪');
  await shot(page, info, `billing-buy-${lang}-${width}`);
  await small.getByTestId('buy').click();

  const frame = page.frameLocator('[data-testid="payment-frame"]');
  await expect(frame.getByTestId('sandbox-banner')).toBeVisible();
  await shot(page, info, `billing-frame-${lang}-${width}`);
  await frame
    .getByRole('button', { name: lang === 'he' ? 'תשלום מוצלח' : 'Successful payment' })
    .click();

  await expect(page).toHaveURL(/\/buy\/\d+$/);
  await expect(page.getByTestId('buy-thanks')).toBeVisible();
  const order = page.url().split('/').pop()!;
  await expect(page.getByTestId('order-number')).toContainText(order);
  await expect(page.getByTestId('invoice-link')).toHaveAttribute(
    'href',
    `/api/payment/invoice?order=${order}`,
  );
  await shot(page, info, `billing-thanks-${lang}-${width}`);

  await page.goto('/edituser');
  await expect(page.getByTestId('credits')).toHaveText((before + 2000).toLocaleString('en-US'));
  await expect(page.getByTestId(`order-${order}`)).toBeVisible();
  await shot(page, info, `billing-profile-paid-${lang}-${width}`);

  // The invoice opens for its buyer.
  const invoice = await page.request.get(`/api/payment/invoice?order=${order}&lang=${lang}`);
  expect(invoice.status()).toBe(200);
  expect(await invoice.text()).toContain(email);
}

test.describe('purchases with the sandbox', () => {
  // The whole purchase, twice over, with full-page screenshots on a shared, busy machine.
  test.describe.configure({ timeout: 180_000 });
  test('Hebrew, desktop: buy credits and see them in the profile', async ({ page }, info) => {
    await purchase(page, 'he', 1280, info);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('English, phone: buy credits; a cancelled payment says so', async ({ page }, info) => {
    await purchase(page, 'en', 390, info);
    await page.goto('/subscription/cancel');
    await expect(page.getByTestId('subscription-alert')).toHaveText('Payment cancelled');
    await shot(page, info, 'billing-subscription-cancel-en-390');
  });
});
