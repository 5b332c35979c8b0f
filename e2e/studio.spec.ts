import { expect, test, type Browser, type Page } from './csp-guard.ts';
import type { Request } from '@playwright/test';
import { TIMINGS } from '../src/protocol/constants.ts';
import { createUser, PASSWORD, shot, signInWithPassword } from './support.ts';

const newUser = (prefix: string, name: string, grant?: string) =>
  createUser(prefix, { name, grant });

async function signedInPage(browser: Browser, email: string, lang: 'he' | 'en') {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A leave warning must never hold a navigation of the test.
  page.on('dialog', (d) => void d.accept());
  await signInWithPassword(page, email, PASSWORD, lang);
  return page;
}

/** The action of a request to the API (undefined for any other request). */
function actionOf(request: Request): string | undefined {
  if (!request.url().endsWith('/api') || request.method() !== 'POST') return undefined;
  return (request.postDataJSON() as { action?: string } | null)?.action;
}

/** A real PNG for the picture upload: a corner of the page itself. */
const pngOf = (page: Page) => page.screenshot({ clip: { x: 0, y: 0, width: 96, height: 96 } });

async function createCharacter(page: Page, friendid: string) {
  await page.getByTestId('add-character').click();
  await expect(page).toHaveURL(/\/createdit$/);
  await expect(page.getByTestId('studio-personality')).toBeDisabled();
  await page.getByTestId('studio-id').fill(`${friendid}-!`);
  await expect(page.getByTestId('studio-id')).toHaveValue(friendid);
  await expect(page.getByTestId('studio-id-message')).toHaveAttribute('data-status', 'unique');
  await expect(page.getByTestId('studio-personality')).toBeEnabled();
  await page.getByTestId('studio-name').fill('הבלשית מרחוב הרצל');
  await page.getByTestId('studio-image-upload').setInputFiles({
    name: 'face.png',
    mimeType: 'image/png',
    buffer: await pngOf(page),
  });
  await expect(page.getByTestId('studio-image').locator('img')).toHaveAttribute(
    'src',
    /^\/files\/images\//,
  );
  await page.getByTestId('studio-description').fill('בלשית חדה מתל אביב של שנות השלושים.');
  await page.getByTestId('studio-category').first().check();
  await page.getByTestId('studio-voice').selectOption('nova');
  await page
    .getByTestId('studio-personality')
    .fill('את בלשית סקרנית ושנונה. את מדברת במשפטים קצרים ושואלת שאלות חדות.');
  await page.getByTestId('studio-firstprompt').fill('שלום! איזו תעלומה הבאתם לי היום?');
  await page.getByTestId('studio-background').fill('נולדה ביפו ב-1905. למדה משפטים בירושלים.');
  await page.getByTestId('studio-save').click();
  await expect(page).toHaveURL(new RegExp(`/createdit/${friendid}$`));
  await expect(page.getByTestId('studio-saved')).toBeVisible();
  await expect(page.getByTestId('studio-id')).toHaveAttribute('readonly', '');
}

test.describe('character studio', () => {
  test('create, autosave, files, knowledge, sharing and delete', async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(180_000);
    page.on('dialog', (d) => void d.accept());
    const creator = await newUser('creator', 'יוצרת דמויות', 'canadd');
    const reader = await newUser('reader', 'Reader Two');
    const friendid = `det${Date.now().toString(36)}`;

    // The page's clock runs as usual until the autosave below stops it.
    await page.clock.install();
    await signInWithPassword(page, creator, PASSWORD, 'he');
    await createCharacter(page, friendid);

    // Autosave: a dirty field goes out on window focus (and every 20 s). With the clock
    // stopped the 20 s round cannot come first, so what is sent below is the focus's doing.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.clock.runFor(TIMINGS.savedIndicatorMs + 100);
    await expect(page.getByTestId('studio-saved')).toBeEmpty();
    const background = 'נולדה ביפו ב-1905. גרה ברחוב הרצל 12.';
    await page.getByTestId('studio-background').fill(background);
    const autosave = page.waitForRequest((r) => actionOf(r) === 'UpdateFriendDetails');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    expect((await autosave).postDataJSON()).toMatchObject({
      friendid,
      subject: 'background',
      contents: background,
    });
    await expect(page.getByTestId('studio-saved')).toContainText('נשמר');
    await page.clock.resume();

    // Reopen: everything came back from the server.
    await page.reload();
    await expect(page.getByTestId('studio-name')).toHaveValue('הבלשית מרחוב הרצל');
    await expect(page.getByTestId('studio-background')).toHaveValue(/הרצל 12/);
    await expect(page.getByTestId('studio-voice')).toHaveValue('nova');
    await expect(page.getByTestId('studio-category').first()).toBeChecked();

    // A book file.
    await page.getByTestId('studio-files').click();
    await expect(page.getByTestId('files-dialog')).toBeVisible();
    await page.getByTestId('files-upload-subject').fill('הספר');
    await page.getByTestId('files-upload-input').setInputFiles({
      name: 'book.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('פרק ראשון\n\nהבלשית ישבה במשרדה ברחוב הרצל וחיכתה ללקוח.\n'),
    });
    await expect(page.getByTestId('files-row')).toHaveCount(1);
    await expect(page.getByTestId('files-toast')).toHaveText('הקובץ הועלה בהצלחה');
    await expect(page.getByTestId('files-subject')).toHaveValue('הספר');
    // No embedding model here: the dialog says the character searches by words.
    await expect(page.getByTestId('files-search')).toHaveAttribute('data-search', 'words');
    await expect(page.getByTestId('files-search')).toContainText('לפי המילים');
    await page.getByTestId('gdocs-url').fill('short');
    await page.getByTestId('gdocs-import').click();
    await expect(page.getByTestId('gdocs-message')).toContainText('נא להדביק קישור תקין');
    await expect(page.getByTestId('files-dialog')).toHaveCSS('opacity', '1');
    await shot(page, info, 'studio-files-he-1280');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('files-dialog')).toHaveCount(0);

    // A knowledge text.
    await page.getByTestId('studio-knowledge').click();
    await page.getByTestId('knowledge-new').click();
    await page.getByTestId('knowledge-subject').fill('המשרד');
    await page.getByTestId('knowledge-contents').fill('המשרד נמצא בקומה השנייה, מעל בית קפה.');
    await page.getByTestId('knowledge-save').click();
    // A save shows the subject read only (spec part 2 §4); back to the list.
    await expect(page.getByTestId('knowledge-view-contents')).toContainText('מעל בית קפה');
    await page.getByTestId('knowledge-back').click();
    await expect(page.getByTestId('knowledge-row')).toHaveCount(1);
    await expect(page.getByTestId('knowledge-row')).toContainText('המשרד');
    await page.keyboard.press('Escape');

    // Share without edit rights: the reader sees it in the list but may not edit it.
    await page.getByTestId('access-email').fill(reader);
    await page.getByTestId('access-add').click();
    await expect(page.getByTestId('access-row')).toHaveCount(1);
    await expect(page.getByTestId('access-row')).toContainText(reader);

    const readerPage = await signedInPage(browser, reader, 'en');
    await expect(
      readerPage.locator(`[data-testid="friend-card"][data-friendid="${friendid}"]`),
    ).toBeVisible();
    await readerPage.goto(`/createdit/${friendid}`);
    await expect(readerPage.getByTestId('studio-denied')).toHaveAttribute('data-level', '1');
    await expect(readerPage.getByTestId('studio-id')).toHaveCount(0);

    // With edit rights the reader can edit (but not delete or re-share).
    await page.getByTestId('access-delete').click();
    await expect(page.getByTestId('access-row')).toHaveCount(0);
    await page.getByTestId('access-email').fill(reader);
    await page.getByTestId('access-editpriv').check();
    await page.getByTestId('access-add').click();
    await expect(page.getByTestId('access-row')).toHaveCount(1);
    await readerPage.reload();
    await expect(readerPage.getByTestId('studio-name')).toHaveValue('הבלשית מרחוב הרצל');
    await expect(readerPage.getByTestId('studio-delete')).toHaveCount(0);
    await readerPage
      .getByTestId('studio-description')
      .fill('A sharp detective (edited by a friend).');
    await readerPage.getByTestId('studio-save').click();
    await expect(readerPage.getByTestId('studio-saved')).toBeVisible();
    await expect(readerPage.getByTestId('studio-error')).toHaveCount(0);
    await readerPage.context().close();

    // Delete, after confirming.
    await page.reload();
    await expect(page.getByTestId('studio-description')).toHaveValue(/edited by a friend/);
    await page.getByTestId('studio-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect(page).toHaveURL(/\/main$/);
    await expect(
      page.locator(`[data-testid="friend-card"][data-friendid="${friendid}"]`),
    ).toHaveCount(0);
    await page.goto(`/createdit/${friendid}`);
    await expect(page.getByTestId('studio-denied')).toBeVisible();
  });

  test('a user without canadd gets the subscription message', async ({ page }) => {
    const email = await newUser('nocanadd', 'No Add');
    await signInWithPassword(page, email, PASSWORD, 'en');
    await page.goto('/createdit');
    await expect(page.getByTestId('studio-cannot-add')).toBeVisible();
    await expect(
      page.getByTestId('studio-cannot-add').getByRole('link', { name: /subscription/ }),
    ).toHaveAttribute('href', '/buy');
  });

  for (const lang of ['he', 'en'] as const) {
    for (const width of [1280, 390]) {
      test(`screenshots of the studio in ${lang} at ${width}px`, async ({ page }, info) => {
        page.on('dialog', (d) => void d.accept());
        await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
        const email = await newUser(
          `shot-${lang}-${width}`,
          lang === 'he' ? 'מיכל כהן' : 'Michal Cohen',
          'canadd,globalpriv',
        );
        await signInWithPassword(page, email, PASSWORD, lang);
        await page.goto('/createdit');
        await expect(page.getByTestId('studio-id')).toBeVisible();
        await page.getByTestId('studio-id').fill('ab');
        await page.waitForLoadState('networkidle');
        await shot(page, info, `studio-new-${lang}-${width}`);
        // A filled-in character: every column with text, the mixed directions visible.
        await page.getByTestId('studio-id').fill(`shot${lang}${width}${Date.now().toString(36)}`);
        await expect(page.getByTestId('studio-id-message')).toHaveAttribute(
          'data-status',
          'unique',
        );
        await page
          .getByTestId('studio-name')
          .fill(lang === 'he' ? 'שרלוק הולמס' : 'Sherlock Holmes');
        await page
          .getByTestId('studio-description')
          .fill(
            lang === 'he'
              ? 'הבלש המפורסם מ-Baker Street. שאלו אותו על תעלומות.'
              : 'The famous detective of Baker Street. Ask him about mysteries.',
          );
        await page.getByTestId('studio-category').nth(1).check();
        await page
          .getByTestId('studio-personality')
          .fill(
            lang === 'he'
              ? 'אתה שרלוק הולמס. אתה מדבר בביטחון ובקור רוח.\nYou sometimes quote Dr Watson in English.'
              : 'You are Sherlock Holmes. You speak with calm confidence.\nלפעמים אתה משלב משפט בעברית.',
          );
        await page
          .getByTestId('studio-firstprompt')
          .fill(
            lang === 'he'
              ? 'שבו, בבקשה. מה מביא אתכם אליי?'
              : 'Do sit down. What brings you to me?',
          );
        await page
          .getByTestId('studio-background')
          .fill(
            lang === 'he'
              ? 'גר ברחוב בייקר 221ב בלונדון.\n\nחברו הקרוב הוא ד"ר ווטסון.'
              : 'Lives at 221B Baker Street, London.\n\nHis close friend is Dr Watson.',
          );
        await page.getByTestId('help-button').first().click();
        // Screenshots wait for the open transitions to finish.
        await expect(page.getByTestId('help-dialog')).toHaveCSS('opacity', '1');
        await expect(page.getByTestId('help-dialog')).toContainText(
          lang === 'he' ? 'המזהה של הדמות' : "The character's identifier",
        );
        await shot(page, info, `studio-help-${lang}-${width}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('studio-save').click();
        await expect(page.getByTestId('studio-error')).toBeVisible();
        await expect(page.getByTestId('studio-toast')).toHaveCSS('opacity', '1');
        await shot(page, info, `studio-${lang}-${width}`);
      });
    }
  }
});
