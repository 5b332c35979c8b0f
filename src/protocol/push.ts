/**
 * What the server pushes to a browser (Web Push payload, JSON) and how the service worker
 * reads it. Zod-free: the service worker imports it as a value.
 */

/** The three things a user may be told about (each a setting, see PushSettings). */
export const PushKinds = ['turn', 'image', 'shared'] as const;
export type PushKind = (typeof PushKinds)[number];

export interface PushMessage {
  kind: PushKind;
  title: string;
  body: string;
  /** A path of our app the notification opens (the chat of the character). */
  url: string;
  /** Notifications with one tag replace each other (one per chat). */
  tag: string;
  lang: 'he' | 'en';
}

/** Kinds not shown while a page of the app is in front of the user. */
export const PUSH_SKIP_WHEN_VISIBLE: ReadonlySet<PushKind> = new Set<PushKind>(['turn']);

/** Push subscriptions are renewed after this long (spec part 1 §9: token refresh after 7 days). */
export const PUSH_REFRESH_MS = 7 * 24 * 3600 * 1000;

/** The payload, or null when it is not one of ours. */
export function parsePushMessage(text: string): PushMessage | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const m = v as Record<string, unknown>;
  const str = (k: string) => (typeof m[k] === 'string' ? (m[k] as string) : null);
  const kind = str('kind');
  const title = str('title');
  const url = str('url');
  if (!kind || !(PushKinds as readonly string[]).includes(kind) || !title || !url) return null;
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  return {
    kind: kind as PushKind,
    title,
    body: str('body') ?? '',
    url,
    tag: str('tag') ?? kind,
    lang: str('lang') === 'en' ? 'en' : 'he',
  };
}
