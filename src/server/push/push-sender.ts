import webpush from 'web-push';
import type { VapidKeys } from './vapid.ts';

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** `gone`: the push service no longer knows the subscription (HTTP 404 or 410). */
export type PushResult = 'sent' | 'gone';

export class PushSendError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.status = status;
  }
}

/**
 * The Push port: Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload
 * encryption (RFC 8291). web-push builds and encrypts the request; we send it with fetch
 * (web-push's own sender speaks https only, and a test's local push service is http).
 */
export interface PushPort {
  publicKey: string;
  send(sub: StoredSubscription, payload: string, ttlSeconds?: number): Promise<PushResult>;
  describe(): string;
}

const TIMEOUT_MS = 10_000;

export function webPushSender(keys: VapidKeys, subject: string): PushPort {
  return {
    publicKey: keys.publicKey,
    async send(sub, payload, ttlSeconds = 24 * 3600) {
      const details = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        payload,
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: ttlSeconds,
          contentEncoding: 'aes128gcm',
        },
      );
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(details.headers)) headers[k] = String(v);
      let res: Response;
      try {
        res = await fetch(details.endpoint, {
          method: 'POST',
          headers,
          body: new Uint8Array(details.body),
          redirect: 'error',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        throw new PushSendError(`push service unreachable: ${String(err)}`, null);
      }
      await res.body?.cancel();
      if (res.status === 404 || res.status === 410) return 'gone';
      if (!res.ok) throw new PushSendError(`push service answered ${res.status}`, res.status);
      return 'sent';
    },
    describe: () => 'Web Push (VAPID)',
  };
}

/** Whether a subscription's endpoint is one of the push services we may post to. */
export function endpointAllowed(endpoint: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return allowed.some((entry) => {
    const m = entry.match(/^(https?):\/\/\*\.(.+)$/);
    if (m) return url.protocol === `${m[1]}:` && url.hostname.endsWith(`.${m[2]}`);
    try {
      return new URL(entry).origin === url.origin;
    } catch {
      return false;
    }
  });
}
