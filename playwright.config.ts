import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** The fake OpenAI-compatible model the app talks to (e2e/fake-model.ts). */
const FAKE_MODEL_PORT = Number(process.env.E2E_FAKE_MODEL_PORT ?? 3299);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '/tmp/sefer-e2e-data';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  // Spec files run side by side (the tests of one file in order): each spec makes its own
  // users and reads only counts of its own (docs/decisions.md). E2E_WORKERS=1 runs one at a time.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A bound per test, not a wait: with three CI runs side by side (load ~16) the longest
  // chat test (sign-in, two chats, a slow answer, four screenshots) passed 60 s.
  timeout: 120_000,
  // A bound, not a wait (web-first assertions return as soon as they hold): a busy machine
  // took over 10 s to open the studio.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // DOM snapshots of a failed test, without the screencast every passing test would pay for.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // Hebrew first: the browser says so, as most of our readers' browsers do.
    locale: 'he-IL',
    screenshot: 'only-on-failure',
    // Each test's fresh context would install the service worker and precache the whole
    // app again: work that tests nothing there. e2e/pwa.spec.ts allows it where it is tested.
    serviceWorkers: 'block',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: 'node e2e/fake-model.ts',
      url: `http://127.0.0.1:${FAKE_MODEL_PORT}/v1/models`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { FAKE_MODEL_PORT: String(FAKE_MODEL_PORT) },
    },
    {
      command: `rm -rf ${E2E_DATA_DIR} && node src/server/main.ts`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 300_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        // Counters in this server's memory: parallel runs never share them.
        REDIS_URL: '',
        OPENAI_COMPATIBLE_BASE_URL: `http://127.0.0.1:${FAKE_MODEL_PORT}/v1`,
        OPENAI_COMPATIBLE_MODELS: 'fake-model',
        // Spoken input through the fake's transcription endpoint (speech stays offline: espeak-ng).
        TRANSCRIPTION_MODEL: 'compatible:fake-whisper',
        // A fact is learned right after the turn that says it (cards-memory.spec.ts).
        MEMORY_DELAY_SECONDS: '0',
        // One browser makes every call: the global /api limit is not what these tests test.
        API_RATE_LIMIT: '100000',
        API_RATE_LIMIT_PER_IP: '100000',
        // Each test's reader comes from an address of its own (e2e/csp-guard.ts).
        TRUST_PROXY: '1',
      },
    },
  ],
});
