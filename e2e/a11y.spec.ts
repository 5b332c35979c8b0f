import { writeFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from './csp-guard.ts';
import { createUser, signedInUser, uniqueEmail } from './support.ts';

/**
 * WCAG 2.2 AA on every screen (issue 38): axe-core scans each screen and each dialog in
 * Hebrew and English at 1280 and 390 px, and the test fails on any violation, naming the
 * rule and its first nodes. One signed-in user per language; the viewport is resized, not
 * a new user made per screen.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * Axe's heading rules are best practice, outside the WCAG tags: a screen has an h1, levels
 * go down one at a time, no heading is empty (issue 38). "Only one h1" is no axe rule; the
 * scan counts them itself.
 */
const HEADING_RULES = ['page-has-heading-one', 'heading-order', 'empty-heading'];
const WIDTHS = [1280, 390] as const;

interface Screen {
  name: string;
  path: string;
  /** What shows once the screen has loaded. */
  ready: (page: Page) => Locator;
  /** Opens a dialog on the loaded screen; the scan then covers it. */
  open?: (page: Page) => Promise<Locator>;
}

const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
/** Every scan's counts, attached to the test as a table (what was scanned, not only what failed). */
const tally: Record<string, unknown>[] = [];

const h1 = (page: Page) => page.locator('main h1').first();

async function scan(page: Page, where: string): Promise<string[]> {
  const rules = Object.fromEntries(HEADING_RULES.map((id) => [id, { enabled: true }]));
  const result = await new AxeBuilder({ page })
    .options({ runOnly: { type: 'tag', values: TAGS }, rules })
    .analyze();
  // The h1s a reader meets: rendered, and not hidden from assistive technology.
  const h1s = await page
    .locator('h1')
    .evaluateAll((els) =>
      els
        .filter((el) => el.checkVisibility() && !el.closest('[aria-hidden="true"], [inert]'))
        .map((el) => el.textContent?.trim() ?? ''),
    );
  tally.push({
    where,
    h1: h1s.length,
    ...Object.fromEntries(
      IMPACTS.map((i) => [i, result.violations.filter((v) => v.impact === i).length]),
    ),
    rules: result.violations.map((v) => v.id),
  });
  const oneH1 = h1s.length === 1 ? [] : [`${where}: ${h1s.length} h1 (${h1s.join(' | ')})`];
  return [
    ...oneH1,
    ...result.violations.map(
      (v) =>
        `${where}: ${v.id} (${v.impact}, ${v.nodes.length} nodes) ${v.help}\n` +
        v.nodes
          .slice(0, 3)
          .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').join(' ')}`)
          .join('\n'),
    ),
  ];
}

/** Scans each screen at each width; answers every violation found, by screen. */
async function scanAll(page: Page, lang: 'he' | 'en', screens: Screen[]): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    for (const s of screens) {
      await page.goto(`${s.path}${s.path.includes('?') ? '&' : '?'}lang=${lang}`);
      await expect(s.ready(page)).toBeVisible();
      // Every screen has its h1; some (the chat's) come with their data, after the controls.
      await expect(h1(page), `${s.name}: the screen's h1`).toBeVisible();
      // Mantine's transitions end before colours are measured.
      await page.evaluate(() => document.fonts.ready);
      found.push(...(await scan(page, `${s.name} ${lang} ${width}`)));
      if (s.open) {
        await expect(await s.open(page)).toBeVisible();
        found.push(...(await scan(page, `${s.name}+dialog ${lang} ${width}`)));
      }
    }
  }
  return found;
}

function visitorScreens(known: string): Screen[] {
  const emailStep = (email: string) => async (p: Page) => {
    await p.getByTestId('login-email').fill(email);
    await p.getByTestId('login-send').click();
  };
  return [
    { name: 'home', path: '/home', ready: (p) => p.getByTestId('login-email') },
    { name: 'home/friend', path: '/home/holmes', ready: (p) => p.getByTestId('login-email') },
    { name: 'login', path: '/login', ready: (p) => p.getByTestId('login-email') },
    {
      name: 'login/password',
      path: '/login',
      ready: (p) => p.getByTestId('login-email'),
      open: async (p) => {
        await emailStep(known)(p);
        await p.getByTestId('login-password-mode').click();
        return p.getByTestId('login-password');
      },
    },
    {
      name: 'login/register',
      path: '/login',
      ready: (p) => p.getByTestId('login-email'),
      open: async (p) => {
        await emailStep(uniqueEmail('a11y-new'))(p);
        return p.getByTestId('login-fullname');
      },
    },
  ];
}

function signedInScreens(email: string): Screen[] {
  const chatReady = (p: Page) => p.getByTestId('chat-input');
  return [
    { name: 'main', path: '/main', ready: (p) => p.locator('.character-card').first() },
    { name: 'chat', path: '/chat/holmes', ready: chatReady },
    {
      name: 'chat search',
      path: '/chat/holmes',
      ready: chatReady,
      open: async (p) => {
        await p.getByTestId('chat-search-open').click();
        return p.getByTestId('chat-search-dialog');
      },
    },
    {
      name: 'chat details',
      path: '/chat/holmes',
      ready: chatReady,
      open: async (p) => {
        if (!(await p.getByTestId('details-open').isVisible())) {
          await p.getByTestId('chat-panel-open').click();
        }
        await p.getByTestId('details-open').click();
        return p.getByRole('dialog');
      },
    },
    { name: 'minchat', path: '/minchat/holmes', ready: chatReady },
    { name: 'studio new', path: '/createdit', ready: (p) => p.getByTestId('studio-name') },
    {
      name: 'studio help',
      path: '/createdit',
      ready: (p) => p.getByTestId('studio-name'),
      open: async (p) => {
        await p.getByTestId('help-button').first().click();
        return p.getByTestId('help-dialog');
      },
    },
    { name: 'studio edit', path: '/createdit/holmes', ready: (p) => p.getByTestId('studio-name') },
    { name: 'create image', path: '/createimg', ready: (p) => p.getByTestId('createimg-screen') },
    { name: 'group chat', path: '/multichat', ready: (p) => p.getByTestId('group-input') },
    { name: 'history', path: '/chathistory', ready: (p) => p.getByTestId('history-show') },
    {
      name: 'history/user',
      path: `/chathistory/holmes/${email}`,
      ready: (p) => p.getByTestId('history-conversation'),
    },
    { name: 'stats', path: '/stat/holmes', ready: (p) => p.getByTestId('stats-screen') },
    { name: 'usage', path: '/usage', ready: (p) => p.getByTestId('usage-screen') },
    { name: 'account', path: '/edituser', ready: (p) => p.getByTestId('profile-update') },
    { name: 'subscription', path: '/subscription', ready: h1 },
    { name: 'buy', path: '/buy', ready: h1 },
    { name: 'assistant', path: '/assistant', ready: h1 },
  ];
}

async function report(found: string[]) {
  // Kept beside the test's results, passed or failed: the figures of the run.
  const path = test.info().outputPath('axe-tally.json');
  await writeFile(path, JSON.stringify(tally.splice(0), null, 1));
  await test.info().attach('axe-tally.json', { path, contentType: 'application/json' });
  expect(found, `axe-core violations:\n${found.join('\n')}`).toEqual([]);
}

for (const lang of ['he', 'en'] as const) {
  test(`no axe violations on the visitor's screens (${lang})`, async ({ page }) => {
    test.setTimeout(300_000);
    await report(await scanAll(page, lang, visitorScreens(await createUser(`a11y-known-${lang}`))));
  });

  test(`no axe violations on the signed-in screens and dialogs (${lang})`, async ({ page }) => {
    // A bound, not a wait: some 40 scans on a shared machine.
    test.setTimeout(900_000);
    const email = await signedInUser(page, lang, `a11y-${lang}`, {
      name: lang === 'he' ? 'דנה' : 'Dana',
      // Privilege 0 opens the history viewer too.
      usertype: 0,
      grant: 'canadd,imgedit,globalpriv',
    });
    await report(await scanAll(page, lang, signedInScreens(email)));
  });
}
