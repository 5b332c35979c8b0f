import { call } from '../api/client.ts';
import { deviceId } from '../push/push-client.ts';

function countsVisits(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack !== '1' && nav.globalPrivacyControl !== true;
}

/** The last screen counted: a screen shown again (a new title, a remount) is one view. */
let last: string | null = null;

/**
 * One page view of a screen the reader sees (issue 38, defect 16). Called when a screen sets
 * its title (usePageTitle), so a redirect (`/`, a guard sending to /login) that shows nothing
 * is no view, and the first load counts once. Never with Do Not Track (nor Global Privacy
 * Control). A failure costs one count and is logged, never shown.
 */
export function screenShown(pathname: string): void {
  if (pathname === last) return;
  last = pathname;
  if (!countsVisits()) return;
  void Promise.resolve()
    .then(() => call('TrackPageView', { path: pathname, visitor: deviceId() }))
    .catch((err: unknown) => console.warn('page view not counted', err));
}

/** For tests: forget the last screen counted. */
export function resetPageViews(): void {
  last = null;
}
