import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Page } from './csp-guard.ts';
import { shot, signedInUser } from './support.ts';

/**
 * Issue 18 in the browser: a Character Card made here imported (JSON in English, PNG in
 * Hebrew), exported back (V3 JSON and PNG) and the PNG imported again; a chat with the new
 * character until the memory learns a fact (the fake model answers memory tasks with
 * "- Likes books."), the fact corrected in the memory list and its source message shown;
 * the spoiler horizon set from the drawer at 390 px.
 */

const CARD = {
  en: {
    name: 'Captain Nemo',
    description: 'The captain of the Nautilus, a submarine that roams the seas.',
    first_mes: 'Welcome aboard the Nautilus, {{user}}. I am {{char}}.',
    greeting: 'Welcome aboard the Nautilus, Dana. I am Captain Nemo.',
    tags: ['Submarines'],
    creator: 'Jules',
    nickname: 'Nemo',
    book: { keys: ['Nautilus'], content: 'The Nautilus runs on electricity from the sea.' },
    fact: 'Dana likes books by Jules Verne.',
  },
  he: {
    name: 'קפטן נמו',
    description: 'רב החובל של הנאוטילוס, צוללת ששטה במעמקי הים.',
    first_mes: 'ברוכים הבאים לנאוטילוס, {{user}}. אני {{char}}.',
    greeting: 'ברוכים הבאים לנאוטילוס, Dana. אני קפטן נמו.',
    tags: ['צוללות'],
    creator: 'ז׳ול',
    nickname: 'נמו',
    book: { keys: ['נאוטילוס'], content: 'הנאוטילוס פועלת בחשמל שמופק מן הים.' },
    fact: 'דנה אוהבת ספרים של Jules Verne.',
  },
};

/** A small book: its headings are found at upload; the fourth line is made one by hand. */
const BOOK = {
  en: [
    'From the Nautilus log.',
    'Chapter 1: The Monster',
    'Ships reported a great beast in the Pacific in 1866.',
    'The Frigate',
    'The Abraham Lincoln sailed from New York to hunt it.',
    'Chapter 2: Aboard',
    'Professor Aronnax woke inside the Nautilus.',
  ],
  he: [
    'מיומן הנאוטילוס.',
    'פרק 1: המפלצת',
    'ספינות דיווחו על חיה ענקית באוקיינוס השקט בשנת 1866.',
    'הפריגטה Abraham Lincoln',
    'הפריגטה יצאה מניו יורק כדי לצוד אותה.',
    'פרק 2: על הסיפון',
    'הפרופסור ארונקס התעורר בתוך הנאוטילוס.',
  ],
};

/** A Character Card V2 as SillyTavern writes it. */
function cardJson(lang: 'he' | 'en') {
  const c = CARD[lang];
  return {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name: c.name,
      description: c.description,
      personality: '',
      scenario: '',
      first_mes: c.first_mes,
      mes_example: '',
      creator_notes: '',
      system_prompt: '',
      post_history_instructions: '',
      alternate_greetings: [],
      tags: c.tags,
      creator: c.creator,
      character_version: '',
      nickname: c.nickname,
      extensions: {},
      character_book: {
        entries: [
          { keys: c.book.keys, content: c.book.content, enabled: true, insertion_order: 0 },
        ],
        extensions: {},
      },
    },
  };
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A 2×2 PNG carrying the card in a `chara` text chunk, as card editors write it. */
function cardPng(card: unknown): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = Buffer.from([0, 20, 60, 120, 20, 60, 120, 0, 20, 60, 120, 20, 60, 120]);
  const text = Buffer.concat([
    Buffer.from('chara\0', 'latin1'),
    Buffer.from(Buffer.from(JSON.stringify(card), 'utf8').toString('base64'), 'latin1'),
  ]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('tEXt', text),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** One action through the API as the signed-in user. */
async function api<T>(page: Page, body: Record<string, unknown>): Promise<T & { Error: number }> {
  return page.evaluate(async (body) => {
    const xsrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '';
    const res = await fetch('/api', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as T & { Error: number };
  }, body);
}

/** Imports a card file on the new-character screen; answers the new character's id. */
async function importCard(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.goto('/createdit');
  const box = page.getByTestId('card-import');
  await expect(box).toBeVisible({ timeout: 30_000 });
  await box.locator('input[type="file"]').setInputFiles(file);
  await page.waitForURL(/\/createdit\/[A-Za-z0-9]+$/, { timeout: 30_000 });
  await expect(page.getByTestId('card-import-report')).toBeVisible();
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

async function download(page: Page, testid: string): Promise<Buffer> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(testid).click(),
  ]);
  return readFileSync((await file.path())!);
}

async function send(page: Page, text: string) {
  const input = page.getByTestId('chat-input');
  await expect(input).toBeEnabled({ timeout: 60_000 });
  await input.fill(text);
  await input.press('Enter');
  const last = page.getByTestId('chat-message').last();
  await expect(last).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
}

type Fact = { id: number; text: string; messageid: number | null; subject: string | null };

for (const lang of ['en', 'he'] as const) {
  test(`cards in and out; memory facts corrected and traced; horizon at 390 (${lang})`, async ({
    page,
  }, info) => {
    // A bound, not a wait: the shared machine can be very slow.
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signedInUser(page, lang, `cards-${lang}`, { name: 'Dana', grant: 'canadd' });

    // ---- import a card made here: JSON in English, PNG in Hebrew ----
    const card = cardJson(lang);
    const made =
      lang === 'en'
        ? {
            name: 'nemo.json',
            mimeType: 'application/json',
            buffer: Buffer.from(JSON.stringify(card)),
          }
        : { name: 'nemo.png', mimeType: 'image/png', buffer: cardPng(card) };
    await page.goto('/createdit');
    await expect(page.getByTestId('card-import')).toBeVisible({ timeout: 30_000 });
    await shot(page, info, `cards-new-${lang}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('card-import-button')).toBeInViewport();
    await shot(page, info, `cards-new-${lang}-390`);
    await page.setViewportSize({ width: 1280, height: 900 });
    const friendid = await importCard(page, made);
    const lost = page.getByTestId('card-import-lost');
    // The nickname is what the app cannot keep, said in the user's language; the tag that is
    // no category, the creator and the lorebook are kept, in the studio's card panel.
    await expect(lost).toContainText(CARD[lang].nickname);
    await expect(lost).not.toContainText(CARD[lang].tags[0]!);
    await expect(lost).not.toContainText(CARD[lang].creator);
    await expect(page.getByTestId('studio-card')).toContainText(CARD[lang].tags[0]!);
    await expect(page.getByTestId('studio-card-creator')).toHaveValue(CARD[lang].creator);
    const entry = page.getByTestId('studio-lore-entry').first();
    await expect(entry).toContainText(CARD[lang].book.keys[0]!);
    await expect(entry.locator('textarea').first()).toHaveValue(CARD[lang].book.content);
    await expect(page.getByTestId('studio-name')).toHaveValue(CARD[lang].name);
    // The studio keeps the macros as written (the export gives them back).
    await expect(page.getByTestId('studio-firstprompt')).toHaveValue(CARD[lang].first_mes);
    await expect(page.getByTestId('studio-citations')).toBeChecked();
    await shot(page, info, `cards-imported-${lang}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('card-import-report')).toBeVisible();
    await shot(page, info, `cards-imported-${lang}-390`);
    await page.setViewportSize({ width: 1280, height: 900 });

    // ---- export it back: V3 JSON and PNG ----
    const v3 = JSON.parse((await download(page, 'studio-export-v3')).toString('utf8')) as {
      spec: string;
      data: {
        name: string;
        first_mes: string;
        character_book?: { entries: { content: string }[] };
      };
    };
    expect(v3.spec).toBe('chara_card_v3');
    expect(v3.data.name).toBe(CARD[lang].name);
    expect(v3.data.first_mes).toBe(CARD[lang].first_mes);
    expect(v3.data.character_book?.entries.map((e) => e.content)).toContain(
      CARD[lang].book.content,
    );
    const png = await download(page, 'studio-export-png');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    await page.getByTestId('studio-book').scrollIntoViewIfNeeded();
    await shot(page, info, `cards-studio-book-${lang}-1280`);

    // The exported PNG comes back in as a new character of the same name (its own id).
    const again = await importCard(page, {
      name: 'exported.png',
      mimeType: 'image/png',
      buffer: png,
    });
    expect(again).not.toBe(friendid);
    await expect(page.getByTestId('studio-name')).toHaveValue(CARD[lang].name);

    // ---- the list's search finds the two imports by their free tag ----
    await page.goto('/main');
    await expect(page.getByTestId('friend-card').first()).toBeVisible();
    await page.getByTestId('friends-search').fill(CARD[lang].tags[0]!);
    const found = page.getByTestId('friend-card');
    await expect(found).toHaveCount(2);
    expect(
      await found.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-friendid'))),
    ).toEqual(expect.arrayContaining([friendid, again]));
    await shot(page, info, `cards-search-${lang}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(found).toHaveCount(2);
    await shot(page, info, `cards-search-${lang}-390`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/createdit/${again}`);
    await expect(page.getByTestId('studio-name')).toHaveValue(CARD[lang].name);

    // ---- the files manager: a book's chapters, split at a line and saved ----
    const up = await page.evaluate(
      async ({ friend, text }) => {
        const xsrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '';
        const form = new FormData();
        form.append('friend', friend);
        form.append('friendtype', '0');
        form.append('file', new Blob([text], { type: 'text/plain' }), 'voyage.txt');
        const res = await fetch('/api/upload', {
          method: 'POST',
          headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
          body: form,
        });
        return res.text();
      },
      { friend: again, text: BOOK[lang].join('\n\n') },
    );
    expect(up).toMatch(/^OK/);
    await page.getByTestId('studio-files').click();
    const chaptersButton = page.getByTestId('files-chapters').first();
    await expect(chaptersButton).toContainText('2');
    await chaptersButton.click();
    const chapters = page.getByTestId('file-chapters');
    await expect(chapters.getByTestId('file-chapter')).toHaveCount(2);
    await chapters.getByTestId('file-chapter-add-line').fill(BOOK[lang][3]!);
    await chapters.getByTestId('file-chapter-add').click();
    await chapters.getByTestId('file-chapters-save').click();
    await expect(chapters.getByTestId('file-chapters-saved')).toBeVisible();
    await expect(chapters.getByTestId('file-chapter-line')).toHaveText([
      BOOK[lang][1]!,
      BOOK[lang][3]!,
      BOOK[lang][5]!,
    ]);
    await shot(page, info, `files-chapters-${lang}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(chapters).toBeVisible();
    await shot(page, info, `files-chapters-${lang}-390`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.keyboard.press('Escape');

    // ---- chat until the memory learns a fact ----
    await page.goto(`/chat/${friendid}`);
    const greeting = page.getByTestId('chat-message').first();
    await expect(greeting).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    // The first greeting as the reader sees it: {{user}} and {{char}} replaced.
    await expect(greeting).toContainText(CARD[lang].greeting);
    await expect(greeting).not.toContainText('{{');
    await shot(page, info, `cards-greeting-${lang}-1280`);
    // The model sees the greeting replaced, and the lorebook entry its key triggers.
    await send(
      page,
      lang === 'he'
        ? 'ספר לי על הנאוטילוס. הראה את ההנחיות'
        : 'Tell me about the Nautilus. show your prompt',
    );
    const given = page.getByTestId('chat-message').last();
    await expect(given).toContainText(CARD[lang].book.content);
    await expect(given).toContainText(CARD[lang].greeting);
    await expect(given).not.toContainText('{{user}}');
    const lines =
      lang === 'he'
        ? ['שלום, קוראים לי דנה.', 'אני אוהבת לקרוא ספרים.', 'מה שלום הצוללת?']
        : ['Hello, my name is Dana.', 'I love reading books.', 'How is the submarine?'];
    for (const line of lines) await send(page, line);
    let facts: Fact[] = [];
    await expect
      .poll(
        async () => {
          facts = (await api<{ facts: Fact[] }>(page, { action: 'GetMemoryFacts', friendid }))
            .facts;
          return facts.length;
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
    const learned = facts[0]!;
    expect(learned.messageid).not.toBeNull();

    // ---- the memory list: correct the fact, then jump to its source ----
    await page.getByTestId('memory-open').click();
    const item = page.getByTestId('memory-fact').first();
    await expect(item).toBeVisible();
    await item.getByTestId('memory-fact-edit').click();
    await page.getByTestId('memory-fact-input').fill(CARD[lang].fact);
    await page.getByTestId('memory-fact-save').click();
    await expect(item.getByTestId('memory-fact-text')).toHaveText(CARD[lang].fact);
    await expect(page.getByTestId('memory-facts-message')).not.toBeEmpty();
    await shot(page, info, `memory-facts-${lang}-1280`);
    const stored = (await api<{ facts: Fact[] }>(page, { action: 'GetMemoryFacts', friendid }))
      .facts;
    expect(stored.map((f) => f.text)).toContain(CARD[lang].fact);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(item).toBeVisible();
    await shot(page, info, `memory-facts-${lang}-390`);
    // Nothing stands past the page's edges (right to left included).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await item.getByTestId('memory-fact-jump').click();
    await expect(page.getByTestId('memory-facts')).toBeHidden();
    const hit = page.locator('.chat-list__row--hit [data-testid="chat-message"]');
    await expect(hit).toHaveAttribute('data-id', String(learned.messageid));
    await expect(hit).toBeInViewport();
    await shot(page, info, `memory-jump-${lang}-1280`);

    // ---- the spoiler horizon from the drawer at 390 px ----
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('chat-panel-open').click();
    const button = page.getByTestId('horizon-button');
    await expect(button).toBeVisible();
    await button.click();
    const horizon = page.getByTestId('horizon-popover');
    await expect(horizon).toBeInViewport();
    await horizon.getByTestId('horizon-input').fill('3');
    await horizon.getByTestId('horizon-save').click();
    await expect(horizon.getByRole('status')).toContainText('3');
    await expect(button).toContainText('3');
    await shot(page, info, `cards-horizon-${lang}-390`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const saved = await api<{ chapter: number | null }>(page, {
      action: 'GetSetHorizon',
      friendid,
    });
    expect(saved.chapter).toBe(3);
  });
}
