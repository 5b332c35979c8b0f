/**
 * The service worker (built by vite-plugin-pwa, injectManifest): the app shell and hashed
 * assets precached so the app opens at once and offline; updates wait until the page says
 * it is a safe moment (SKIP_WAITING); Web Push messages shown as notifications that open
 * the right chat. Typed locally: the DOM and WebWorker libraries cannot share one program.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { DirectPaths } from '../../protocol/paths.ts';
import { PUSH_SKIP_WHEN_VISIBLE, parsePushMessage } from '../../protocol/push.ts';
import { findOfflineCopy, OFFLINE_HEADER } from '../shared/offline/offline-copy.ts';

interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { text(): string } | null;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Promise<Response>): void;
}
interface NotificationClickEvent extends ExtendableEvent {
  notification: { data: unknown; close(): void };
}
interface WindowClient {
  url: string;
  focused: boolean;
  visibilityState: DocumentVisibilityState;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface SwScope {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
  location: Location;
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  clients: {
    claim(): Promise<void>;
    matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', h: (e: MessageEvent) => void): void;
  addEventListener(type: 'activate', h: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'push', h: (e: PushEvent) => void): void;
  addEventListener(type: 'fetch', h: (e: FetchEvent) => void): void;
  addEventListener(type: 'notificationclick', h: (e: NotificationClickEvent) => void): void;
}
declare const self: SwScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Every page of the app is the same shell; the server's own paths are never answered from it.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/files\//],
  }),
);

// The last conversations offline: the network first, the page's copy when it fails
// (shared/offline/offline-copy.ts). Only requests the page marked; nothing else is touched.
self.addEventListener('fetch', (e) => {
  const r = e.request;
  if (r.method !== 'POST' || !r.headers.has(OFFLINE_HEADER)) return;
  if (new URL(r.url).pathname !== '/api') return;
  e.respondWith(networkOrCopy(r));
});

// The public config (no user's data), network first: offline the app opens on the last one
// it had, instead of waiting for a load that cannot succeed.
const CONFIG_CACHE = 'sefer-config-v1';
self.addEventListener('fetch', (e) => {
  const r = e.request;
  if (r.method !== 'GET' || new URL(r.url).pathname !== DirectPaths.config) return;
  e.respondWith(configNetworkFirst(r));
});

async function configNetworkFirst(r: Request): Promise<Response> {
  const cache = await caches.open(CONFIG_CACHE);
  let res: Response;
  try {
    res = await fetch(r);
  } catch (err) {
    const copy = await cache.match(DirectPaths.config);
    if (copy) return copy;
    throw err;
  }
  if (res.ok) {
    // A full disk: the app works on, only without the config offline.
    await cache.put(DirectPaths.config, res.clone()).catch((err: unknown) => {
      console.info('config not kept offline', err);
    });
  }
  return res;
}

async function networkOrCopy(r: Request): Promise<Response> {
  const body = await r.clone().text();
  let res: Response;
  try {
    res = await fetch(r);
  } catch (err) {
    const copy = await findOfflineCopy(body);
    if (copy) return copy;
    throw err;
  }
  // The server itself is out of reach behind a proxy: the copy is better than an error page.
  if (res.status === 502 || res.status === 503 || res.status === 504)
    return (await findOfflineCopy(body)) ?? res;
  return res;
}

self.addEventListener('message', (e) => {
  if ((e.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first install takes the open page over, so it works offline from then on.
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));

async function windows() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

self.addEventListener('push', (e) => {
  const msg = parsePushMessage(e.data?.text() ?? '');
  if (!msg) return;
  e.waitUntil(
    (async () => {
      // "An answer finished while you were away": someone looking at the app needs no ping.
      if (PUSH_SKIP_WHEN_VISIBLE.has(msg.kind)) {
        const open = await windows();
        if (open.some((c) => c.focused && c.visibilityState === 'visible')) return;
      }
      await self.registration.showNotification(msg.title, {
        body: msg.body,
        tag: msg.tag,
        lang: msg.lang,
        dir: msg.lang === 'he' ? 'rtl' : 'ltr',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: msg.url },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (e) => {
  e.notification.close();
  const path = (e.notification.data as { url?: unknown } | null)?.url;
  const url = new URL(typeof path === 'string' ? path : '/', self.location.origin);
  // Only our own pages: a message can never send the reader elsewhere.
  const target = url.origin === self.location.origin ? url.href : self.location.origin;
  e.waitUntil(
    (async () => {
      const open = await windows();
      const tab = open.find((c) => c.url === target) ?? open[0];
      if (tab) {
        const focused = await tab.focus();
        if (tab.url !== target) await focused.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
