import { createHash } from 'node:crypto';
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
  /**
   * Each test is a reader of its own address (a documentation prefix, 2001:db8::/32, which
   * no country owns), given as a proxy would give it (the server runs with TRUST_PROXY):
   * the per-address sign-in limits then count one test's sign-ins, as they would count one
   * reader's, instead of a whole run's from 127.0.0.1. Contexts a test opens itself take it
   * too.
   */
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function destructures.
  extraHTTPHeaders: async ({}, use, info) => {
    const n = createHash('sha256').update(`${info.testId}:${info.retry}`).digest();
    const address = `2001:db8:${n.readUInt16BE(0).toString(16)}:${n.readUInt16BE(2).toString(16)}::1`;
    await use({ 'X-Forwarded-For': address });
  },
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
