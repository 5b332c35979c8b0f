import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEspeak, espeakTask } from '../src/server/ai/media/espeak.ts';
import { readWav, wavFile } from '../src/server/ai/media/wav.ts';
import { E2E_DATA_DIR } from '../playwright.config.ts';
import { expect, test, type Page } from './csp-guard.ts';
import { shot, signedInUser } from './support.ts';

/**
 * Voice in a real Chromium with a fake microphone: Chromium plays a WAV spoken by espeak-ng
 * (then silence) as the microphone; the chat hears it, the fake transcription server writes
 * it down, the fake model answers, and the answer is read aloud by the offline voice.
 */

const MIC_WAV = join(E2E_DATA_DIR + '-mic', 'question.wav');

/** A question spoken by espeak-ng, followed by 2.5 s of silence so the turn ends. */
async function makeMicWav() {
  const espeak = createEspeak({ maxThreads: 1 });
  try {
    const spoken = await espeak.synthesize(espeakTask('שלום הולמס, מה שלומך היום?', 'onyx', 'he'));
    const wav = readWav(spoken)!;
    const pcm = new Int16Array(
      spoken.buffer.slice(
        spoken.byteOffset + wav.dataOffset,
        spoken.byteOffset + wav.dataOffset + (wav.dataLength & ~1),
      ),
    );
    const out = new Int16Array(pcm.length + Math.round(wav.sampleRate * 2.5));
    out.set(pcm);
    mkdirSync(join(E2E_DATA_DIR + '-mic'), { recursive: true });
    writeFileSync(MIC_WAV, wavFile(out, wav.sampleRate));
  } finally {
    await espeak.close();
  }
}

await makeMicWav();

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${MIC_WAV}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
  permissions: ['microphone'],
});

async function signIn(page: Page, lang: 'he' | 'en') {
  await signedInUser(page, lang, `voice-${lang}`, { name: lang === 'he' ? 'דנה' : 'Dana' });
}

/** Counts the clips the page has played to their end (the read-aloud element's `ended`). */
async function countEndedClips(page: Page) {
  await page.evaluate(() => {
    const w = window as { __ended?: number };
    w.__ended = 0;
    document.addEventListener('ended', () => (w.__ended = (w.__ended ?? 0) + 1), true);
  });
  return () => page.evaluate(() => (window as { __ended?: number }).__ended ?? 0);
}

test('a spoken question gets a spoken answer (fake microphone, offline voice)', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await signIn(page, 'he');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/chat/holmes');
  await expect(page.getByTestId('chat-message').first()).toBeVisible();
  const ended = await countEndedClips(page);

  const speech = page.waitForResponse((r) => r.url().endsWith('/api/speech'));
  await page.getByTestId('chat-mic').click();
  await expect(page.getByTestId('voice-bar')).toHaveAttribute(
    'data-phase',
    /listening|transcribing|answering/,
  );
  await expect(page.getByTestId('voice-circle')).toBeVisible();
  await shot(page, info, 'voice-listening-he-1280');

  // The fake transcription server writes down its fixed Hebrew sentence; it is sent as the message.
  const sent = page.locator('[data-testid="chat-message"][data-role="user"]', {
    hasText: 'שלום, זה תמלול מהשרת המדומה.',
  });
  await expect(sent).toBeVisible({ timeout: 40_000 });
  // The answer is read aloud by the offline voice: real WAV, and the page says it is offline.
  const first = await speech;
  expect(first.status()).toBe(200);
  expect(first.headers()['content-type']).toBe('audio/wav');
  expect(first.headers()['x-speech-offline']).toBe('1');
  // Real audio, not an empty answer (the unit tests check the WAV header and that it is not silent).
  expect(Number(first.headers()['content-length'])).toBeGreaterThan(10_000);
  await expect(page.getByTestId('voice-offline')).toBeVisible();
  await expect.poll(ended, { timeout: 40_000 }).toBeGreaterThan(0);
  await shot(page, info, 'voice-answering-he-1280');
  // Read to the end, the microphone listens again (conversation mode); the end control ends it.
  await expect(page.getByTestId('voice-bar')).toHaveAttribute(
    'data-phase',
    /listening|transcribing|answering/,
  );
  await page.getByTestId('voice-end').click();
  await expect(page.getByTestId('voice-bar')).toHaveCount(0);
});

test('read-aloud on an answer, and the controls in both languages at 1280 and 390 px', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await signIn(page, 'en');
  for (const lang of ['en', 'he'] as const) {
    // The language switch in the header (the page turns right-to-left for Hebrew).
    if (lang === 'he') await page.getByRole('button', { name: 'עברית' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/chat/${lang === 'en' ? 'holmesen' : 'holmes'}`);
    const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').first();
    await expect(answer).toBeVisible();
    const speech = page.waitForResponse((r) => r.url().endsWith('/api/speech'));
    await answer.getByTestId('read-aloud').click();
    expect((await speech).status()).toBe(200);
    await expect(answer.getByTestId('read-aloud')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('voice-offline')).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await shot(page, info, `voice-read-${lang}-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await answer.getByTestId('read-aloud').click();
    await expect(answer.getByTestId('read-aloud')).toHaveAttribute('aria-pressed', 'false');
  }
});
