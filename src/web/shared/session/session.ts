import { GUEST_PREFIX, GUEST_SUFFIX_LENGTH } from '../../../protocol/constants.ts';
import { clearOfflineCopies } from '../offline/offline-copy.ts';
import { storage } from '../storage/storage.ts';

/** The fields of a sign-in answer the browser keeps (CheckToken, SendToken, Google). */
export interface SignedIn {
  email: string;
  fullname: string;
  type: number;
  friendid?: string | undefined;
}

export function saveSignIn(answer: SignedIn): void {
  // Someone else on this browser: the previous user's offline copies go.
  if (storage.get('email') !== answer.email) void clearOfflineCopies();
  storage.set('email', answer.email);
  storage.set('fullname', answer.fullname);
  storage.set('usertype', answer.type);
  storage.remove('tmp_token');
  if (answer.friendid) storage.set('friendid', answer.friendid);
}

/** The session ended on the server: forget who we were, keep the language and the rest. */
export function forgetUser(): void {
  void clearOfflineCopies();
  storage.remove('email');
  storage.remove('fullname');
  storage.remove('usertype');
}

export function isAssistantHost(hostname: string, word: string | null | undefined): boolean {
  return !!word && hostname.toLowerCase().includes(word.toLowerCase());
}

export function defaultModule(assistantHost: boolean): string {
  return assistantHost ? 'assistant' : 'main';
}

/** A return module from the URL is a single path segment, never an address elsewhere. */
export function safeModule(retmodule: string | undefined, assistantHost: boolean): string {
  return retmodule && /^[A-Za-z0-9_-]{1,40}$/.test(retmodule)
    ? retmodule
    : defaultModule(assistantHost);
}

/**
 * Where to go after signing in (spec part 1 §4): the stored character's chat if any (the
 * reminder is then used up), otherwise the return module.
 */
export function afterSignInPath(retmodule: string | undefined, assistantHost: boolean): string {
  const friendid = storage.get('friendid');
  if (friendid) {
    storage.remove('friendid');
    return `/chat/${friendid}`;
  }
  return `/${safeModule(retmodule, assistantHost)}`;
}

/** Guests on the landing page get a temporary identity (spec part 1 §4). */
export function ensureGuestToken(random: () => number = Math.random): string {
  const existing = storage.get('tmp_token');
  if (existing) return existing;
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let suffix = '';
  const bytes = new Uint8Array(GUEST_SUFFIX_LENGTH);
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
  else bytes.forEach((_, i) => (bytes[i] = Math.floor(random() * 256)));
  for (const b of bytes) suffix += chars[b % chars.length];
  const token = GUEST_PREFIX + suffix;
  storage.set('tmp_token', token);
  return token;
}
