import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../test/s3-server.ts';
import { loadConfig } from '../config.ts';
import { createStorage } from './create-storage.ts';
import { PART_SIZE } from './s3-storage.ts';
import { localStorage, memoryStorage, type Storage } from './storage.ts';

/** The same contract for every implementation; S3 runs against a local S3 server. */
const kinds = ['local', 'memory', 's3'] as const;

describe.each(kinds)('%s storage', (kind) => {
  let storage: Storage;
  let s3: LocalS3 | undefined;
  let dir: string | undefined;

  beforeAll(async () => {
    if (kind === 's3') {
      s3 = await startLocalS3();
      storage = s3.storage();
    } else if (kind === 'local') {
      dir = mkdtempSync(join(tmpdir(), 'sefer-storage-'));
      storage = localStorage(dir);
    } else storage = memoryStorage();
  });
  afterAll(async () => {
    await s3?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('put, get, stream with size and type, delete', async () => {
    const data = Buffer.from('שלום, world');
    await storage.put('images/c_one.webp', data, { contentType: 'image/webp' });
    expect(await storage.get('images/c_one.webp')).toEqual(data);
    const s = await storage.stream('images/c_one.webp');
    expect(s).not.toBeNull();
    expect(s!.size).toBe(data.length);
    expect(s!.contentType).toBe('image/webp');
    expect(Buffer.from(await s!.body.toArray().then((c) => Buffer.concat(c)))).toEqual(data);
    // Replacing keeps one object with the new bytes.
    await storage.put('images/c_one.webp', Buffer.from('v2'), { contentType: 'image/webp' });
    expect((await storage.get('images/c_one.webp'))!.toString()).toBe('v2');
    await storage.delete('images/c_one.webp');
    expect(await storage.get('images/c_one.webp')).toBeNull();
    expect(await storage.stream('images/c_one.webp')).toBeNull();
    await storage.delete('images/c_one.webp'); // missing: not an error
  });

  it('a missing key is null, not an error', async () => {
    expect(await storage.get('knowledge/1/none.pdf')).toBeNull();
    expect(await storage.stream('knowledge/1/none.pdf')).toBeNull();
  });

  it('a stream is stored whole, and the type follows the key when none is given', async () => {
    const parts = ['first line\n', 'second line\n', 'שלישית\n'];
    await storage.put('knowledge/2/a.pdf.txt', Readable.from(parts.map((p) => Buffer.from(p))));
    const s = await storage.stream('knowledge/2/a.pdf.txt');
    expect(s!.contentType).toBe('text/plain; charset=utf-8');
    expect(s!.size).toBe(Buffer.byteLength(parts.join('')));
    expect(await text(s!.body)).toBe(parts.join(''));
  });

  it('lists every key, in folders too, and nothing once deleted', async () => {
    const keys = ['listed/a.txt', 'listed/deep/er/b.png', 'listed-too/c.json'];
    for (const k of keys) await storage.put(k, Buffer.from(k));
    const all = async () => {
      const out: string[] = [];
      for await (const k of storage.list()) if (k.startsWith('listed')) out.push(k);
      return out.sort();
    };
    expect(await all()).toEqual([...keys].sort());
    for (const k of keys) await storage.delete(k);
    expect(await all()).toEqual([]);
  });

  it.runIf(kind === 'local')('a write in progress is not listed', async () => {
    mkdirSync(join(dir!, 'images'), { recursive: true });
    writeFileSync(join(dir!, 'images', `c_part.webp.${'a'.repeat(32)}.tmp`), 'half');
    const keys: string[] = [];
    for await (const k of storage.list()) keys.push(k);
    expect(keys.filter((k) => k.includes('c_part'))).toEqual([]);
  });

  it('unsafe keys are refused', async () => {
    for (const key of ['../x', 'images/../../x', '/abs', 'images//x', 'Images/x', 'a/./b']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/unsafe/);
      await expect(storage.get(key), key).rejects.toThrow(/unsafe/);
      await expect(storage.stream(key), key).rejects.toThrow(/unsafe/);
    }
  });

  it.runIf(kind !== 's3')('has no presigned URL: the server streams instead', async () => {
    await storage.put('generated/g_x.png', Buffer.from('png'));
    expect(await storage.url('generated/g_x.png', 60)).toBeNull();
  });
});

describe('s3 storage against a local S3 server', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(() => s3.close());

  it('a presigned URL serves the object to a plain fetch, with the asked headers', async () => {
    const storage = s3.storage();
    const data = Buffer.from('generated picture bytes');
    await storage.put('generated/g_abc.png', data, { contentType: 'image/png' });
    const url = await storage.url('generated/g_abc.png', 300, {
      download: 'g_abc.png',
      contentType: 'image/png',
    });
    expect(url).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/generated/g_abc\\.png\\?`));
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="g_abc.png"');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(data);
    // s3rver checks the key id of a V4 signature but neither the signature nor the expiry
    // (and it serves unsigned reads), so only the signed query's shape is checked here.
    const q = new URL(url!).searchParams;
    expect(q.get('X-Amz-Expires')).toBe('300');
    expect(q.get('X-Amz-Credential')).toMatch(/^S3RVER\//);
    expect(q.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('without presigning (endpoint unreachable to browsers) url() is null', async () => {
    const storage = s3.storage({ presign: false });
    expect(await storage.url('generated/g_abc.png', 300)).toBeNull();
    expect(storage.describe()).toMatch(/no presigned URLs/);
  });

  it('a stream longer than one part goes up as a multipart upload', async () => {
    const storage = s3.storage();
    const block = Buffer.alloc(1024 * 1024, 7);
    const total = PART_SIZE * 2 + 12345;
    async function* source() {
      let sent = 0;
      while (sent < total) {
        const n = Math.min(block.length, total - sent);
        sent += n;
        yield block.subarray(0, n);
      }
    }
    await storage.put('audio/a_long.mp3', Readable.from(source()));
    const s = await storage.stream('audio/a_long.mp3');
    expect(s!.size).toBe(total);
    expect(s!.contentType).toBe('audio/mpeg');
    let read = 0;
    for await (const chunk of s!.body) read += (chunk as Buffer).length;
    expect(read).toBe(total);
    await storage.delete('audio/a_long.mp3');
  });
});

describe('choosing the storage from configuration', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3('chosen');
  });
  afterAll(() => s3.close());

  const env = (extra: Record<string, string> = {}) =>
    loadConfig({
      DATA_DIR: '/tmp/sefer-unused',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      ...extra,
    });

  it('S3_BUCKET selects the bucket (path style with an endpoint), checked at start', async () => {
    const storage = await createStorage(env({ S3_BUCKET: 'chosen' }));
    expect(storage.describe()).toBe(`S3 bucket chosen at ${s3.endpoint}`);
    await storage.put('images/c_cfg.webp', Buffer.from('x'));
    expect((await s3.storage().get('images/c_cfg.webp'))!.toString()).toBe('x');
    const noPresign = await createStorage(env({ S3_BUCKET: 'chosen', S3_PRESIGNED_URLS: '0' }));
    expect(await noPresign.url('images/c_cfg.webp', 60)).toBeNull();
  });

  it('a bucket that is not there stops the start with a readable reason', async () => {
    await expect(createStorage(env({ S3_BUCKET: 'nosuchbucket' }))).rejects.toThrow(
      /^S3 storage: cannot use S3 bucket nosuchbucket at http:\/\/127\.0\.0\.1:\d+: 404/,
    );
  });

  it('without S3_BUCKET files go to DATA_DIR/files; a key id needs its secret', async () => {
    expect((await createStorage(env())).describe()).toBe('local folder /tmp/sefer-unused/files');
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/go together/);
  });
});
