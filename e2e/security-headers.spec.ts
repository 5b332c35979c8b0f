import { expect, test } from './csp-guard.ts';

test('the app runs under its Content-Security-Policy; assets come compressed and immutable', async ({
  page,
}) => {
  const response = await page.goto('/');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-request-id']).toBeTruthy();
  // The app itself starts: its script is ours and its styles are allowed.
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.getByRole('button').first()).toBeVisible();

  const src = await page.locator('script[type="module"]').first().getAttribute('src');
  const asset = await page.request.get(src!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['cache-control']).toContain('immutable');
});

test('a violation is blocked and seen by the guard every browser test carries', async ({
  page,
  cspGuard,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button').first()).toBeVisible();
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.appendChild(s);
  });
  await expect.poll(() => cspGuard.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeFalsy();
  // Broken on purpose here: clear it so the guard lets this one test pass.
  cspGuard.length = 0;
});
