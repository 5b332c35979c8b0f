import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/** What the local push service received and could decrypt for a subscription. */
export interface Delivered {
  subscription: string;
  payload: string;
  ttl: string | undefined;
  urgency: string | undefined;
}

interface Sub {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  /** The application server key the browser subscribed with: VAPID must match it. */
  serverKey: string;
  /** Answer this status instead of accepting (404/410: gone; 500: trouble). */
  answer: number | null;
}

const b64u = (b: Buffer) => b.toString('base64url');

/** RFC 8291 (aes128gcm): what a browser does with a push message for its subscription. */
export function decryptAes128gcm(body: Buffer, sub: { ecdh: Sub['ecdh']; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const secret = sub.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    sub.ecdh.getPublicKey(),
    senderKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, sub.auth, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then any padding zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('bad padding delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292) for this service's origin. */
async function checkVapid(header: string | undefined, origin: string, serverKey: string) {
  const m = header?.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/);
  if (!m) return 'no vapid authorization';
  const [, token, k] = m;
  if (k !== serverKey) return 'vapid key is not the one the browser subscribed with';
  const raw = Buffer.from(k!, 'base64url');
  const key = await importJWK(
    { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    'ES256',
  );
  try {
    const { payload } = await jwtVerify(token!, key, { algorithms: ['ES256'], audience: origin });
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub))
      return 'vapid subject is missing';
  } catch (err) {
    return `vapid token refused: ${String(err)}`;
  }
  return null;
}

/**
 * A local push service speaking the Web Push protocol (RFC 8030) over HTTP: it hands out
 * subscriptions like a browser would (its own P-256 key and auth secret per subscription),
 * checks each message's VAPID signature, and decrypts the payload with the subscription's
 * keys. Tests only; no internet.
 */
export async function startPushService(host = '127.0.0.1') {
  const subs = new Map<string, Sub>();
  const delivered: Delivered[] = [];
  const refused: string[] = [];
  const waiters = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const id = req.url?.match(/^\/push\/([A-Za-z0-9_-]+)$/)?.[1];
        const sub = id ? subs.get(id) : undefined;
        if (req.method !== 'POST' || !id || !sub) return res.writeHead(404).end();
        if (sub.answer) return res.writeHead(sub.answer).end();
        const problem =
          req.headers['content-encoding'] !== 'aes128gcm'
            ? 'not aes128gcm'
            : await checkVapid(req.headers.authorization, origin, sub.serverKey);
        if (problem) {
          refused.push(problem);
          return res.writeHead(401).end(problem);
        }
        try {
          const payload = decryptAes128gcm(Buffer.concat(chunks), sub);
          delivered.push({
            subscription: id,
            payload,
            ttl: req.headers.ttl as string | undefined,
            urgency: req.headers.urgency as string | undefined,
          });
        } catch (err) {
          refused.push(`cannot decrypt: ${String(err)}`);
          return res.writeHead(400).end();
        }
        res.writeHead(201, { location: `/message/${randomBytes(4).toString('hex')}` }).end();
        waiters.forEach((w) => w());
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    delivered,
    refused,
    /** A new subscription, as `PushSubscription.toJSON()` in a browser gives it. */
    subscribe(serverKey: string) {
      const id = b64u(randomBytes(9));
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subs.set(id, { ecdh, auth, serverKey, answer: null });
      return {
        id,
        json: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
        },
      };
    },
    /** From now on, messages to this subscription get `status` (404 or 410: it is gone). */
    answer(id: string, status: number) {
      subs.get(id)!.answer = status;
    },
    messagesFor(id: string) {
      return delivered.filter((d) => d.subscription === id).map((d) => JSON.parse(d.payload));
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
