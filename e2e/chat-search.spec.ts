import { expect, test, type Page } from './csp-guard.ts';
import { shot, signedInUser } from './support.ts';

/**
 * Search across the subjects of a conversation (issue 16): the reader's words are found in
 * another subject, and choosing the hit opens that subject at the message, marked. Hebrew
 * words are found without their prefixes ("פנס" finds "הפנס").
 */

async function signIn(page: Page, lang: 'he' | 'en') {
  await signedInUser(page, lang, `search-${lang}`, { name: lang === 'he' ? 'דנה' : 'Dana' });
}

const last = (page: Page) => page.getByTestId('chat-message').last();

async function send(page: Page, text: string) {
  const input = page.getByTestId('chat-input');
  await input.fill(text);
  await input.press('Enter');
  await expect(last(page)).toContainText(text);
  await expect(last(page)).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(input).toBeVisible();
}

for (const lang of ['he', 'en'] as const) {
  test(`search every subject and jump to the hit (${lang})`, async ({ page }, info) => {
    const t = {
      he: { said: 'הפנס נמצא בגינה', other: 'נושא אחר', q: 'פנס', word: 'הפנס', tea: 'שעת תה' },
      en: {
        said: 'The lantern is in the garden',
        other: 'Another subject',
        q: 'lantern',
        word: 'lantern',
        tea: 'Tea time',
      },
    }[lang];
    // A bound, not a wait: the shared machine can be very slow to open the chat.
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, lang);
    await page.goto('/chat/holmes');
    await expect(page.getByTestId('chat-input')).toBeEnabled({ timeout: 60_000 });
    await expect(last(page)).toHaveAttribute('data-status', 'done');
    const first = (await page.getByTestId('chat-subject').innerText()).trim();
    await send(page, t.said);

    // Another subject, with other words.
    await page.getByTestId('subject-new').click();
    await page.getByTestId('subject-new-input').fill(t.other);
    await page.getByTestId('subject-new-input').press('Enter');
    await expect(page.getByTestId('chat-subject')).toHaveText(t.other);
    await expect(page.getByTestId('chat-input')).toBeEnabled();
    await send(page, t.tea);

    // Nothing found says so.
    await page.getByTestId('chat-search-open').click();
    const input = page.getByTestId('chat-search-input');
    await input.fill('zzqqxx');
    await expect(page.getByTestId('chat-search-none')).toBeVisible();

    // The question (and the echoing answer) in the first subject, the word marked.
    await input.fill(t.q);
    const hits = page.getByTestId('chat-search-hit');
    await expect(hits).toHaveCount(2);
    const mine = hits.last();
    await expect(mine.locator('mark').first()).toHaveText(t.word);
    await expect(mine).toContainText(first);
    await shot(page, info, `search-${lang}-1280-results`);
    const id = await mine.getAttribute('data-id');
    await mine.click();

    await expect(page.getByTestId('chat-search-dialog')).toBeHidden();
    await expect(page.getByTestId('chat-subject')).toHaveText(first);
    const row = page.locator(`[data-message-id="${id}"]`);
    await expect(row).toHaveClass(/chat-list__row--hit/);
    await expect(row).toBeInViewport();
    await expect(row).toContainText(t.said);
    await shot(page, info, `search-${lang}-1280-jumped`);

    // On a phone: the search sits in the header, the dialog takes the screen.
    await page.getByTestId('subject-item').filter({ hasText: t.other }).click();
    await expect(page.getByTestId('chat-subject')).toHaveText(t.other);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('chat-search-open').click();
    await page.getByTestId('chat-search-input').fill(t.q);
    await expect(hits).toHaveCount(2);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
    ).toBe(true);
    await shot(page, info, `search-${lang}-390-results`);
    await hits.last().click();
    await expect(page.getByTestId('chat-subject')).toHaveText(first);
    await expect(row).toHaveClass(/chat-list__row--hit/);
    await expect(row).toBeInViewport();
    await shot(page, info, `search-${lang}-390-jumped`);
  });
}
