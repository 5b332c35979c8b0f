import { expect, test, type Locator, type Page } from './csp-guard.ts';
import { createUser, PASSWORD, shot } from './support.ts';
import { en } from '../src/web/shared/i18n/locales/en.ts';
import { he } from '../src/web/shared/i18n/locales/he.ts';

/**
 * The main flow by keyboard only (issue 38): sign in, open a character, send, search, open
 * the studio, save. Every step is keys (Tab, Shift+Tab, Enter, Escape, typing); where the
 * keyboard lands is asserted stop by stop, in the order a keyboard user meets, never on
 * <body>. Hebrew and English, at 1280 px; the phone's way to the message box at 390 px.
 */

const WORDS = { he, en } as const;

interface Focus {
  tag: string;
  testid: string;
  id: string;
  text: string;
}

const focused = (page: Page): Promise<Focus> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      testid: el?.getAttribute('data-testid') ?? '',
      id: el?.id ?? '',
      text: el?.textContent?.trim() ?? '',
    };
  });

/** Where the keyboard is, in a few words (for the assertion's message). */
const where = (f: Focus) => `${f.tag}${f.testid ? `[${f.testid}]` : ''} "${f.text.slice(0, 40)}"`;

/** Presses `key` and expects the focus on the element with this test id. */
async function press(page: Page, key: string, testid: string) {
  await page.keyboard.press(key);
  await expect.poll(async () => (await focused(page)).testid, { message: key }).toBe(testid);
}

/** Expects the focus on the screen's h1 with this text (where a route change leaves it). */
async function onHeading(page: Page, text?: string) {
  await expect
    .poll(async () => {
      const f = await focused(page);
      return f.tag === 'h1' && (text === undefined || f.text === text) ? 'h1' : where(f);
    })
    .toBe('h1');
}

/**
 * Presses `key` until the focus is on `target` (a test id or a locator; a field further down a long form, where the
 * exact count is the form's business, not this test's); fails past `max` presses.
 */
async function pressUntil(page: Page, key: string, target: string | Locator, max: number) {
  const seen: string[] = [];
  const reached = async (f: Focus) =>
    typeof target === 'string'
      ? f.testid === target
      : target.evaluate((el) => el === document.activeElement);
  for (let n = 1; n <= max; n++) {
    await page.keyboard.press(key);
    const f = await focused(page);
    expect(f.tag, `${key} ×${n} fell to <body> after ${seen.join(' → ')}`).not.toBe('body');
    if (await reached(f)) return n;
    seen.push(where(f));
  }
  throw new Error(`${String(target)} not reached in ${max} × ${key}: ${seen.join(' → ')}`);
}

for (const lang of ['he', 'en'] as const) {
  const w = WORDS[lang];

  test(`main flow by keyboard only; focus after each step (${lang})`, async ({ page }, info) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const name = lang === 'he' ? 'דנה' : 'Dana';
    const email = await createUser(`kbd-${lang}`, { name, grant: 'canadd' });

    // First load of the sign-in screen: the skip link is the first stop, and leads to the
    // heading; the e-mail field is the next stop after it (3 presses, not 5).
    await page.goto(`/login?lang=${lang}`);
    await expect(page.getByTestId('login-email')).toBeVisible();
    await press(page, 'Tab', 'skip-content');
    await shot(page, info, `keyboard-${lang}-1280-skip-content`);
    await page.keyboard.press('Enter');
    await onHeading(page, w.login.title);
    await press(page, 'Tab', 'login-email');
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    // A known address: the two ways in, in order; the keyboard stays in the field meanwhile.
    await expect(page.getByTestId('login-password-mode')).toBeVisible();
    expect((await focused(page)).testid).toBe('login-email');
    await press(page, 'Tab', 'login-send-link');
    await press(page, 'Tab', 'login-password-mode');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).testid).toBe('login-password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');

    // Signed in: the characters' heading has the keyboard; the skip link is the next stop and
    // the first card the one after: two presses, past the tools and every category.
    await page.waitForURL(/\/main$/);
    await expect(page.getByTestId('friend-card').first()).toBeVisible();
    await onHeading(page, w.main.title);
    await press(page, 'Tab', 'skip-characters');
    await expect(page.getByTestId('skip-characters')).toHaveText(w.shell.skipToCharacters);
    await shot(page, info, `keyboard-${lang}-1280-skip-characters`);
    await page.keyboard.press('Enter');
    const first = page.getByTestId('friend-card').first();
    await expect(first).toBeFocused();
    const friendid = await first.getAttribute('data-friendid');
    // The link's name ends with its action, said but not shown (a 1 px clipped box).
    const action = first.getByText(w.main.openChatAction);
    expect((await action.boundingBox())!.height).toBeLessThanOrEqual(1);
    await shot(page, info, `keyboard-${lang}-1280-first-card`);
    // Without the skip link, Tab goes on to the next card.
    await press(page, 'Tab', 'friend-card');
    await expect(page.getByTestId('friend-card').nth(1)).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(first).toBeFocused();

    // Open the chat: on a desktop the message box has the keyboard.
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/chat/${friendid}$`));
    await expect.poll(async () => (await focused(page)).testid).toBe('chat-input');

    // Send: the box keeps the keyboard (read-only) while the reply streams, and after.
    await page.keyboard.type(lang === 'he' ? 'לאט שלום' : 'slow hello');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-waiting')).toBeVisible();
    await expect(page.getByTestId('chat-input')).toHaveAttribute('readonly', '');
    expect((await focused(page)).testid).toBe('chat-input');
    await shot(page, info, `keyboard-${lang}-1280-chat-streaming`);
    await expect(page.getByTestId('chat-message').last()).toHaveAttribute('data-status', 'done', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('chat-input')).not.toHaveAttribute('readonly', '');
    expect((await focused(page)).testid).toBe('chat-input');

    // Back through the messages' tools to the search button; Escape from its dialog returns
    // the keyboard to the button.
    await pressUntil(page, 'Shift+Tab', 'chat-search-open', 30);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-search-dialog')).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(
          () => !!document.activeElement?.closest('[data-testid="chat-search-dialog"]'),
        ),
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('chat-search-dialog')).toBeHidden();
    await expect.poll(async () => (await focused(page)).testid).toBe('chat-search-open');
    await shot(page, info, `keyboard-${lang}-1280-search-returned`);

    // Back to the characters (the panel's link), then the studio from their tools: the
    // heading, the skip link, then the add button.
    await pressUntil(page, 'Shift+Tab', 'chat-back', 30);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/main$/);
    await onHeading(page, w.main.title);
    await press(page, 'Tab', 'skip-characters');
    await press(page, 'Tab', 'add-character');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/createdit$/);
    await onHeading(page);

    // The required fields and save, by keys (the picture through the file chooser its
    // button opens): the saved character's screen opens, the keyboard on its heading.
    await pressUntil(page, 'Tab', 'studio-id', 20);
    // The e-mail's own letters and digits: an identifier no other run has.
    const newId = email.split('@')[0]!.replace(/[^A-Za-z0-9]/g, '');
    await page.keyboard.type(newId);
    await expect(page.getByTestId('studio-id-message')).toHaveAttribute('data-status', 'unique');
    await pressUntil(page, 'Tab', 'studio-name', 5);
    await page.keyboard.type(lang === 'he' ? 'קטי מקלדת' : 'Keyboard Kate');
    await pressUntil(page, 'Tab', page.getByRole('button', { name: w.studio.image.upload }), 5);
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (
      await chooser
    ).setFiles({
      name: 'face.png',
      mimeType: 'image/png',
      buffer: await page.screenshot({ clip: { x: 0, y: 0, width: 96, height: 96 } }),
    });
    await expect(page.getByTestId('studio-image').locator('img')).toHaveAttribute(
      'src',
      /^\/files\/images\//,
    );
    await pressUntil(page, 'Tab', 'studio-personality', 40);
    await page.keyboard.type(lang === 'he' ? 'את עונה רק במקלדת.' : 'You answer by keyboard only.');
    await pressUntil(page, 'Tab', 'studio-firstprompt', 5);
    await page.keyboard.type(lang === 'he' ? 'שלום!' : 'Hello!');
    await pressUntil(page, 'Shift+Tab', 'studio-save', 60);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/createdit/${newId}$`));
    await expect(page.getByTestId('studio-saved')).toHaveText(w.studio.saved);
    await onHeading(page);
  });

  test(`on a phone the message box is two presses past the chat's heading (${lang})`, async ({
    page,
  }, info) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const email = await createUser(`kbd-phone-${lang}`, { name: 'Dana' });
    await page.goto(`/login?lang=${lang}`);
    await expect(page.getByTestId('login-email')).toBeVisible();
    await press(page, 'Tab', 'skip-content');
    await shot(page, info, `keyboard-${lang}-390-skip-content`);
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-send').click();
    await page.getByTestId('login-password-mode').click();
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-password').press('Enter');
    await page.waitForURL(/\/main$/);

    // Into a chat by keyboard: the heading, then the skip link, then the box (a phone does
    // not focus the box itself: it would open the on-screen keyboard).
    await onHeading(page, w.main.title);
    await press(page, 'Tab', 'skip-characters');
    await shot(page, info, `keyboard-${lang}-390-skip-characters`);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('friend-card').first()).toBeFocused();
    await shot(page, info, `keyboard-${lang}-390-first-card`);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/chat\//);
    await expect(page.getByTestId('chat-message').first()).toBeVisible();
    await onHeading(page);
    await press(page, 'Tab', 'skip-chat-input');
    await expect(page.getByTestId('skip-chat-input')).toHaveText(w.shell.skipToChatInput);
    await shot(page, info, `keyboard-${lang}-390-skip-chat-input`);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-input')).toBeFocused();
    await shot(page, info, `keyboard-${lang}-390-chat-input`);

    // A fresh load of the chat: skip to the content (the heading), then on as above: four.
    await page.reload();
    await expect(page.getByTestId('chat-message').first()).toBeVisible();
    await press(page, 'Tab', 'skip-content');
    await page.keyboard.press('Enter');
    await onHeading(page);
    await press(page, 'Tab', 'skip-chat-input');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-input')).toBeFocused();
  });
}
