/**
 * What the fuzzer sends: every action of the registry and every direct endpoint, each with a
 * generator of valid inputs (from its zod schema where it has one) that the hostile shapes
 * then bend. Ids in the generated inputs are, often enough to pass the first checks, the
 * real ones: the caller's own e-mail, the owner's e-mail, the owner's character.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { actionNames, actions, type ActionName } from '../../src/protocol/registry.ts';
import {
  directEndpoints,
  GoogleDocsRequest,
  PaymentRequest,
  type DirectEndpointDef,
  type DirectEndpointName,
} from '../../src/protocol/direct.ts';
import { createECDH, createHash } from 'node:crypto';
import { ActionsPath, rpcPath } from '../../src/protocol/paths.ts';
import { SpeechInput } from '../../src/protocol/voice.ts';
import { inputArbitrary, type FieldOverride } from './schema-arbitrary.ts';
import { hostileBody, hostileInput, hostileText, toJsonText } from './hostile.ts';
import type { Rng } from './rng.ts';

export type IdentityName = 'anonymous' | 'stranger' | 'viewer' | 'owner' | 'spare';

export interface Identity {
  name: IdentityName;
  email?: string;
  token?: string;
  /** The character this identity owns, if any. */
  character?: string;
}

/** Placeholders the generated inputs carry, resolved for the identity that sends them. */
const SELF = '\u0001self';
const OWNER = '\u0001owner';
const CHARACTER = '\u0001character';

/** A starter character everyone may read (seed/seed.ts), and the spare owner's own. */
export const PUBLIC_CHARACTER = 'holmesen';
export const OWNER_CHARACTER = 'fzowner';
export const SPARE_CHARACTER = 'fzspare';

/**
 * Sent by the spare owner (a second owner with a character of its own, outside the
 * fingerprint) whenever the owner is drawn for them: each would end the owner's session or
 * take away the data and the access the fuzz aims at, legitimately.
 */
export const ownerDestructive: Partial<Record<ActionName, string>> = {
  SignOut: "ends the owner's session",
  SignOutEverywhere: "ends every session of the owner's",
  DeleteFriend: 'deletes the character everyone else attacks',
  ResetConversation: "empties the owner's conversation",
  RewindConversation: "cuts the owner's conversation",
  DelFile: "deletes the owner's files",
  DelKnowledgeManual: "deletes the owner's knowledge subjects",
  DelSubject: "deletes the owner's conversation subjects",
  DelMemoryFact: "deletes the owner's memory facts",
  DeleteEmail: "takes the viewer's access away",
  AddEmailToFriend:
    'could make the viewer or the stranger an editor, after which their changes are legitimate',
};

/**
 * Sent by the stranger when the viewer is drawn for them: the viewer may leave the character
 * (DeleteEmail of their own entry), which changes the owner's access list legitimately.
 */
export const viewerLeaves: Partial<Record<ActionName, string>> = {
  DeleteEmail: "the viewer's own entry is theirs to delete (leaving the character)",
};

function override(name: string, base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  switch (name) {
    case 'email':
    case 'user':
      return fc.oneof(
        { weight: 6, arbitrary: fc.constant(SELF) },
        { weight: 2, arbitrary: fc.constant(OWNER) },
        { weight: 1, arbitrary: fc.constant('*') },
        { weight: 1, arbitrary: base },
      );
    case 'friendid':
    case 'friend':
    case 'detailsfor':
      return fc.oneof(
        { weight: 5, arbitrary: fc.constant(CHARACTER) },
        { weight: 1, arbitrary: fc.constant(PUBLIC_CHARACTER) },
        { weight: 1, arbitrary: fc.constant(SPARE_CHARACTER) },
        { weight: 1, arbitrary: base },
      );
    case 'friends':
      return fc.oneof(
        fc.constant(CHARACTER),
        fc.constant(`${CHARACTER},${PUBLIC_CHARACTER}`),
        base,
      );
    default:
      return base;
  }
}

const actionArbitraries = new Map<ActionName, fc.Arbitrary<unknown>>();
function actionArbitrary(name: ActionName): fc.Arbitrary<unknown> {
  let a = actionArbitraries.get(name);
  if (!a) {
    a = inputArbitrary(actions[name].input as z.ZodType, override as FieldOverride);
    actionArbitraries.set(name, a);
  }
  return a;
}

function sample<T>(arb: fc.Arbitrary<T>, rng: Rng): T {
  return fc.sample(arb, { seed: rng.seed(), numRuns: 1 })[0]!;
}

function resolve(v: unknown, who: Identity, owner: Identity): unknown {
  if (v === SELF) return who.email ?? 'nobody@example.com';
  if (v === OWNER) return owner.email;
  if (typeof v === 'string' && v.includes(CHARACTER))
    return v.replaceAll(CHARACTER, owner.character ?? OWNER_CHARACTER);
  if (Array.isArray(v)) return v.map((x) => resolve(x, who, owner));
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = resolve(x, who, owner);
    return out;
  }
  return v;
}

export interface Target {
  /** `action:Name` or `direct:name`. */
  label: string;
  action?: ActionName;
  direct?: DirectEndpointName;
}

export const targets: Target[] = [
  ...actionNames.map((n) => ({ label: `action:${n}`, action: n })),
  ...(Object.keys(directEndpoints) as DirectEndpointName[]).map((d) => ({
    label: `direct:${d}`,
    direct: d,
  })),
];

/** Which of the server's doors a request went through. */
export type Route = '/api' | '/api/rpc' | 'direct';

export interface OutgoingRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  route: Route;
}

/** What the requests need to know of the run: where its own push service listens. */
export interface RunContext {
  /** The origin of the fuzzer's push service, the only one the server may push to. */
  pushOrigin: string;
}

/**
 * A browser's P-256 key pair and auth secret, fixed (from a hash, not the system's random):
 * a subscription the server can encrypt to, so its pushes reach the fuzzer's push service.
 */
const pushKeys = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(createHash('sha256').update('sefer-fuzz push key').digest());
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: createHash('sha256')
      .update('sefer-fuzz push auth')
      .digest()
      .subarray(0, 16)
      .toString('base64url'),
  };
})();

/**
 * UpdateFCMToken's `token`: mostly a real subscription on the fuzzer's own push service; now
 * and then one on a browser's push service (refused: the run allows only its own), an empty
 * one (unsubscribe), or the generated text.
 */
function pushToken(rng: Rng, ctx: RunContext, generated: unknown): unknown {
  switch (rng.int(0, 6)) {
    case 0:
    case 1:
    case 2:
      return JSON.stringify({
        endpoint: `${ctx.pushOrigin}/push/${rng.int(0, 1000)}`,
        expirationTime: null,
        keys: pushKeys,
      });
    case 3:
      return JSON.stringify({
        endpoint: `https://fcm.googleapis.com/fcm/send/fz${rng.int(0, 1000)}`,
        keys: pushKeys,
      });
    case 4:
      return '';
    default:
      return generated;
  }
}

/** A hostile action name in the path of `POST /api/rpc/{Action}`. */
function hostileActionPath(rng: Rng, name: string): string {
  return rng.pick([
    `${name}x`,
    name.toLowerCase(),
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    `${name}%00`,
    `${name}%E2%80%AE`,
    '%ED%A0%80',
    '%FF',
    'a'.repeat(300),
    `${name}/extra`,
    `${name}%2F..%2F..%2Fapi`,
    ' ',
  ]);
}

/** Signs the request as the identity: a bearer token most of the time, else cookie + XSRF. */
function authHeaders(rng: Rng, who: Identity): Record<string, string> {
  const h: Record<string, string> = { 'accept-language': rng.pick(['he', 'en', 'he-IL,he;q=0.9']) };
  if (!who.token) return h;
  if (rng.bool(0.75)) h.authorization = `Bearer ${who.token}`;
  else {
    const xsrf = `fz${rng.int(0, 1e9)}`;
    h.cookie = `sid=${who.token}; XSRF-TOKEN=${xsrf}`;
    h['x-xsrf-token'] = xsrf;
  }
  return h;
}

/**
 * An action, half the time as `POST /api` with `action` in the body, half as `POST
 * /api/rpc/{Action}` with the fields alone (a hostile one may name another action in the
 * body, which the path overrides, or carry a hostile name in the path).
 */
export function actionRequest(
  rng: Rng,
  name: ActionName,
  who: Identity,
  owner: Identity,
  hostile: boolean,
  ctx: RunContext,
): OutgoingRequest {
  const valid = resolve(sample(actionArbitrary(name), rng), who, owner) as Record<string, unknown>;
  if (name === 'UpdateFCMToken') valid.token = pushToken(rng, ctx, valid.token);
  const headers: Record<string, string> = {
    ...authHeaders(rng, who),
    'content-type': 'application/json',
  };
  if (actions[name].stream && rng.bool(0.3)) headers['accept'] = 'text/event-stream';
  const route: Route = rng.bool(0.5) ? '/api' : '/api/rpc';
  let body: string | Buffer;
  if (hostile && rng.bool(0.1)) body = hostileBody(rng, name);
  else {
    const input = hostile ? hostileInput(rng, valid) : valid;
    body = toJsonText(route === '/api' ? { action: name, ...input } : input);
  }
  if (route === '/api') return { method: 'POST', path: ActionsPath, headers, body, route };
  const path =
    hostile && rng.bool(0.1) ? `${rpcPath('')}${hostileActionPath(rng, name)}` : rpcPath(name);
  return { method: 'POST', path, headers, body, route };
}

interface DirectSample {
  fields: Record<string, unknown>;
  file?: { name: string; content: Buffer; field?: string };
  tail?: string;
}

const text = fc.string({ maxLength: 40 });
const smallNumber = fc.integer({ min: 0, max: 8 }).map(String);
const schemaArbs = {
  googleDocs: inputArbitrary(GoogleDocsRequest, override as FieldOverride),
  payment: inputArbitrary(PaymentRequest, override as FieldOverride),
  speech: inputArbitrary(SpeechInput, override as FieldOverride),
};

const fileBytes = fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b));
const fileText = fc.string({ maxLength: 400 }).map((s) => Buffer.from(s));

const directArbs: { [K in DirectEndpointName]: fc.Arbitrary<DirectSample> } = {
  config: fc.constant({ fields: {} }),
  health: fc.constant({ fields: {} }),
  ready: fc.constant({ fields: {} }),
  schema: fc.constant({ fields: {} }),
  upload: fc.record({
    fields: fc.record(
      { friend: override('friend', text), user: override('user', text), subject: text, lang: text },
      { requiredKeys: ['friend'] },
    ),
    file: fc.record({
      name: fc.constantFrom('notes.txt', 'a.md', 'x.html', 'd.pdf', 'w.docx', 'e.exe', '‮txt.exe'),
      content: fc.oneof(fileText, fileBytes),
    }),
  }),
  uploadImage: fc.record({
    fields: fc.record(
      { friend: override('friend', text), user: override('user', text) },
      { requiredKeys: [] },
    ),
    file: fc.record({
      name: fc.constantFrom('face.png', 'face.gif', 'face.webp', 'face.jpg', 'face.svg'),
      content: fc.oneof(
        fileBytes,
        fileBytes.map((b) => Buffer.concat([Buffer.from('GIF89a'), b])),
        fileBytes.map((b) =>
          Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]), b]),
        ),
      ),
    }),
  }),
  googleDocs: schemaArbs.googleDocs.map((f) => ({ fields: f as Record<string, unknown> })),
  googleDocsCallback: fc.record({
    fields: fc.record({ code: text, state: text, error: text }, { requiredKeys: [] }),
  }),
  download: fc.record({
    fields: fc.record({
      imagename: fc.oneof(fc.constantFrom('g_victim.png', 'c_1.webp', '../x', ''), text),
    }),
  }),
  publicImages: fc.record({
    fields: fc.constant({}),
    tail: fc.oneof(
      fc.constantFrom('x.webp', '..%2f..%2fpackage.json', '%00', 'a'.repeat(300)),
      text,
    ),
  }),
  transcribe: fc.record({
    fields: fc.record({ lang: fc.constantFrom('he', 'en', '', 'xx') }),
    file: fc.record({
      name: fc.constantFrom('speech.webm', 'a.ogg', 'a.wav', 'a.mp3', 'a.txt'),
      content: fileBytes.map((b) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), b])),
      field: fc.constant('audio'),
    }),
  }),
  speech: schemaArbs.speech.map((f) => ({ fields: f as Record<string, unknown> })),
  voiceStatus: fc.constant({ fields: {} }),
  googleSignIn: fc.record({ fields: fc.record({ idToken: text, lang: text }) }),
  payment: schemaArbs.payment.map((f) => ({ fields: f as Record<string, unknown> })),
  paymentWebhook: fc.record({ fields: fc.dictionary(text, fc.jsonValue({ maxDepth: 2 })) }),
  paymentSandbox: fc.record({ fields: fc.record({ order: smallNumber, key: text }) }),
  paymentSandboxConfirm: fc.record({
    fields: fc.record({
      order: smallNumber,
      key: text,
      choice: fc.constantFrom('success', 'cancel', 'failure', 'x'),
    }),
  }),
  paymentInvoice: fc.record({ fields: fc.record({ order: smallNumber }) }),
  paymentCheckout: fc.record({ fields: fc.record({ order: smallNumber }) }),
  paymentReturn: fc.record({ fields: fc.record({ order: fc.oneof(smallNumber, text) }) }),
  paymentScript: fc.constant({ fields: {} }),
  cardImport: fc.record({
    fields: fc.record({ user: override('user', text) }, { requiredKeys: [] }),
    file: fc.record({
      name: fc.constantFrom('card.json', 'card.png', 'card.txt'),
      content: fc.oneof(
        fc
          .record({
            spec: fc.constantFrom('chara_card_v2', 'chara_card_v3', 'x'),
            data: fc.record(
              { name: text, description: text, personality: text, first_mes: text },
              { requiredKeys: [] },
            ),
          })
          .map((c) => Buffer.from(JSON.stringify(c))),
        fileBytes,
      ),
    }),
  }),
  cardExport: fc.record({
    fields: fc.record({
      friendid: override('friendid', text),
      format: fc.constantFrom('json', 'png', 'x'),
    }),
  }),
};

function multipart(fields: Record<string, unknown>, file?: DirectSample['file']) {
  const boundary = '----sefer-fuzz';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `content-type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** A path segment; a lone surrogate (which encodeURIComponent refuses) as its raw bytes. */
function pathText(t: string): string {
  try {
    return encodeURIComponent(t);
  } catch {
    return t
      .split('')
      .map((c) => {
        try {
          return encodeURIComponent(c);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

export function directRequest(
  rng: Rng,
  name: DirectEndpointName,
  who: Identity,
  owner: Identity,
  hostile: boolean,
): OutgoingRequest {
  const def: DirectEndpointDef = directEndpoints[name];
  const s = sample(directArbs[name], rng);
  let fields = resolve(s.fields, who, owner) as Record<string, unknown>;
  const headers = authHeaders(rng, who);
  let path = def.path;
  if (def.body === 'json') {
    if (hostile) fields = hostileInput(rng, fields);
    headers['content-type'] = 'application/json';
    const body =
      hostile && rng.bool(0.1)
        ? hostileBody(rng, typeof fields.action === 'string' ? fields.action : '')
        : toJsonText(fields);
    return { method: def.method, path, headers, body, route: 'direct' };
  }
  // Query, form and multipart values are text: a hostile one is a hostile text.
  const texts: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields))
    texts[k] = typeof v === 'string' ? v : JSON.stringify(v);
  if (hostile) {
    const keys = Object.keys(texts);
    if (keys.length && rng.bool(0.7)) {
      const k = rng.pick(keys);
      texts[k] = hostileText(rng, texts[k]!);
    } else texts[rng.pick(['__proto__', 'constructor', 'x'])] = hostileText(rng, 'x');
  }
  if (def.body === 'multipart') {
    const file = hostile && rng.bool(0.2) ? undefined : s.file;
    const m = multipart(texts, file);
    headers['content-type'] = m.type;
    return { method: def.method, path, headers, body: m.body, route: 'direct' };
  }
  if (def.body === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    return {
      method: def.method,
      path,
      headers,
      body: new URLSearchParams(texts).toString(),
      route: 'direct',
    };
  }
  if (def.body === 'path')
    path += pathText(hostile ? hostileText(rng, s.tail ?? '') : (s.tail ?? ''));
  const query = new URLSearchParams(texts).toString();
  if (query) path += `?${query}`;
  // A repeated key is an array to the query parser.
  if (hostile && query && rng.bool(0.2)) path += `&${query}`;
  return {
    method: def.method,
    path,
    headers,
    route: 'direct',
    ...(def.method === 'POST' ? { body: '' } : {}),
  };
}
