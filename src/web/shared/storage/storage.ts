import type { Lang } from '../../../protocol/errors.ts';

/**
 * What the browser keeps about the user (spec part 1 §3). The session token is NOT here:
 * it lives in an httpOnly cookie the page cannot read.
 */
export interface StoredValues {
  email: string;
  fullname: string;
  usertype: number;
  /** A character to open after sign-in. */
  friendid: string;
  lang: Lang;
  currency: string;
  /** Guest identity on the landing page: 'tmp_' + 8 characters. */
  tmp_token: string;
  /** The chat's current subject (cleared when the chat switches to another character). */
  subject: string;
  /** The character the user's details are for (chat route parameter or answer marker). */
  detailsfor: string;
}

export type StoredKey = keyof StoredValues;

export const STORED_KEYS: readonly StoredKey[] = [
  'email',
  'fullname',
  'usertype',
  'friendid',
  'lang',
  'currency',
  'tmp_token',
  'subject',
  'detailsfor',
];

type Parser<K extends StoredKey> = (raw: string) => StoredValues[K] | null;

const text = (raw: string) => (raw === '' ? null : raw);
const parsers: { [K in StoredKey]: Parser<K> } = {
  email: text,
  fullname: text,
  usertype: (raw) => (/^\d+$/.test(raw) ? Number(raw) : null),
  friendid: (raw) => (/^[A-Za-z0-9]+$/.test(raw) ? raw : null),
  lang: (raw) => (raw === 'he' || raw === 'en' ? raw : null),
  currency: text,
  tmp_token: text,
  subject: text,
  detailsfor: (raw) => (/^[A-Za-z0-9]+$/.test(raw) ? raw : null),
};

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((fn) => fn());

// Private browsing and disabled storage throw on access: the app then simply forgets.
function backend(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const storage = {
  get<K extends StoredKey>(key: K): StoredValues[K] | null {
    let raw: string | null;
    try {
      raw = backend()?.getItem(key) ?? null;
    } catch {
      return null;
    }
    return raw === null ? null : parsers[key](raw);
  },

  /** `null` or `undefined` removes the key. */
  set<K extends StoredKey>(key: K, value: StoredValues[K] | null | undefined): void {
    try {
      if (value === null || value === undefined) backend()?.removeItem(key);
      else backend()?.setItem(key, String(value));
    } catch {
      // quota or disabled storage: nothing to do
    }
    notify();
  },

  remove(key: StoredKey): void {
    storage.set(key, null);
  },

  /** Sign-out: the spec clears all of the browser's storage. */
  clear(): void {
    try {
      backend()?.clear();
    } catch {
      // ignore
    }
    notify();
  },

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onOtherTab = (e: StorageEvent) => {
      if (e.key === null || (STORED_KEYS as readonly string[]).includes(e.key)) listener();
    };
    window.addEventListener('storage', onOtherTab);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onOtherTab);
    };
  },
};
