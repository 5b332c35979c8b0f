import { Workbox } from 'workbox-window';
import { whenSafe } from './safe-moment.ts';
import { captureInstallPrompt, setPwaState } from './pwa-state.ts';

/** Spec part 1 §9: the worker is registered when the page is stable, or after 30 s at most. */
const STABLE_WAIT_MS = 30_000;

function stable(): Promise<void> {
  return new Promise((resolve) => {
    // Safari has no requestIdleCallback: there the load event is stable enough.
    const idle = () =>
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(() => resolve(), { timeout: STABLE_WAIT_MS })
        : resolve();
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/**
 * Installs the service worker (production builds only). A new version is taken in at a safe
 * moment: the waiting worker is told to take over only when no answer is streaming and
 * nobody is typing, and the page reloads at such a moment once it has (spec part 1 §4).
 */
export function startServiceWorker() {
  captureInstallPrompt();
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js');
  // A new version was waiting (here or in another tab): taking control means a reload is due.
  let sawWaiting = false;
  wb.addEventListener('waiting', () => {
    sawWaiting = true;
    setPwaState({ updatePending: true });
    whenSafe(() => wb.messageSkipWaiting());
  });
  let reloading = false;
  wb.addEventListener('controlling', (e) => {
    // The very first install also takes control (clients.claim): nothing to reload then.
    if (!e.isUpdate && !sawWaiting) return;
    whenSafe(() => {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    });
  });
  // A page that stays open for days still hears of new versions when it comes back into view.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update().catch(() => undefined);
  });
  void stable()
    .then(() => wb.register())
    .catch((err: unknown) => console.warn('failed-service-worker-registration', err));
}
