import { expect, test, type Locator, type Page } from './csp-guard.ts';
import { shot, signedInUser } from './support.ts';

/**
 * The chat against the fake OpenAI-compatible model (e2e/fake-model.ts answers by what the
 * user writes: "slow", "markdown", "new subject: X", "rename to X", "fail once", "cut").
 */

async function signIn(
  page: Page,
  lang: 'he' | 'en',
  name = lang === 'he' ? 'דנה' : 'Dana',
  grant?: string,
) {
  return signedInUser(page, lang, `chat-${lang}`, { name, grant });
}

const messages = (page: Page) => page.getByTestId('chat-message');
/** The user's own message with this text (answers echo it). */
const question = (page: Page, text: string) =>
  page.locator('[data-testid="chat-message"][data-role="user"]', { hasText: text });
const lastMessage = (page: Page) => messages(page).last();
const subjectItem = (page: Page, name: string) =>
  page.locator(`[data-testid="subject-item"][data-subject="${name}"]`);

async function openChat(page: Page, friendid: string) {
  await page.goto(`/chat/${friendid}`);
  await expect(messages(page).first()).toBeVisible();
  await expect(page.getByTestId('chat-input')).toBeEnabled();
}

/** Sends a message with Enter and waits until its answer has streamed to the end. */
async function ask(page: Page, text: string) {
  const input = page.getByTestId('chat-input');
  const response = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api') &&
      (r.request().postDataJSON() as { action?: string } | null)?.action === 'AskFriend',
  );
  await input.fill(text);
  await input.press('Enter');
  await (await response).finished();
  await expect(input).toBeVisible({ timeout: 30_000 });
}

type Watched = { __lengths?: Promise<number[]> };

/**
 * Starts collecting, in the page, the lengths of the next answer's text while it is written;
 * answers a function that gives them once the answer is done. Awaited before the question is
 * sent, so no early growth is missed however slow the machine.
 */
async function watchLengths(page: Page): Promise<() => Promise<number[]>> {
  const count = await messages(page).count();
  await page.evaluate((before) => {
    (window as Watched).__lengths = new Promise<number[]>((resolve) => {
      const seen: number[] = [];
      const started = Date.now();
      const timer = setInterval(() => {
        const all = document.querySelectorAll('[data-testid="chat-message"]');
        const last = all[all.length - 1] as HTMLElement | undefined;
        const md = last?.querySelector('.chat-markdown');
        if (all.length >= before + 2 && last?.dataset.role === 'assistant' && md) {
          const n = md.textContent?.length ?? 0;
          if (n !== seen.at(-1)) seen.push(n);
          if (last.dataset.status === 'done' || Date.now() - started > 20_000) {
            clearInterval(timer);
            resolve(seen);
          }
        }
      }, 20);
    });
  }, count);
  return () => page.evaluate(() => (window as Watched).__lengths ?? []);
}

/** A character of the signed-in user's own, saved through /api as the studio saves it. */
async function createOwnCharacter(page: Page, friendid: string, friendname: string) {
  const answer = await page.evaluate(
    async (body) => {
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const res = await fetch('/api', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { Error: number; Errstr?: string };
    },
    {
      action: 'SetFriendDetails',
      insert: 1,
      friendid,
      friendname,
      image: '/friends/holmes.svg',
      description: 'A detective of our own.',
      personality: 'A curious, sharp detective who answers briefly.',
      firstprompt: 'Hello! Which mystery did you bring me today?',
      category: 1,
    },
  );
  expect(answer).toEqual(expect.objectContaining({ Error: 0 }));
}

/** Writes a knowledge subject in the open knowledge dialog; back in its list afterwards. */
async function addKnowledge(page: Page, subject: string, contents: string) {
  await page.getByTestId('knowledge-new').click();
  await page.getByTestId('knowledge-subject').fill(subject);
  await page.getByTestId('knowledge-contents').fill(contents);
  await page.getByTestId('knowledge-save').click();
  await expect(page.getByTestId('knowledge-view-contents')).toHaveText(contents);
  await page.getByTestId('knowledge-back').click();
  await expect(page.locator('[data-testid="knowledge-row"]', { hasText: subject })).toBeVisible();
}

async function pasteImage(page: Page, target: Locator) {
  await target.evaluate(async (el) => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 400;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#c0392b';
    ctx.fillRect(0, 0, 600, 400);
    ctx.fillStyle = '#f1c40f';
    ctx.fillRect(150, 100, 300, 200);
    const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/png'));
    const data = new DataTransfer();
    data.items.add(new File([blob], 'drawing.png', { type: 'image/png' }));
    el.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
}

test.describe('chat', () => {
  test('a conversation in Hebrew: greeting, streaming word by word, Markdown in both directions, a pasted image', async ({
    page,
  }) => {
    await signIn(page, 'he');
    await openChat(page, 'holmes');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(messages(page)).toHaveCount(1);
    await expect(messages(page).first()).toHaveAttribute('data-role', 'assistant');
    await expect(page.getByTestId('page-title')).toContainText('שרלוק הולמס');

    // The question shows at once; the answer grows word by word.
    await page.getByTestId('chat-input').fill('שלום, מי אתה?');
    const lengths = await watchLengths(page);
    await page.getByTestId('chat-input').press('Enter');
    await expect(messages(page).nth(1)).toContainText('שלום, מי אתה?');
    await expect(page.getByTestId('chat-waiting')).toBeVisible();
    const seen = await lengths();
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    await expect(lastMessage(page)).toHaveAttribute('data-status', 'done');
    await expect(lastMessage(page)).toContainText('You said: שלום, מי אתה?');
    await expect(page.getByTestId('chat-input')).toBeVisible();

    // Markdown: bold, list, link in a new tab, code left to right, each paragraph its direction.
    await ask(page, 'תראה לי מרקדאון');
    const md = lastMessage(page);
    await expect(md).toHaveAttribute('data-status', 'done');
    await expect(md.locator('strong').first()).toHaveText('bold text');
    await expect(md.getByRole('link', { name: 'link' })).toHaveAttribute('target', '_blank');
    await expect(md.locator('pre')).toHaveAttribute('dir', 'ltr');
    const direction = (text: string) =>
      md.locator('p', { hasText: text }).evaluate((p) => getComputedStyle(p).direction);
    expect(await direction('this paragraph starts in Hebrew')).toBe('rtl');
    expect(await direction('This one starts in English')).toBe('ltr');
    expect(await md.locator('pre').evaluate((p) => getComputedStyle(p).direction)).toBe('ltr');
    await expect(md.locator('strong', { hasText: 'Watson:' })).toBeVisible();

    // A pasted image: scaled to 300 px, previewed, sent with the message, then cleared.
    await pasteImage(page, page.getByTestId('chat-input'));
    const preview = page.getByTestId('image-preview').locator('img');
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
    expect(await preview.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    await ask(page, 'מה יש בתמונה?');
    await expect(page.getByTestId('image-preview')).toHaveCount(0);
    const sent = question(page, 'מה יש בתמונה?');
    await expect(sent.locator('img')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    await page.reload();
    await expect(question(page, 'מה יש בתמונה?').locator('img')).toBeVisible();
  });

  test('subjects in Hebrew: new subject by the character, rename, fork with the conversation, delete', async ({
    page,
  }) => {
    await signIn(page, 'he');
    await openChat(page, 'holmes');
    await ask(page, 'מה שלומך היום?');
    await expect(lastMessage(page)).toHaveAttribute('data-status', 'done');
    const first = await page
      .locator('[data-testid="subject-item"][data-current="true"]')
      .getAttribute('data-subject');

    // The character opens a new subject: its answer is not shown, the subject becomes current.
    await ask(page, 'בוא נפתח נושא חדש: חקירות');
    await expect(subjectItem(page, 'חקירות')).toHaveAttribute('data-current', 'true');
    await expect(page.getByText('::חקירות::')).toHaveCount(0);
    // The new subject opens with the character's first message, like any new subject.
    await expect(page.locator('[data-testid="chat-message"]')).toHaveCount(1);
    await expect(page.locator('[data-testid="chat-message"]').first()).toHaveAttribute(
      'data-role',
      'assistant',
    );
    await ask(page, 'ספר על התיק הראשון');
    await expect(lastMessage(page)).toHaveAttribute('data-status', 'done');

    // Rename in the sidebar.
    await subjectItem(page, 'חקירות').getByTestId('subject-rename').click();
    await page.getByTestId('subject-rename-input').fill('חקירות ישנות');
    await page.getByTestId('subject-rename-input').press('Enter');
    await expect(subjectItem(page, 'חקירות ישנות')).toHaveAttribute('data-current', 'true');
    await expect(question(page, 'ספר על התיק הראשון')).toHaveCount(1);

    // Rename by the character's marker.
    await ask(page, 'שנה שם ל: תיקים');
    await expect(subjectItem(page, 'תיקים')).toHaveAttribute('data-current', 'true');
    await expect(lastMessage(page)).toContainText('With pleasure.');
    await expect(lastMessage(page)).not.toContainText('::');

    // Fork: a copy with the whole conversation.
    await subjectItem(page, 'תיקים').getByTestId('subject-fork').click();
    await expect(subjectItem(page, 'תיקים (עותק)')).toBeVisible();
    await expect(subjectItem(page, 'תיקים')).toHaveAttribute('data-current', 'true');
    await subjectItem(page, 'תיקים (עותק)').locator('.subjects__name').click();
    await expect(subjectItem(page, 'תיקים (עותק)')).toHaveAttribute('data-current', 'true');
    await expect(question(page, 'ספר על התיק הראשון')).toHaveCount(1);

    // A new subject from the sidebar; an existing name only selects it.
    await page.getByTestId('subject-new').click();
    await page.getByTestId('subject-new-input').fill('מוריארטי');
    await page.getByTestId('subject-new-input').press('Enter');
    await expect(subjectItem(page, 'מוריארטי')).toHaveAttribute('data-current', 'true');
    await expect(page.getByTestId('subject-item').first()).toHaveAttribute(
      'data-subject',
      'מוריארטי',
    );
    await page.getByTestId('subject-new').click();
    await page.getByTestId('subject-new-input').fill('תיקים');
    await page.getByTestId('subject-new-input').press('Enter');
    await expect(subjectItem(page, 'תיקים')).toHaveAttribute('data-current', 'true');
    await expect(subjectItem(page, 'תיקים')).toHaveCount(1);

    // Delete asks first; then the list reloads and the first subject is selected.
    await subjectItem(page, 'תיקים (עותק)').getByTestId('subject-delete').click();
    await page.getByTestId('confirm-cancel').click();
    await expect(subjectItem(page, 'תיקים (עותק)')).toBeVisible();
    await subjectItem(page, 'תיקים (עותק)').getByTestId('subject-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect(subjectItem(page, 'תיקים (עותק)')).toHaveCount(0);
    await expect(page.getByTestId('subject-item').first()).toHaveAttribute('data-current', 'true');
    expect(first).toBeTruthy();
    await expect(subjectItem(page, first!)).toBeVisible();
  });

  test('rewind and reset in Hebrew', async ({ page }) => {
    await signIn(page, 'he');
    await openChat(page, 'tevye');
    await ask(page, 'שאלה ראשונה');
    await ask(page, 'שאלה שנייה');
    await expect(messages(page)).toHaveCount(5);
    await expect(lastMessage(page)).toHaveAttribute('data-status', 'done');

    // Rewind to the first answer: the second question and its answer go.
    await messages(page).nth(2).getByTestId('chat-rewind').click();
    await page.getByTestId('confirm-cancel').click();
    await expect(messages(page)).toHaveCount(5);
    await messages(page).nth(2).getByTestId('chat-rewind').click();
    await page.getByTestId('confirm-ok').click();
    await expect(messages(page)).toHaveCount(3);
    await expect(question(page, 'שאלה שנייה')).toHaveCount(0);

    // Reset: only the character's greeting is left.
    await page.getByTestId('chat-reset').click();
    await page.getByTestId('confirm-ok').click();
    await expect(messages(page)).toHaveCount(1);
    await expect(messages(page).first()).toHaveAttribute('data-role', 'assistant');
  });

  test('a reply is never lost: refresh in the middle of a slow answer, it is there and completes', async ({
    page,
  }) => {
    await signIn(page, 'he');
    await openChat(page, 'holmes');
    await page.getByTestId('chat-input').fill('ענה לאט בבקשה');
    await page.getByTestId('chat-input').press('Enter');
    const answer = lastMessage(page);
    await expect(answer).toHaveAttribute('data-status', 'streaming');
    await expect(answer).toContainText('word3');
    await page.reload();

    // After the refresh: the partial answer, still being written, followed to the end.
    await expect(lastMessage(page)).toHaveAttribute('data-status', 'streaming');
    await expect(lastMessage(page)).toContainText('מילה0');
    await expect(page.getByTestId('chat-waiting')).toBeVisible();
    const partial = (await lastMessage(page).locator('.chat-markdown').textContent()) ?? '';
    expect(partial.length).toBeGreaterThan(0);
    await expect(lastMessage(page)).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
    const expected = Array.from({ length: 40 }, (_, i) => (i % 2 ? `word${i}` : `מילה${i}`)).join(
      ' ',
    );
    await expect(lastMessage(page).locator('.chat-markdown')).toHaveText(expected);
    await expect(page.getByTestId('chat-input')).toBeVisible();
  });

  test('English: retry a failed answer, a restarted answer, details, memory and the canvas', async ({
    page,
  }) => {
    await signIn(page, 'en');
    await openChat(page, 'vereden');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

    // The model fails three times: a clear message and a retry button.
    await page.getByTestId('chat-input').fill('Please fail once');
    await page.getByTestId('chat-input').press('Enter');
    await expect(lastMessage(page)).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
    await expect(lastMessage(page)).toContainText('could not answer');
    await lastMessage(page).getByTestId('chat-retry').click();
    await expect(lastMessage(page)).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
    await expect(lastMessage(page)).toContainText('Now it works.');

    // A stream cut by the provider restarts: the dropped words do not stay.
    await ask(page, 'This answer gets cut');
    await expect(lastMessage(page)).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
    await expect(lastMessage(page)).toContainText('You said: This answer gets cut');
    await expect(lastMessage(page)).not.toContainText('dropped');

    // My details: general notes saved with a 4 s message; memory with its empty hint.
    await page.getByTestId('details-open').click();
    await expect(page.getByTestId('details-text')).toBeVisible();
    await page.getByTestId('details-text').fill('I am a nurse in Haifa.');
    await page.getByTestId('details-save').click();
    await expect(page.getByTestId('details-message')).toHaveText('Your details were updated.');
    // It clears by itself (after 4 s: details-dialog.test.tsx times that on a fake clock).
    await expect(page.getByTestId('details-message')).toBeEmpty();
    await page.getByTestId('details-mode-friend').click();
    await page.getByTestId('details-text').fill('Call me Dana.');
    await page.getByTestId('details-save').click();
    await expect(page.getByTestId('details-message')).toHaveText('Your details were updated.');
    await page.getByTestId('details-mode-memory').click();
    await expect(page.getByTestId('details-empty')).toBeVisible();
    await page.keyboard.press('Escape');

    // The canvas (helpers): saved when closed; the backup holds the previous text.
    await page.getByTestId('canvas-open').click();
    await page.getByTestId('canvas-text').fill('Plan, first draft');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('canvas-text')).toHaveCount(0);
    await page.getByTestId('canvas-open').click();
    await expect(page.getByTestId('canvas-text')).toHaveValue('Plan, first draft');
    await page.getByTestId('canvas-text').fill('Plan, second draft');
    await page.keyboard.press('Escape');
    await page.getByTestId('canvas-open').click();
    await expect(page.getByTestId('canvas-text')).toHaveValue('Plan, second draft');
    await page.getByTestId('canvas-backup-toggle').click({ force: true });
    await expect(page.getByTestId('canvas-text')).toHaveValue('Plan, first draft');
    await expect(page.getByRole('dialog')).toContainText('Canvas (backup)');
    await page.keyboard.press('Escape');
  });

  for (const lang of ['he', 'en'] as const) {
    test(`${lang}: the owner opens knowledge and files from the chat toolbar`, async ({
      page,
    }, info) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page, lang, undefined, 'canadd');
      const friendid = `own${lang}${Date.now().toString(36)}`;
      const name = lang === 'he' ? 'הבלשית מרחוב Baker' : 'Detective Dana of Tel Aviv';
      await createOwnCharacter(page, friendid, name);
      await openChat(page, friendid);
      // The owner's toolbar: every icon, knowledge and files among them.
      await shot(page, info, `chat-owner-${lang}-1280`);

      // Knowledge: empty at first; a subject with its text, then it is in the list.
      await page.getByTestId('chat-knowledge').click();
      const knowledge = page.getByTestId('knowledge-dialog');
      await expect(knowledge).toBeVisible();
      await expect(knowledge).toContainText(name);
      await expect(page.getByTestId('knowledge-empty')).toBeVisible();
      if (lang === 'he') {
        await addKnowledge(page, 'המשרד', 'המשרד נמצא ב-221B Baker Street, בקומה השנייה.');
        await addKnowledge(
          page,
          'Cases 1930',
          'The first case: a stolen violin.\nהתיק השני: מכתב בלי חתימה.',
        );
      } else {
        await addKnowledge(page, 'The office', 'The office is on Herzl Street 12, upstairs.');
        await addKnowledge(page, 'משפחה', 'אח אחד בחיפה.\nShe writes to him every Friday.');
      }
      await expect(page.getByTestId('knowledge-row')).toHaveCount(2);
      await expect(knowledge).toHaveCSS('opacity', '1');
      await shot(page, info, `chat-knowledge-${lang}-1280`);

      // The second subject, read only: each paragraph in its own direction.
      await page.getByTestId('knowledge-open').nth(1).click();
      const text = page.getByTestId('knowledge-view-contents');
      await expect(text).toBeVisible();
      expect(await text.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('plaintext');
      await shot(page, info, `chat-knowledge-view-${lang}-1280`);
      await page.keyboard.press('Escape');
      await expect(knowledge).toHaveCount(0);

      // Files open in place (the owner's, no personal note).
      await page.getByTestId('chat-files').click();
      await expect(page.getByTestId('files-dialog')).toBeVisible();
      await expect(page.getByTestId('files-empty')).toBeVisible();
      await expect(page.getByTestId('files-personal-note')).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/chat/${friendid}$`));
      await page.keyboard.press('Escape');

      // A subject's analysis, written by the model in the user's language.
      await page.getByTestId('subject-analyze').first().click();
      const analysis = page.getByTestId('analysis-text');
      await expect(analysis).toContainText('Baker Street');
      await expect(analysis.locator('strong').first()).toHaveText(
        lang === 'he' ? 'נושאים עיקריים:' : 'Main topics:',
      );
      await expect(page.getByTestId('analysis-dialog')).toHaveAttribute('aria-busy', 'false');
      await shot(page, info, `chat-analysis-${lang}-1280`);
      await page.keyboard.press('Escape');

      // The editor's popup about this character, at the popup's size: it names the character.
      await page.setViewportSize({ width: 512, height: 720 });
      await page.goto(`/chat/sharoneditor/${friendid}`);
      await expect(page.getByTestId('chat-editing')).toContainText(name);
      await expect(page.getByTestId('chat-editing')).not.toHaveClass(/chat-editing--warn/);
      await expect(page.locator('[data-testid="subject-item"]').first()).toHaveAttribute(
        'data-subject',
        friendid,
      );
      await shot(page, info, `chat-editor-popup-${lang}-512`);
      await page.setViewportSize({ width: 1280, height: 900 });

      // A helper this reader does not edit: files only, with the note that they are theirs.
      await openChat(page, lang === 'he' ? 'vered' : 'vereden');
      await expect(page.getByTestId('chat-knowledge')).toHaveCount(0);
      await page.getByTestId('chat-files').click();
      await expect(page.getByTestId('files-personal-note')).toBeVisible();
      await expect(page.getByTestId('files-dialog')).toHaveCSS('opacity', '1');
      // The reader's own file: uploaded and listed for them.
      await page.getByTestId('files-upload-input').setInputFiles({
        name: 'my-notes.md',
        mimeType: 'text/markdown',
        buffer: Buffer.from(
          lang === 'he'
            ? '# הרשימות שלי\nפגישה ב-Zoom ביום שלישי.'
            : '# My notes\nMeeting on Tuesday.',
        ),
      });
      await expect(page.getByTestId('files-row')).toHaveCount(1);
      await expect(page.getByTestId('files-title')).toHaveValue('my-notes');
      // "Find title" takes it from the file's first heading.
      await page.getByTestId('files-find-title').click();
      await expect(page.getByTestId('files-title')).toHaveValue(
        lang === 'he' ? 'הרשימות שלי' : 'My notes',
      );
      await shot(page, info, `chat-files-personal-${lang}-1280`);
    });

    for (const width of [1280, 390]) {
      test(`screenshots of the chat in ${lang} at ${width}px`, async ({ page }, info) => {
        await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
        await signIn(page, lang);
        const friend = lang === 'he' ? 'holmes' : 'holmesen';
        await openChat(page, friend);
        await ask(page, lang === 'he' ? 'הראה לי markdown בבקשה' : 'Show me some markdown, שלום');
        await expect(lastMessage(page)).toHaveAttribute('data-status', 'done');
        await page.getByTestId('chat-input').fill(lang === 'he' ? 'טיוטה של שאלה' : 'A draft');
        await pasteImage(page, page.getByTestId('chat-input'));
        await expect(page.getByTestId('image-preview')).toBeVisible();
        await shot(page, info, `chat-${lang}-${width}`);

        if (width < 1200) {
          await page.getByTestId('chat-panel-open').click();
          await expect(page.getByTestId('chat-panel')).toBeInViewport({ ratio: 1 });
          await shot(page, info, `chat-panel-${lang}-${width}`);
          await page.getByTestId('chat-panel-close').click();
          await expect(page.getByTestId('chat-panel')).not.toBeInViewport();
        }

        if (width < 1200) await page.getByTestId('chat-panel-open').click();
        await page.getByTestId('details-open').click();
        await expect(page.getByTestId('details-text')).toBeVisible();
        // Opening a dialog closes the drawer.
        if (width < 1200) await expect(page.getByTestId('chat-panel')).not.toBeInViewport();
        await shot(page, info, `chat-details-${lang}-${width}`);
        await page.keyboard.press('Escape');

        await openChat(page, lang === 'he' ? 'vered' : 'librarianen');
        await page.getByTestId('chat-input').fill(lang === 'he' ? 'לאט' : 'slow');
        await page.getByTestId('chat-input').press('Enter');
        await expect(lastMessage(page)).toContainText('word5');
        await shot(page, info, `chat-streaming-${lang}-${width}`);
        await page.getByTestId('canvas-open').waitFor({ timeout: 20_000 });
        await page.getByTestId('canvas-open').click();
        await page.getByTestId('canvas-text').fill(lang === 'he' ? 'תוכנית עבודה' : 'Work plan');
        await shot(page, info, `chat-canvas-${lang}-${width}`);
        await page.keyboard.press('Escape');
      });
    }
  }
});
