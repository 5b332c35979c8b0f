import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page, TestInfo } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.ts';

const run = promisify(execFile);

/** Decodes the quoted-printable body parts of an .eml enough to read links. */
function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** The sign-in link in the newest outbox mail to `email`, waiting for it to arrive. */
export async function linkFromOutbox(email: string, after = 0): Promise<string> {
  const dir = join(E2E_DATA_DIR, 'outbox');
  for (let i = 0; i < 100; i++) {
    if (existsSync(dir)) {
      const files = readdirSync(dir)
        .filter((f) => f.endsWith(`${email}.eml`))
        .map((f) => join(dir, f))
        .filter((f) => statSync(f).mtimeMs > after)
        .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
      if (files[0]) {
        const text = decodeQuotedPrintable(readFileSync(files[0], 'utf8'));
        const m = text.match(
          /https?:\/\/[^\s"<>]+\/login\/[A-Za-z0-9_-]+(\/friend\/[A-Za-z0-9]+)?/,
        );
        if (m) return m[0];
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no sign-in mail for ${email} in ${dir}`);
}

/** Runs the admin CLI (it goes through the running server). */
export async function admin(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: E2E_DATA_DIR };
  delete env.DATABASE_URL;
  const { stdout } = await run(process.execPath, ['src/server/admin/cli.ts', ...args], { env });
  return stdout.trim();
}

/** Saves a full-page screenshot under test-results/screenshots and attaches it to the report. */
export async function shot(page: Page, info: TestInfo, name: string) {
  const dir = join('test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await info.attach(name, { path, contentType: 'image/png' });
}

/** Unique across specs running side by side (two workers may ask in the same millisecond). */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The password of the users the specs make (each has its own e-mail). */
export const PASSWORD = 'e2e pass 12';

export interface NewUser {
  /** The display name (default: the e-mail's prefix). */
  name?: string;
  /** Rights, comma-separated (`canadd,imgedit,globalpriv`). */
  grant?: string;
  usertype?: number;
}

/** Makes a user through the admin CLI, with PASSWORD; returns its e-mail (unique). */
export async function createUser(prefix: string, user: NewUser = {}): Promise<string> {
  const email = uniqueEmail(prefix);
  const args = ['create-user', email, '--name', user.name ?? prefix, '--password', PASSWORD];
  if (user.usertype !== undefined) args.push('--usertype', String(user.usertype));
  if (user.grant) args.push('--grant', user.grant);
  await admin(...args);
  return email;
}

/** A new user (createUser) signed in on `page` in `lang`, on /main; returns the e-mail. */
export async function signedInUser(
  page: Page,
  lang: 'he' | 'en',
  prefix: string,
  user: NewUser = {},
): Promise<string> {
  const email = await createUser(prefix, user);
  await signInWithPassword(page, email, PASSWORD, lang);
  return email;
}

/** Password sign-in through the login form; lands on /main. */
export async function signInWithPassword(
  page: Page,
  email: string,
  password: string,
  lang: 'he' | 'en',
) {
  await page.goto(`/login?lang=${lang}`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-send').click();
  await page.getByTestId('login-password-mode').click();
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-connect').click();
  await page.waitForURL(/\/main$/);
}
