/**
 * The shapes that broke parsers elsewhere, applied to a valid input: wrong types, missing and
 * extra fields, huge and deep values, control and bidirectional characters, unpaired
 * surrogates (sent as the raw JSON escape `\ud800`, which JSON.parse turns into a lone half),
 * huge and not-quite numbers, prototype-pollution keys, and bodies that are not an object at
 * all. Values that JSON.stringify cannot write (a raw number token, a 10k-deep array) are
 * spliced into the JSON text in place of a marker.
 */
import type { Rng } from './rng.ts';

const MIB = 1024 * 1024;
const DEPTH = 10_000;

/** A value that stands for raw JSON text in the body. */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

const CONTROL = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
];
const BIDI = [
  '\u202e',
  '\u202d',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200f',
  '\u061c',
  '\ufeff',
];
const SURROGATES = ['\\ud800', '\\udfff', '\\udc00\\ud800', 'a\\ud83d', '\\ud83d\\ud83d'];
const NUMBER_TOKENS = [
  '1e999',
  '-1e999',
  '-0',
  '1e308',
  '123456789012345678901234567890',
  '0.1e-400',
  '9007199254740993',
  '-2147483649',
  '2147483648',
  '1.5',
];
const NUMBERISH = ['NaN', 'Infinity', '-Infinity', '0x10', '1e3', ' 1', '1 ', '', '00', '+1', '١٢'];
const WRONG_TYPES: unknown[] = [{ nested: [1, 2] }, [], ['a', 1], true, false, 0, -1, null, '', {}];

function deepArray(): RawJson {
  return new RawJson('['.repeat(DEPTH) + ']'.repeat(DEPTH));
}
function deepObject(): RawJson {
  return new RawJson('{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH));
}
function withText(rng: Rng, base: unknown, chars: string[]): RawJson | string {
  const s = typeof base === 'string' ? base : typeof base === 'number' ? String(base) : 'x';
  const c = rng.pick(chars);
  const at = rng.int(0, s.length);
  return s.slice(0, at) + c + s.slice(at);
}

/** One hostile value for a field whose valid value was `base`. */
export function hostileValue(rng: Rng, base: unknown): unknown {
  switch (rng.int(0, 11)) {
    case 0:
      return rng.pick(WRONG_TYPES);
    case 1:
      return new RawJson(rng.pick(NUMBER_TOKENS));
    case 2:
      return rng.pick(NUMBERISH);
    case 3:
      // Just under the body limit: the field itself is what must be refused.
      return rng.bool() ? 'a'.repeat(MIB - 4096) : 'א'.repeat(MIB / 2 - 4096);
    case 4:
      return rng.bool() ? deepArray() : deepObject();
    case 5:
      return withText(rng, base, CONTROL);
    case 6:
      return withText(rng, base, BIDI);
    case 7: {
      const s = JSON.stringify(typeof base === 'string' ? base : 'x').slice(1, -1);
      return new RawJson(`"${s}${rng.pick(SURROGATES)}"`);
    }
    case 8:
      return 'x'.repeat(rng.pick([255, 256, 1000, 65_536]));
    case 9:
      // Many short items (a long base would make a body no client could write).
      return Array.from({ length: rng.pick([1000, 100_000]) }, () =>
        (typeof base === 'string' && base.length <= 64) || typeof base === 'number' ? base : 'x',
      );
    case 10:
      return { __proto__fake: 1, toString: 'x', valueOf: 1 };
    default:
      return new RawJson('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}');
  }
}

/** The input with one hostile change (or, now and then, several). */
export function hostileInput(rng: Rng, valid: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...valid };
  const keys = Object.keys(out);
  const changes = rng.int(0, 3) === 0 ? rng.int(2, 4) : 1;
  for (let c = 0; c < changes; c++) {
    const kind = rng.int(0, 5);
    if (kind <= 2 && keys.length) {
      const k = rng.pick(keys);
      out[k] = hostileValue(rng, out[k]);
    } else if (kind === 3 && keys.length) {
      delete out[rng.pick(keys)];
    } else if (kind === 4) {
      // defineProperty: `out.__proto__ = v` would set the prototype, not send a key.
      const key = rng.pick([
        '__proto__',
        'constructor',
        'prototype',
        'hasOwnProperty',
        'Error',
        'x',
      ]);
      Object.defineProperty(out, key, {
        value: hostileValue(rng, 'x'),
        enumerable: true,
        configurable: true,
        writable: true,
      });
    } else {
      out[rng.pick(['extra', 'email2', 'Errstr', 'userid', 'owner', 'admin'])] = rng.pick([
        1,
        'victim@example.com',
        true,
      ]);
    }
  }
  return out;
}

/** Whole bodies that are not a JSON object of fields. */
export function hostileBody(rng: Rng, action: string): string | Buffer {
  switch (rng.int(0, 9)) {
    case 0:
      return '[1,2,3]';
    case 1:
      return '"just a string"';
    case 2:
      return 'null';
    case 3:
      return `{"action": "${action}", `;
    case 4:
      return '';
    case 5:
      return `{"action":"${action}","action":"SignOut"}`;
    case 6:
      return `{"action":"${action}\\u202e"}`;
    case 7:
      // Not UTF-8.
      return Buffer.concat([
        Buffer.from(`{"action":"${action}","x":"`),
        Buffer.from([0xff, 0xfe, 0xc0]),
        Buffer.from('"}'),
      ]);
    case 8:
      return `{"action":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`;
    default:
      return `{"action":"${action}","__proto__":{"isAdmin":true,"usertype":0}}`;
  }
}

/** A hostile text for a query, form or multipart field. */
export function hostileText(rng: Rng, base: string): string {
  switch (rng.int(0, 7)) {
    case 0:
      return withText(rng, base, CONTROL) as string;
    case 1:
      return withText(rng, base, BIDI) as string;
    case 2:
      return base + '\ud800';
    case 3:
      return 'a'.repeat(rng.pick([1000, 100_000]));
    case 4:
      return rng.pick(NUMBERISH);
    case 5:
      return rng.pick(['../../etc/passwd', '..\\..\\x', '/%2e%2e/', 'a/../../b', '%00']);
    case 6:
      return rng.pick(NUMBER_TOKENS);
    default:
      return '';
  }
}

/** Splices the raw pieces into the JSON text of `body`. */
export function toJsonText(body: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_k, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0000RAW${raws.length - 1}\u0000`;
    }
    return v;
  });
  if (!raws.length) return text;
  return text.replace(/"\\u0000RAW(\d+)\\u0000"/g, (_m, i: string) => raws[Number(i)]!);
}
