import { loadConfig } from './config.ts';

const XSRF_COOKIE = 'XSRF-TOKEN';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/** The value every POST copies into X-XSRF-TOKEN; GET /api/config sets the cookie when missing. */
export async function xsrfToken(): Promise<string> {
  const now = readCookie(XSRF_COOKIE);
  if (now) return now;
  await loadConfig();
  return readCookie(XSRF_COOKIE) ?? '';
}
