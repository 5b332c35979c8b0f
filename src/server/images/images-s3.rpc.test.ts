import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../db/schema.ts';
import { buildImage, postForm } from '../test/fixtures.ts';
import { createTestApp, userWithSession, type TestApp } from '../test/harness.ts';
import { startLocalS3, type LocalS3 } from '../test/s3-server.ts';
import { usersRepo } from '../users/users.repo.ts';
import { DOWNLOAD_URL_TTL } from './images.service.ts';

/** The image paths with the files in an S3 bucket (a local S3 server), not in a folder. */
describe('images on S3 storage', () => {
  let s3: LocalS3;
  let t: TestApp;
  let maker: string;
  let other: string;
  const bucket = () => s3.storage();

  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await createTestApp('pglite', { storage: s3.storage() });
    maker = await userWithSession(t, 'maker@example.com', { grant: 'canadd,imgedit' });
    other = await userWithSession(t, 'other@example.com');
    const owner = await usersRepo(t.deps.db).byEmail('maker@example.com');
    await t.deps.db
      .insert(images)
      .values({ owner: owner!.id, image: 'g_s3.png', prompt: 'a harbour' });
    await bucket().put('generated/g_s3.png', await buildImage(64, 32), {
      contentType: 'image/png',
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('an uploaded character image goes to the bucket and is streamed from it', async () => {
    const r = await postForm(t.app, '/api/upload-image', {
      bearer: maker,
      fields: {},
      file: { name: 'p.png', data: await buildImage(1000, 500) },
    });
    expect(r.text).toMatch(/^OK \/files\/images\/c_[0-9a-f]{32}\.webp$/);
    const name = r.text.slice(r.text.lastIndexOf('/') + 1);
    const stored = await bucket().stream(`images/${name}`);
    expect(stored?.contentType).toBe('image/webp');
    stored?.body.destroy();
    expect(existsSync(t.deps.config.filesDir)).toBe(false);

    const res = await t.app.inject({ method: 'GET', url: `/files/images/${name}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-length']).toBe(String(stored!.size));
    expect(res.headers.etag).toBe(stored!.etag);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([768, 384]);
    const missing = await t.app.inject({ method: 'GET', url: '/files/images/c_nope.webp' });
    expect(missing.statusCode).toBe(404);
  });

  it('a generated image sends its owner to a presigned URL; nobody else gets one', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/download?imagename=g_s3.png',
      headers: { authorization: `Bearer ${maker}` },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe(`private, max-age=${DOWNLOAD_URL_TTL / 2}`);
    const location = String(res.headers.location);
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/generated/g_s3.png?`)).toBe(true);
    const image = await fetch(location);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toBe('attachment; filename="g_s3.png"');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(['png', 64]);

    for (const headers of [{ authorization: `Bearer ${other}` }, {}]) {
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/download?imagename=g_s3.png',
        headers,
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.headers.location).toBeUndefined();
    }
  });
});
