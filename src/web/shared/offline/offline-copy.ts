/**
 * The last conversations, readable offline (issue 15). The page keeps a copy of a few read
 * answers (the conversation's newest page, its subjects, the list of characters) in Cache
 * Storage; the service worker (src/web/sw/sw.ts) answers those actions from the copy when the
 * network fails. Shared by the page and the worker: no window, no DOM at import.
 *
 * The copies are the signed-in user's: they are dropped at sign-out and when another user
 * signs in on this browser.
 */
export const OFFLINE_CACHE = 'sefer-offline-v1';
/** Marks the requests the worker may answer from a copy (it decides before reading the body). */
export const OFFLINE_HEADER = 'X-Offline-Copy';
/** Characters whose conversations are kept; older ones are dropped. */
export const KEEP_CONVERSATIONS = 5;

const READS = new Set(['RetrieveConversation', 'GetSubjects', 'GetFriends']);
const PREFIX = '/__offline__/';
const SAVED_AT = 'x-saved-at';

export function isOfflineRead(action: string): boolean {
  return READS.has(action);
}

type Input = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const part = (v: unknown) => encodeURIComponent(str(v));

/**
 * Where a copy of `action(input)` is kept: a made-up GET address (Cache Storage keeps GETs
 * only). Null for answers not kept (older pages of a conversation).
 */
export function offlineKey(action: string, input: Input): string | null {
  if (action === 'RetrieveConversation') {
    if (input.before !== undefined || !str(input.friendid)) return null;
    // No subject asked: the server opens the most recent one, the copy the last one shown.
    return `${PREFIX}conversation/${part(input.friendid)}/${part(input.subject)}`;
  }
  if (action === 'GetSubjects') {
    return str(input.friendid) ? `${PREFIX}subjects/${part(input.friendid)}` : null;
  }
  if (action === 'GetFriends') {
    const { showall, categories, lang } = input;
    return `${PREFIX}friends?${part(JSON.stringify([showall ?? null, categories ?? null, lang ?? null]))}`;
  }
  return null;
}

/** The copy the worker answers with, if one is kept. */
export async function findOfflineCopy(body: string): Promise<Response | null> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { action, ...input } = parsed as Input;
  const key = isOfflineRead(str(action)) ? offlineKey(str(action), input) : null;
  if (!key) return null;
  const cache = await caches.open(OFFLINE_CACHE);
  return (await cache.match(key)) ?? null;
}

/** Copies are kept only where a service worker can give them back. */
function keeping(): boolean {
  return (
    typeof caches !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    !!navigator.serviceWorker?.controller
  );
}

/**
 * Keeps a successful answer. A conversation is kept under the subject asked, the subject the
 * server answered with, and as the character's last shown one; then only the conversations of
 * the last KEEP_CONVERSATIONS characters stay.
 */
export async function saveOfflineCopy(action: string, input: Input, answer: object) {
  if (!keeping() || !isOfflineRead(action)) return;
  const keys = new Set<string>();
  const add = (i: Input) => {
    const k = offlineKey(action, i);
    if (k) keys.add(k);
  };
  add(input);
  if (action === 'RetrieveConversation' && input.before === undefined) {
    add({ friendid: input.friendid, subject: (answer as { subject?: unknown }).subject });
    add({ friendid: input.friendid });
  }
  if (!keys.size) return;
  try {
    const cache = await caches.open(OFFLINE_CACHE);
    const text = JSON.stringify(answer);
    const headers = { 'content-type': 'application/json', [SAVED_AT]: String(Date.now()) };
    for (const k of keys) await cache.put(k, new Response(text, { headers }));
    if (action === 'RetrieveConversation') await prune(cache);
  } catch (err) {
    // A full disk or a private window: the app works on, only not offline.
    console.info('offline copy not kept', err);
  }
}

/** Drops the conversations (and subjects) of all but the last characters shown. */
async function prune(cache: Cache) {
  const newest = new Map<string, number>();
  const entries: { url: string; friend: string }[] = [];
  for (const req of await cache.keys()) {
    const m = new URL(req.url).pathname.match(/^\/__offline__\/(conversation|subjects)\/([^/]+)/);
    if (!m) continue;
    entries.push({ url: req.url, friend: m[2]! });
    if (m[1] !== 'conversation') continue;
    const at = Number((await cache.match(req))?.headers.get(SAVED_AT) ?? 0);
    newest.set(m[2]!, Math.max(at, newest.get(m[2]!) ?? 0));
  }
  const keep = new Set(
    [...newest.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, KEEP_CONVERSATIONS)
      .map(([f]) => f),
  );
  for (const e of entries) if (!keep.has(e.friend)) await cache.delete(e.url);
}

/** Sign-out, or another user: nothing of the previous user stays on the device. */
export async function clearOfflineCopies() {
  if (typeof caches === 'undefined') return;
  await caches.delete(OFFLINE_CACHE).catch(() => false);
}
