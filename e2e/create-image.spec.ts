import { expect, test, type Browser, type Page } from './csp-guard.ts';
import { admin, createUser, PASSWORD, shot, signInWithPassword } from './support.ts';

async function newUser(prefix: string, grant?: string, credits?: number) {
  const email = await createUser(prefix, { grant });
  if (credits !== undefined) await admin('imgcredit', email, String(credits));
  return email;
}

async function signedIn(browser: Browser, email: string, lang: 'he' | 'en') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  await signInWithPassword(page, email, PASSWORD, lang);
  return page;
}

/** Pastes a small picture into the designer's input, as a person pasting from the clipboard. */
async function pastePicture(page: Page) {
  await page.getByTestId('designer-text').evaluate(async (el) => {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 600;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#2a6f97';
    ctx.fillRect(0, 0, 900, 600);
    ctx.fillStyle = '#f4d35e';
    ctx.beginPath();
    ctx.arc(450, 300, 160, 0, Math.PI * 2);
    ctx.fill();
    const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/png'));
    const data = new DataTransfer();
    data.items.add(new File([blob], 'sun.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  });
}

/** In the studio's picker: the newest image, opened in the large editor. */
async function openImageEditor(page: Page) {
  await page.getByTestId('picker-image').first().click();
  await page.getByTestId('picker-edit').click();
  const editor = page.getByTestId('text-editor');
  await expect(editor.getByTestId('genimage-media').locator('img')).toBeVisible();
  await expect(editor.getByTestId('text-editor-input')).toHaveValue(/^A lighthouse/);
}

/** No part of the page is wider than the window. */
async function expectNoOverflow(page: Page) {
  const over = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(over).toBeLessThanOrEqual(0);
}

test('create an image with the designer, in Hebrew and English, wide and narrow', async ({
  browser,
}) => {
  // One long walk through the screen (two languages, two widths): a bound, not a wait.
  test.setTimeout(300_000);
  const info = test.info();
  const email = await newUser('painter', 'imgedit,canadd', 5);
  const page = await signedIn(browser, email, 'he');
  await page.goto('/createimg');
  await expect(page.getByTestId('offline-generator')).toBeVisible();
  await expect(page.getByTestId('image-credits')).toContainText('5');
  await expect(page.getByTestId('images-empty')).toBeVisible();

  // A question first: the designer asks about style and makes nothing.
  await page.getByTestId('designer-text').fill('אני רוצה תמונה של מגדלור');
  await page.getByTestId('designer-text').press('Enter');
  await expect(page.getByTestId('designer-assistant').last()).toContainText('איזה סגנון');
  await expect(page.getByTestId('image-tile')).toHaveCount(0);

  // A reference picture pasted, then "draw": the tool makes image N, its job draws it.
  await pastePicture(page);
  const preview = page.getByTestId('designer-preview').locator('img');
  await expect(preview).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  // Scaled to 640 px wide, proportions kept.
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await page.getByTestId('designer-text').fill('צייר מגדלור בצבעי מים');
  await page.getByTestId('designer-send').click();
  await expect(page.getByTestId('designer-pending')).toBeVisible();
  await expect(page.getByTestId('designer-marker')).toHaveCount(1);
  const tile = page.getByTestId('image-tile').first();
  await expect(tile).toHaveAttribute('data-state', 'ready');
  await expect(page.getByText(/התמונה נוצרה בהצלחה \(\d+ שניות\)/)).toBeVisible();
  await expect(page.getByTestId('reference-image')).toHaveAttribute('src', /imagename=r_/);
  await expect(page.getByTestId('reference-prompt')).toHaveValue(/^A lighthouse on a rocky/);
  await expect(page.getByTestId('image-credits')).toContainText('4');
  await expectNoOverflow(page);
  await shot(page, info, 'createimg-he-1280');

  // The viewer: recreate makes a second image first in the grid.
  await tile.click();
  const viewer = page.getByTestId('image-viewer');
  await expect(viewer.locator('img')).toBeVisible();
  await shot(page, info, 'createimg-viewer-he-1280');
  await viewer.getByTestId('viewer-recreate').click();
  await expect(viewer).toBeHidden();
  await expect(page.getByTestId('image-tile')).toHaveCount(2);
  await expect(page.getByTestId('image-tile').first()).toHaveAttribute('data-state', 'ready');
  // Delete the newer one (confirmed), the list reloads.
  await page.getByTestId('image-tile').first().click();
  await viewer.getByTestId('viewer-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('image-tile')).toHaveCount(1);

  // Narrow: the three columns stack, nothing overflows.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoOverflow(page);
  await shot(page, info, 'createimg-he-390');

  // A new character from the image: the studio starts with it as the picture.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('image-tile').first().click();
  await viewer.getByTestId('viewer-new-character').click();
  await expect(page).toHaveURL(/\/createdit\/fromimage\/\d+$/);
  await expect(page.getByTestId('studio-image').locator('img')).toHaveAttribute(
    'src',
    /^\/files\/images\//,
  );
  // The studio's picker lists the generated image; the large editor opens it with its tools.
  await page.getByTestId('studio-image-pick').click();
  await expect(page.getByTestId('picker-image')).toHaveCount(1);
  await openImageEditor(page);
  await shot(page, info, 'studio-image-editor-he-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, info, 'studio-image-editor-he-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  // Create again from the edited prompt: a second image, opened in the editor as it is drawn.
  const editor = page.getByTestId('text-editor');
  await editor.getByTestId('text-editor-input').fill('A lighthouse at night, ink drawing');
  await editor.getByTestId('genimage-regenerate').click();
  await expect(editor.getByTestId('genimage-download')).toHaveAttribute('href', /imagename=g_/);
  await expect(editor.getByTestId('genimage-new-character')).toBeVisible();
  await expect(editor.getByTestId('text-editor-input')).toHaveValue(
    'A lighthouse at night, ink drawing',
  );
  await editor.getByTestId('text-editor-close').click();
  await expect(page.getByTestId('picker-image')).toHaveCount(2);
  await page.keyboard.press('Escape');

  // English, wide and narrow; the conversation is kept.
  const en = await signedIn(browser, email, 'en');
  await en.goto('/createimg');
  await expect(en.getByTestId('offline-generator')).toContainText('Offline image generator');
  await expect(en.getByTestId('image-tile').first()).toHaveAttribute('data-state', 'ready');
  await expect(en.getByTestId('designer-marker')).toHaveCount(1);
  // The first image and the one the studio's editor made; the second was deleted.
  await expect(en.getByTestId('image-tile')).toHaveCount(2);
  await en.getByTestId('designer-text').fill('draw a lighthouse');
  await en.getByTestId('designer-text').press('Enter');
  await expect(en.getByTestId('image-tile')).toHaveCount(3);
  await expect(en.getByText(/Image created successfully \(\d+ seconds\)/)).toBeVisible();
  await expectNoOverflow(en);
  await shot(en, info, 'createimg-en-1280');
  await en.setViewportSize({ width: 390, height: 844 });
  await expectNoOverflow(en);
  await shot(en, info, 'createimg-en-390');
  // The studio's large editor on a generated image, in English, wide and narrow.
  await en.setViewportSize({ width: 1280, height: 900 });
  await en.goto('/createdit');
  await en.getByTestId('studio-image-pick').click();
  await openImageEditor(en);
  await shot(en, info, 'studio-image-editor-en-1280');
  await en.setViewportSize({ width: 390, height: 844 });
  await shot(en, info, 'studio-image-editor-en-390');
});

test('without imgedit: the refusal is shown, the input hidden and pictures do not open', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = await newUser('reader');
  const page = await signedIn(browser, email, 'he');
  await page.goto('/createimg');
  await expect(page.getByTestId('no-permission')).toContainText('אין לך הרשאה ליצור תמונות');
  // What grants the permission is offered, not image credits that cannot help.
  await expect(page.getByTestId('permission-offers')).toContainText('מנוי יוצר חודשי');
  await expect(page.getByTestId('permission-offers').getByRole('link')).toHaveAttribute(
    'href',
    '/buy',
  );
  await expect(page.getByTestId('image-credits')).toHaveCount(0);
  await expect(page.getByTestId('designer-input')).toHaveCount(0);
  await expect(page.getByTestId('reference-create')).toBeDisabled();
  await shot(page, test.info(), 'createimg-no-permission-he-1280');
});
