import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where files live (uploads, character images, generated images). Keys are slash-separated
 * relative paths made by the server (`knowledge/12/ab12….pdf`, `images/c_….webp`); nothing a
 * client sends becomes a key without passing `isSafeKey`.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  describe(): string;
}

const KEY = /^[a-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

export function isSafeKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((p) => p === '.' || p === '..' || p === '');
}

function checkKey(key: string) {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
}

/** A random file name part: 128 bits, hex. */
export function randomName(): string {
  return randomBytes(16).toString('hex');
}

/** Files in a local folder (`DATA_DIR/files` by default). Writes are atomic (temp + rename). */
export function localStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    checkKey(key);
    const p = resolve(join(base, ...key.split('/')));
    if (!p.startsWith(base + sep)) throw new Error(`unsafe storage key: ${key}`);
    return p;
  };
  return {
    async put(key, data) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      const tmp = `${p}.${randomName()}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, p);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    describe: () => `local folder ${base}`,
  };
}

/** In memory (tests that need no disk). */
export function memoryStorage(): Storage & { keys(): string[] } {
  const objects = new Map<string, Buffer>();
  return {
    async put(key, data) {
      checkKey(key);
      objects.set(key, Buffer.from(data));
    },
    async get(key) {
      checkKey(key);
      return objects.get(key) ?? null;
    },
    async delete(key) {
      objects.delete(key);
    },
    describe: () => 'memory',
    keys: () => [...objects.keys()],
  };
}
