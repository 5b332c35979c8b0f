import { test as base, expect } from '@playwright/test';

export { expect };
export type { Browser, Locator, Page } from '@playwright/test';

/** What the browser says when a page breaks its Content-Security-Policy. */
export const CSP_MESSAGE = /Content Security Policy|CSP violation/i;

/**
 * Every browser test also checks the Content-Security-Policy: a page that has something
 * blocked by it (an inline script, a style, an image from an origin not allowed) fails the
 * test, so a change that needs a wider policy is noticed instead of silently half-working.
 */
export const test = base.extend<{ cspGuard: string[] }>({
  cspGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI}`);
        });
      });
      context.on('console', (m) => {
        if (m.type() === 'error' && CSP_MESSAGE.test(m.text())) violations.push(m.text());
      });
      await use(violations);
      expect(violations, 'the page broke its Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
});
