import { expect, test, type Page } from './csp-guard.ts';
import { shot, signedInUser } from './support.ts';

/**
 * Cited answers and the spoiler horizon (issue 18), against the fake model: "cite" / "מקור"
 * answers citing passage [1] and an invented [9] (which the server drops).
 */

const NOTES = {
  he: { subject: 'רשימות מרחוב בייקר', text: 'הולמס שומר את הטבק שלו בתוך נעל בית פרסית ליד האח.' },
  en: {
    subject: 'Baker Street notes',
    text: 'Holmes keeps his tobacco in the toe of a Persian slipper by the fire.',
  },
};
const QUESTION = {
  he: 'מקור: איפה הולמס שומר את הטבק שלו?',
  en: 'cite: where does Holmes keep his tobacco?',
};

/** A knowledge subject for the character, written through the API as its editor. */
async function addKnowledge(page: Page, friendid: string, subject: string, contents: string) {
  const r = await page.evaluate(
    async ({ friendid, subject, contents }) => {
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const res = await fetch('/api', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
        body: JSON.stringify({ action: 'GetSetKnowledge', friendid, subject, contents }),
      });
      return (await res.json()) as { Error: number };
    },
    { friendid, subject, contents },
  );
  expect(r.Error).toBe(0);
}

for (const lang of ['he', 'en'] as const) {
  test(`a cited answer opens its passage; the horizon control (${lang})`, async ({
    page,
  }, info) => {
    // A bound, not a wait: the shared machine can be very slow to open the chat.
    test.setTimeout(240_000);
    const friendid = lang === 'he' ? 'holmes' : 'holmesen';
    await page.setViewportSize({ width: 1280, height: 900 });
    await signedInUser(page, lang, `cite-${lang}`, { name: 'Dana', grant: 'globalpriv' });
    await addKnowledge(page, friendid, NOTES[lang].subject, NOTES[lang].text);

    await page.goto(`/chat/${friendid}`);
    const input = page.getByTestId('chat-input');
    // As a reader would: the question typed and sent as soon as the box shows, the
    // conversation possibly still loading (it waits for it, then goes).
    await expect(input).toBeEnabled({ timeout: 60_000 });
    await input.fill(QUESTION[lang]);
    await input.press('Enter');
    // Taken: the question shows, then the answer below it.
    await expect(page.locator('[data-testid="chat-message"][data-role="user"]')).toHaveCount(1, {
      timeout: 60_000,
    });
    const answer = page.getByTestId('chat-message').last();
    await expect(answer).toHaveAttribute('data-role', 'assistant');
    await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    // The kept citation is a mark; the invented [9] is gone from the text.
    const mark = answer.getByTestId('citation-mark');
    await expect(mark).toHaveCount(1);
    await expect(mark).toHaveText('1');
    await expect(answer).not.toContainText('[9]');
    await mark.click();
    const popover = page.getByTestId('citation-popover');
    await expect(popover).toBeVisible();
    await expect(popover).toContainText(NOTES[lang].subject);
    await expect(popover).toContainText(NOTES[lang].text);
    await shot(page, info, `citations-popover-${lang}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(popover).toBeVisible();
    await shot(page, info, `citations-popover-${lang}-390`);
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();

    // The horizon: set chapter 7 from the toolbar; the button says so.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('horizon-button').click();
    const horizon = page.getByTestId('horizon-popover');
    await expect(horizon).toBeVisible();
    await horizon.getByTestId('horizon-input').fill('7');
    await horizon.getByTestId('horizon-save').click();
    await expect(horizon.getByRole('status')).toContainText('7');
    await expect(page.getByTestId('horizon-button')).toContainText('7');
    await shot(page, info, `citations-horizon-${lang}-1280`);
    // "I have read it all" lifts it again.
    await horizon.getByTestId('horizon-clear').click();
    await expect(horizon.getByRole('status')).toBeVisible();
    await expect(page.getByTestId('horizon-button')).not.toContainText('7');
  });
}
