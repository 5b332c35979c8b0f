import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What `put` needs besides the bytes. */
export interface PutOptions {
  /** The MIME type to answer when the object is served. */
  contentType?: string;
}

/** An object ready to be sent: its bytes as a stream, never the whole file in memory. */
export interface StoredStream {
  body: Readable;
  size: number;
  contentType: string;
  /** A validator for conditional requests (quoted, as HTTP writes it). */
  etag?: string;
}

/** How a presigned address should answer (S3 puts these into the signed query). */
export interface UrlOptions {
  /** Answer as an attachment with this file name. */
  download?: string;
  contentType?: string;
}

/**
 * Where files live (uploads, character images, generated images, audio). Keys are
 * slash-separated relative paths made by the server (`knowledge/12/ab12….pdf`,
 * `images/c_….webp`); nothing a client sends becomes a key without passing `isSafeKey`.
 */
export interface Storage {
  /** Stores bytes or a stream (read once, to its end) under `key`, replacing what was there. */
  put(key: string, data: Buffer | Readable, opts?: PutOptions): Promise<void>;
  /** The object's bytes, or null when there is none. For small objects the server works on. */
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream with its size and type, or null when there is none. */
  stream(key: string): Promise<StoredStream | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * An address a browser may fetch the object from directly for `ttlSeconds` (a presigned
   * S3 URL), or null when the store has none: the server then streams the object itself.
   */
  url(key: string, ttlSeconds: number, opts?: UrlOptions): Promise<string | null>;
  /** Every key in the store, in no set order (backups: ops/backup.ts). */
  list(): AsyncIterable<string>;
  describe(): string;
}

const KEY = /^[a-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

export function isSafeKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((p) => p === '.' || p === '..' || p === '');
}

export function checkKey(key: string) {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
}

/** A random file name part: 128 bits, hex. */
export function randomName(): string {
  return randomBytes(16).toString('hex');
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  webm: 'audio/webm',
  m4a: 'audio/mp4',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  epub: 'application/epub+zip',
  json: 'application/json',
};

/** The MIME type a key's extension names (keys are made by the server, each with its type's extension). */
export function contentTypeOf(key: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase();
  return (ext && TYPES[ext]) || 'application/octet-stream';
}

async function toBuffer(data: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(data)) return data;
  const parts: Buffer[] = [];
  for await (const chunk of data) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

/** `put`'s temporary file beside its object (`<key>.<randomName>.tmp`). */
const PARTIAL = /\.[0-9a-f]{32}\.tmp$/;

/**
 * Files in a local folder (`DATA_DIR/files` by default). Writes are atomic (temp + rename).
 * The content type is not stored: every key the server makes ends in its type's extension,
 * so the extension is the type (a sidecar file would double the writes and could disagree
 * with the object after a crash between the two renames).
 */
export function localStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    checkKey(key);
    const p = resolve(join(base, ...key.split('/')));
    if (!p.startsWith(base + sep)) throw new Error(`unsafe storage key: ${key}`);
    return p;
  };
  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';
  return {
    async put(key, data) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      const tmp = `${p}.${randomName()}.tmp`;
      try {
        if (Buffer.isBuffer(data)) await writeFile(tmp, data);
        else await pipeline(data, createWriteStream(tmp));
        await rename(tmp, p);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async stream(key) {
      // One handle for the size and the bytes: a rename between the two cannot mix files.
      let handle;
      try {
        handle = await open(pathOf(key), 'r');
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
      try {
        const st = await handle.stat();
        return {
          body: handle.createReadStream(),
          size: st.size,
          contentType: contentTypeOf(key),
          etag: `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`,
        };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async url() {
      return null;
    },
    async *list() {
      let entries;
      try {
        entries = await readdir(base, { recursive: true, withFileTypes: true });
      } catch (err) {
        if (missing(err)) return;
        throw err;
      }
      for (const e of entries) {
        if (!e.isFile()) continue;
        const key = relative(base, join(e.parentPath, e.name)).split(sep).join('/');
        // A write in progress (or one a crash left) is not an object; neither is a file
        // someone put there by hand under a name the server never makes.
        if (PARTIAL.test(key) || !isSafeKey(key)) continue;
        yield key;
      }
    },
    describe: () => `local folder ${base}`,
  };
}

/** In memory (tests that need no disk). */
export function memoryStorage(): Storage & { keys(): string[] } {
  const objects = new Map<string, { data: Buffer; contentType: string }>();
  return {
    async put(key, data, opts) {
      checkKey(key);
      const bytes = Buffer.from(await toBuffer(data));
      objects.set(key, { data: bytes, contentType: opts?.contentType ?? contentTypeOf(key) });
    },
    async get(key) {
      checkKey(key);
      return objects.get(key)?.data ?? null;
    },
    async stream(key) {
      checkKey(key);
      const o = objects.get(key);
      return o
        ? { body: Readable.from([o.data]), size: o.data.length, contentType: o.contentType }
        : null;
    },
    async delete(key) {
      objects.delete(key);
    },
    async url() {
      return null;
    },
    async *list() {
      yield* [...objects.keys()];
    },
    describe: () => 'memory',
    keys: () => [...objects.keys()],
  };
}
