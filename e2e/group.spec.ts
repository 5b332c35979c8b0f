import { expect, test, type Page } from './csp-guard.ts';
import { admin, shot as fullShot, signedInUser } from './support.ts';

/**
 * Issue 13's three screens against the fake model (e2e/fake-model.ts: the director names the
 * first two characters; each character answers "I am X, and this is my own answer"): the
 * group chat, the history viewer and the analytics, in he and en at 1280 and 390 px.
 */

const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 390, height: 844 };

/** A full-page screenshot from the top (a resize keeps the scroll, and the top bar sticks). */
async function shot(page: Page, info: Parameters<typeof fullShot>[1], name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullShot(page, info, name);
}

async function sendToGroup(page: Page, text: string, to?: string) {
  const input = page.getByTestId('group-input');
  await input.fill(text);
  if (to) await page.getByTestId(`ask-${to}`).click();
  else await input.press('Enter');
  await expect(page.getByTestId('group-busy')).toBeHidden({ timeout: 30_000 });
}

async function tick(page: Page, ids: string[]) {
  for (const id of ids) await page.getByTestId(`tick-${id}`).check();
}

test('group chat, history viewer and analytics in he and en at 1280 and 390 px', async ({
  page,
}, info) => {
  // About a minute on a quiet machine; the shared one took four (a sign-in alone took 59 s).
  test.setTimeout(480_000);
  await page.setViewportSize(WIDE);
  const email = await signedInUser(page, 'he', 'group-admin', {
    name: 'דנה',
    usertype: 0,
    grant: 'globalpriv,canadd',
  });

  // --- Group chat (he): the director's two speakers answer in turn, each in its own voice.
  await page.goto('/multichat?lang=he');
  await expect(page.getByTestId('group-empty')).toBeVisible();
  await tick(page, ['holmes', 'alice']);
  await sendToGroup(page, 'מה דעתכם על תעלומות? What about mysteries?');
  const answers = page.locator('[data-testid^="group-answer-"]');
  await expect(answers).toHaveCount(2);
  await expect(answers.nth(0)).toHaveAttribute('data-testid', 'group-answer-holmes');
  await expect(answers.nth(1)).toHaveAttribute('data-testid', 'group-answer-alice');
  await expect(answers.nth(1)).toContainText('וזו התשובה שלי');
  await expect(answers.nth(1)).toHaveAttribute('data-status', 'done');
  // The button on a character's row asks that one alone.
  await sendToGroup(page, 'ומה את חושבת?', 'alice');
  await expect(answers).toHaveCount(3);
  await expect(answers.nth(2)).toHaveAttribute('data-testid', 'group-answer-alice');
  // Editors get an edit icon per character.
  await expect(page.getByTestId('edit-holmes')).toHaveAttribute('href', '/createdit/holmes');
  await shot(page, info, 'group-he-1280');
  // Under 992 px the picker collapses above the conversation.
  await page.setViewportSize(NARROW);
  await expect(page.getByTestId('group-picker-toggle')).toBeVisible();
  await expect(page.getByTestId('group-picker')).toBeHidden();
  await shot(page, info, 'group-he-390');
  // A refresh shows the conversation as stored.
  await page.reload();
  await expect(answers).toHaveCount(3);

  // --- Group chat (en), narrow first.
  await page.goto('/multichat?lang=en');
  await page.getByTestId('group-picker-toggle').click();
  await tick(page, ['holmesen', 'tevyeen']);
  await page.getByTestId('group-picker-toggle').click();
  await sendToGroup(page, 'Good evening, gentlemen. ערב טוב!');
  await expect(page.getByTestId('group-answer-tevyeen').last()).toContainText(
    'I am Tevye the Dairyman',
  );
  await shot(page, info, 'group-en-390');
  await page.setViewportSize(WIDE);
  await expect(page.getByTestId('group-picker')).toBeVisible();
  await shot(page, info, 'group-en-1280');

  // A single-chat conversation for the history viewer, with Alice: no other spec talks to her,
  // so her message count below is this test's alone when specs run side by side.
  await page.goto('/chat/alice?lang=he');
  const chatInput = page.getByTestId('chat-input');
  await expect(chatInput).toBeEnabled();
  await chatInput.fill('שלום אליס, hello');
  await chatInput.press('Enter');
  await expect(page.getByTestId('chat-message').last()).toContainText('Thank you for asking', {
    timeout: 30_000,
  });

  // --- History viewer: the route form opens straight on the user and character.
  await page.goto(`/chathistory/alice/${email}?lang=he`);
  const conversation = page.getByTestId('history-conversation');
  await expect(conversation).toContainText('שלום אליס, hello');
  await shot(page, info, 'history-he-1280');
  await page.setViewportSize(NARROW);
  await shot(page, info, 'history-he-390');
  // The form: suggestions of users with conversations, their characters, show.
  await page.goto('/chathistory?lang=en');
  await page.getByTestId('history-email').fill(email.slice(0, 12));
  await page.getByRole('option', { name: email }).click();
  await page.getByTestId('history-friend').click();
  await page.getByRole('option').first().click();
  await page.getByTestId('history-show').click();
  await expect(conversation).toContainText('שלום אליס, hello');
  await shot(page, info, 'history-en-390');
  await page.setViewportSize(WIDE);
  await shot(page, info, 'history-en-1280');
  // Every viewing is in the audit log.
  const audit = await admin('audit');
  expect(audit).toContain(`${email} viewed ${email} with alice`);

  // --- Analytics: counts at once, the analysis after the job.
  await page.goto('/stat/alice?lang=he');
  // A bound, not a wait: on a busy machine this page took over 20 s to open once.
  await expect(page.getByTestId('stats-screen')).toBeVisible({ timeout: 60_000 });
  // The single chat's 3 messages and two group rounds' question and answer each.
  await expect(page.getByTestId('count-messages')).toContainText(/^7(?!\d)/);
  await expect(page.getByTestId('users-list')).toContainText(email);
  await page.getByTestId('analyze').click();
  await expect(page.getByTestId('analysis-topics')).toContainText('הסקת מסקנות', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('analysis-summary').locator('b')).toHaveText('תעלומות');
  await shot(page, info, 'stats-he-1280');
  await page.setViewportSize(NARROW);
  await shot(page, info, 'stats-he-390');
  await page.goto('/stat/alice?lang=en');
  await expect(page.getByTestId('stats-screen')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('analyze').click();
  await expect(page.getByTestId('analysis-topics')).toContainText('Deduction', { timeout: 30_000 });
  await shot(page, info, 'stats-en-390');
  await page.setViewportSize(WIDE);
  await shot(page, info, 'stats-en-1280');
});

test('someone who is not an admin has no right to view chat history', async ({ page }) => {
  await signedInUser(page, 'en', 'group-reader', { name: 'Reader' });
  await page.goto('/chathistory');
  await expect(page.getByTestId('history-no-right')).toHaveText(
    'You have no right to view chat history',
  );
});
