import { PUSH_REFRESH_MS } from '../../../protocol/push.ts';
import { call } from '../api/client.ts';

/**
 * Web Push in the browser: permission asked only from a click, the subscription registered
 * with UpdateFCMToken (spec part 1 §3 and §4), renewed after 7 days (§9), removed on sign-out.
 * Failures (spec §8's permission-blocked, unsupported-browser, token-subscribe-failed,
 * token-update-failed, token-unsubscribe-failed…) are answered as a state and logged once,
 * never thrown at the page.
 */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';
export type EnableResult = PushState | 'failed';

const UDID_KEY = 'sefer.push.udid';
const AT_KEY = 'sefer.push.at';

/** A random id this browser keeps for itself (spec "udid"; not a fingerprint). */
export function deviceId(): string {
  let id = localStorage.getItem(UDID_KEY);
  if (!id) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = btoa(String.fromCharCode(...bytes)).replace(/[+/=]/g, (c) =>
      c === '+' ? '-' : c === '/' ? '_' : '',
    );
    localStorage.setItem(UDID_KEY, id);
  }
  return id;
}

function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function quiet(code: string, err?: unknown) {
  console.info(`push: ${code}`, err ?? '');
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function register(sub: PushSubscription, now: number): Promise<boolean> {
  try {
    const r = await call('UpdateFCMToken', {
      token: JSON.stringify(sub.toJSON()),
      udid: deviceId(),
    });
    if (r.Error !== 0) {
      quiet('token-update-failed', r.Errstr);
      return false;
    }
    localStorage.setItem(AT_KEY, String(now));
    return true;
  } catch (err) {
    quiet('token-update-failed', err);
    return false;
  }
}

/** This device's state, without asking anything. */
export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Turns notifications on for this device. Call it from a click (the permission prompt). */
export async function enablePush(vapidKey: string, now = Date.now()): Promise<EnableResult> {
  if (!supported()) return 'unsupported';
  let permission: NotificationPermission;
  try {
    permission = await Notification.requestPermission();
  } catch (err) {
    quiet('permission-default', err);
    return 'failed';
  }
  if (permission === 'denied') {
    quiet('permission-blocked');
    return 'blocked';
  }
  if (permission !== 'granted') {
    quiet('permission-default');
    return 'off';
  }
  const reg = await (navigator.serviceWorker.ready as Promise<ServiceWorkerRegistration>).catch(
    () => null,
  );
  if (!reg) {
    quiet('failed-service-worker-registration');
    return 'failed';
  }
  let sub: PushSubscription | null;
  try {
    sub = await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(vapidKey),
    });
  } catch (err) {
    quiet('token-subscribe-failed', err);
    return 'failed';
  }
  if (!sub) {
    quiet('token-subscribe-no-token');
    return 'failed';
  }
  return (await register(sub, now)) ? 'on' : 'failed';
}

/** Turns them off here: the subscription is dropped in the browser and on the server. */
export async function disablePush(): Promise<void> {
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription().catch(() => null);
  // Never turned on here (or already off): nothing to tell the server.
  if (!sub && !localStorage.getItem(AT_KEY)) return;
  try {
    await sub?.unsubscribe();
  } catch (err) {
    quiet('token-unsubscribe-failed', err);
  }
  try {
    await call('UpdateFCMToken', { token: '', udid: deviceId() });
  } catch (err) {
    quiet('token-unsubscribe-failed', err);
  }
  localStorage.removeItem(AT_KEY);
}

/**
 * At start, signed in: a subscription registered more than 7 days ago is registered again
 * (a new one if the server's key changed), so the server's copy stays current.
 */
export async function refreshPushIfDue(now = Date.now()): Promise<void> {
  if (!supported() || Notification.permission !== 'granted') return;
  const at = Number(localStorage.getItem(AT_KEY) ?? 0);
  if (now - at < PUSH_REFRESH_MS) return;
  const reg = await registration();
  let sub = (await reg?.pushManager.getSubscription().catch(() => null)) ?? null;
  if (!reg || !sub) return;
  const settings = await call('GetSetPushSettings', {}).catch(() => null);
  if (!settings || settings.Error !== 0) return;
  const vapidKey = settings.vapidkey;
  const current = sub.options?.applicationServerKey;
  const key = keyBytes(vapidKey);
  if (current && !sameBytes(new Uint8Array(current), key)) {
    await sub.unsubscribe().catch(() => undefined);
    sub = await reg.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey: key })
      .catch((err: unknown) => {
        quiet('token-subscribe-failed', err);
        return null;
      });
    if (!sub) return;
  }
  await register(sub, now);
}

function sameBytes(a: Uint8Array, b: Uint8Array) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
