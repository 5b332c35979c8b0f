import { expect, test } from './csp-guard.ts';
import { shot, signedInUser } from './support.ts';

/**
 * A character drafted from a book (issue 36), against the fake model: "New character from a
 * book" on /createdit, the characters listed, one drafted beside the form, a field accepted
 * into the form with its sources open; at 1280 and 390 px, in Hebrew and English.
 */

const BOOK = {
  en: [
    'Chapter 1',
    '“I dearly love a laugh,” said Elizabeth to her sister.',
    '“I am not fond of dancing,” said Darcy by the window.',
    // A Hebrew name in an English book: the list and the draft read it in its own direction.
    '“שלום,” said אברהם at the gate.',
    'Chapter 2',
    '“Follies do divert me,” said Elizabeth, and walked three miles to Netherfield.',
  ].join('\n\n'),
  he: [
    'פרק 1',
    '"אני אוהבת לצחוק," אמרה רחל לאחותה.',
    '"הצאן צמא," אמר יעקב ליד הבאר.',
    // An English name in a Hebrew book.
    '"Shalom," אמר John ליד השער.',
    'פרק 2',
    '"שבע שנים אחכה," אמרה רחל, והלכה אל הבאר.',
  ].join('\n\n'),
};
/** The fake model's own port (playwright.config.ts starts it). */
const FAKE_MODEL = `http://127.0.0.1:${process.env.E2E_FAKE_MODEL_PORT ?? 3299}`;
const NAME = { en: 'Elizabeth', he: 'רחל' };
const OTHER = { en: 'אברהם', he: 'John' };

// A test that fails while the listing is held leaves no hold to the next.
test.afterEach(async () => void (await fetch(`${FAKE_MODEL}/book-release`, { method: 'POST' })));

for (const lang of ['he', 'en'] as const) {
  test(`a character drafted from a book, beside the form (${lang})`, async ({ page }, info) => {
    test.setTimeout(480_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signedInUser(page, lang, `bookdraft-${lang}`, { name: 'Dana', grant: 'canadd' });
    await page.goto('/createdit');
    const entry = page.getByTestId('new-from-book');
    await expect(entry).toBeVisible({ timeout: 60_000 });
    const id = `book${lang}${Date.now().toString(36)}`;
    await page.getByTestId('new-from-book-id').fill(id);
    await entry.locator('input[type=file]').setInputFiles({
      // A Hebrew title with English in it, in the Hebrew run: the sources' headings keep its order.
      name: lang === 'he' ? 'בראשית (Genesis).txt' : 'Pride and Prejudice.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(BOOK[lang]),
    });
    await expect(page).toHaveURL(new RegExp(`/createdit/${id}$`), { timeout: 180_000 });
    const panel = page.getByTestId('book-draft');
    // A bound, not a wait: the shared machine can be slow to open the studio.
    await expect(panel).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('book-draft-cost')).toBeVisible({ timeout: 30_000 });
    // The listing held at the second of the two chapters: the reading is seen in progress.
    await fetch(`${FAKE_MODEL}/book-hold`, { method: 'POST' });
    await page.getByTestId('book-draft-find').click();
    await expect(panel.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50', {
      timeout: 60_000,
    });
    await expect(
      panel.getByRole('button', { name: lang === 'he' ? 'עצירה' : 'Stop' }),
    ).toBeVisible();
    await shot(page, info, `book-draft-${lang}-reading-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, info, `book-draft-${lang}-reading-390`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await fetch(`${FAKE_MODEL}/book-release`, { method: 'POST' });
    const list = page.getByTestId('book-draft-characters');
    await expect(list).toBeVisible({ timeout: 60_000 });
    await expect(list.getByText(OTHER[lang], { exact: true })).toHaveAttribute('dir', 'auto');
    await list.getByText(NAME[lang], { exact: true }).click();
    await page.getByTestId('book-draft-draft').click();
    const personality = page.getByTestId('draft-personality');
    await expect(personality.getByTestId('accept-personality')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('draft-imagePrompt').getByRole('button').first()).toBeVisible({
      timeout: 60_000,
    });
    // The draft is beside the form, not below it.
    const form = await page.locator('.studio-columns').boundingBox();
    const side = await panel.boundingBox();
    expect(side!.y).toBeLessThan(form!.y + form!.height / 2);
    // Nothing is in the form until accepted; then the text without its marks.
    await expect(page.getByTestId('studio-personality')).toHaveValue('');
    await personality.getByTestId('accept-personality').click();
    await expect(page.getByTestId('studio-personality')).toHaveValue(/\S/);
    await expect(page.getByTestId('studio-personality')).not.toHaveValue(/\[\d\]/);
    await personality.getByTestId('sources-personality').click();
    await expect(personality.getByTestId('sources-list-personality')).toContainText(
      // The title isolated (FSI … PDI) in the page's sentence.
      lang === 'he'
        ? '\u2068בראשית (Genesis)\u2069, פרק 1'
        : '\u2068Pride and Prejudice\u2069, chapter 1',
    );
    await shot(page, info, `book-draft-${lang}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(panel).toBeVisible();
    await shot(page, info, `book-draft-${lang}-390`);
  });
}
