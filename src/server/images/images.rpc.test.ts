import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { images } from '../db/schema.ts';
import { UPLOAD_LIMIT, uploadLimitKey } from '../infra/upload-limit.ts';
import { buildImage, postForm, type FilePart } from '../test/fixtures.ts';
import { movableDate } from '../test/limiters.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { usersRepo } from '../users/users.repo.ts';

describe.each(testDatabases())('images on %s', (kind) => {
  let t: TestApp;
  let maker: string;
  let plain: string;
  let other: string;

  const uploadImage = (token: string | undefined, file: FilePart, fields = {}) =>
    postForm(t.app, '/api/upload-image', { bearer: token, fields, file });
  const get = (url: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { IMAGE_MAX_MB: '1' } });
    maker = await userWithSession(t, 'maker@example.com', { grant: 'canadd,imgedit' });
    plain = await userWithSession(t, 'plain@example.com');
    other = await userWithSession(t, 'other@example.com', { grant: 'imgedit' });
    // Generated images (made by the image-creation issue): rows plus files in storage.
    const owner = await usersRepo(t.deps.db).byEmail('maker@example.com');
    const stranger = await usersRepo(t.deps.db).byEmail('other@example.com');
    await t.deps.db.insert(images).values([
      { owner: owner!.id, image: 'g_aaaa.png', prompt: 'a lighthouse at dusk', gentime: 4 },
      { owner: owner!.id, image: 'Invalid image', prompt: 'failed one' },
      { owner: stranger!.id, image: 'g_bbbb.png', prompt: 'private sketch' },
    ]);
    await t.storage.put('generated/g_aaaa.png', await buildImage(1024, 1024));
    await t.storage.put('generated/g_bbbb.png', await buildImage(64, 64));
  });
  afterAll(() => t.close());

  it('an uploaded image is checked, resized to 768 px, re-encoded and served publicly', async () => {
    const r = await uploadImage(maker, { name: 'wide.png', data: await buildImage(2000, 1000) });
    expect(r.status, r.text).toBe(200);
    expect(r.text).toMatch(/^OK \/files\/images\/c_[0-9a-f]{32}\.webp$/);
    const res = await get(r.text.slice(3));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 768, 384]);
    // A browser that has it asks again with its validator and gets no bytes.
    const again = await t.app.inject({
      method: 'GET',
      url: r.text.slice(3),
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect([again.statusCode, again.rawPayload.length]).toEqual([304, 0]);
    for (const format of ['jpeg', 'gif', 'webp'] as const) {
      const small = await uploadImage(maker, {
        name: `x.${format}`,
        data: await buildImage(100, 50, format),
      });
      expect(small.text, format).toMatch(/^OK /);
      const m = await sharp((await get(small.text.slice(3))).rawPayload).metadata();
      expect([m.width, m.height]).toEqual([100, 50]);
    }
  });

  it('bad images are refused cleanly', async () => {
    const cases: [FilePart, number, RegExp][] = [
      [{ name: 'a.png', data: Buffer.from('this is text, not a picture') }, 400, /Only png/],
      [
        { name: 'a.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
        400,
        /Only png/,
      ],
      [
        {
          name: 'a.png',
          data: Buffer.concat([
            Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
            Buffer.alloc(100, 7),
          ]),
        },
        400,
        /could not be read/,
      ],
      [{ name: 'a.png', data: Buffer.alloc(0) }, 400, /empty/],
      [{ name: 'big.png', data: Buffer.alloc(1024 * 1024 + 1, 1) }, 413, /at most 1 MB/],
    ];
    for (const [file, status, text] of cases) {
      const r = await uploadImage(maker, file, { lang: 'en' });
      expect(r.status, file.name).toBe(status);
      expect(r.text).toMatch(text);
    }
  });

  it('uploading needs canadd, or edit rights on the named character', async () => {
    const png = { name: 'p.png', data: await buildImage(10, 10) };
    expect((await uploadImage(undefined, png)).status).toBe(401);
    expect((await uploadImage(plain, png)).status).toBe(403);
    expect((await uploadImage(plain, png, { friend: 'holmes' })).status).toBe(403);
    const made = await rpc(
      t.app,
      {
        action: 'SetFriendDetails',
        insert: 1,
        friendid: 'painter',
        friendname: 'Painter',
        image: '/friends/alice.svg',
        personality: 'Paints.',
        firstprompt: 'Hi',
      },
      { bearer: maker },
    );
    expect(made.body.Error).toBe(0);
    await rpc(
      t.app,
      { action: 'AddEmailToFriend', friendid: 'painter', user: 'plain@example.com', editpriv: 1 },
      { bearer: maker },
    );
    expect((await uploadImage(plain, png, { friend: 'painter' })).text).toMatch(/^OK /);
  });

  it('the picker lists the caller’s generated images; others’ stay private', async () => {
    const all = await rpc(t.app, { action: 'GetAllImages' }, { bearer: maker });
    const list = all.body.images as { num: number; image: string; prompt: string }[];
    expect(list.map((i) => i.image).sort()).toEqual(
      ['/api/download?imagename=g_aaaa.png', 'Invalid image'].sort(),
    );
    const num = list.find((i) => i.prompt === 'a lighthouse at dusk')!.num;
    const one = await rpc(t.app, { action: 'GetImage', num }, { bearer: maker });
    expect(one.body).toMatchObject({
      Error: 0,
      image: { image: '/api/download?imagename=g_aaaa.png', prompt: 'a lighthouse at dusk' },
    });
    expect((await rpc(t.app, { action: 'GetImage', num }, { bearer: other })).body.Error).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await rpc(t.app, { action: 'GetAllImages' }, { bearer: plain })).body.images).toEqual(
      [],
    );

    // The download endpoint: the owner gets the file; nobody else does.
    const mine = await get('/api/download?imagename=g_aaaa.png', maker);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['content-disposition']).toBe('attachment; filename="g_aaaa.png"');
    expect(mine.headers['cache-control']).toBe('private, max-age=3600');
    expect(mine.rawPayload).toEqual(await t.storage.get('generated/g_aaaa.png'));
    expect((await get('/api/download?imagename=g_aaaa.png', other)).statusCode).toBe(404);
    expect((await get('/api/download?imagename=g_aaaa.png')).statusCode).toBe(404);
    expect((await get('/api/download?imagename=../generated/g_aaaa.png', maker)).statusCode).toBe(
      404,
    );
    expect((await get('/api/download', maker)).statusCode).toBe(404);
    // A browser's <img> sends the cookie without the XSRF header: fine for a GET.
    const cookie = await t.app.inject({
      method: 'GET',
      url: '/api/download?imagename=g_aaaa.png',
      cookies: { sid: maker },
    });
    expect(cookie.statusCode).toBe(200);
  });

  it('CopyGeneratedImage makes a public character image; DeleteImageFromServer removes one', async () => {
    const copy = await rpc(
      t.app,
      { action: 'CopyGeneratedImage', img: '/api/download?imagename=g_aaaa.png' },
      { bearer: maker },
    );
    expect(copy.body.image).toMatch(/^\/files\/images\/c_[0-9a-f]{32}\.webp$/);
    const res = await get(copy.body.image as string);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(768);
    const name = (copy.body.image as string).split('/').pop();
    expect((await get(`/api/download?imagename=${name}`)).statusCode).toBe(200);

    const theirs = await rpc(
      t.app,
      { action: 'CopyGeneratedImage', img: 'g_bbbb.png' },
      { bearer: maker },
    );
    expect(theirs.body.Error).toBe(ErrorCode.NOT_FOUND);
    const del = await rpc(
      t.app,
      { action: 'DeleteImageFromServer', img: 'g_bbbb.png' },
      { bearer: maker },
    );
    expect(del.body.Error).toBe(ErrorCode.NOT_FOUND);
    expect(await t.storage.get('generated/g_bbbb.png')).not.toBeNull();

    const mine = await rpc(
      t.app,
      { action: 'DeleteImageFromServer', img: 'g_aaaa.png' },
      { bearer: maker },
    );
    expect(mine.body).toEqual({ Error: 0 });
    expect(await t.storage.get('generated/g_aaaa.png')).toBeNull();
    const list = (await rpc(t.app, { action: 'GetAllImages' }, { bearer: maker })).body.images;
    expect(list).toHaveLength(1);
  });

  it('uploads are rate limited per user (files and images together)', async () => {
    const me = await usersRepo(t.deps.db).byEmail('other@example.com');
    await rpc(t.app, { action: 'GetAllImages' }, { bearer: other });
    for (let i = 0; i < UPLOAD_LIMIT.limit; i++) {
      await t.deps.limiter.hit(uploadLimitKey(me!.id), UPLOAD_LIMIT.limit, UPLOAD_LIMIT.window);
    }
    const png = { name: 'p.png', data: await buildImage(10, 10) };
    const r = await uploadImage(other, png, { friend: 'painter', lang: 'en' });
    expect(r.status).toBe(403); // not an editor of painter: refused before counting
    const made = await rpc(
      t.app,
      {
        action: 'AddEmailToFriend',
        friendid: 'painter',
        user: 'other@example.com',
        editpriv: 1,
      },
      { bearer: maker },
    );
    expect(made.body.Error).toBe(0);
    const limited = await uploadImage(other, png, { friend: 'painter', lang: 'en' });
    expect(limited.status).toBe(429);
    expect(limited.text).toMatch(/Too many/);
    // The limiter reads Date (rate-limiter-flexible takes no clock): both move.
    const date = movableDate();
    try {
      t.clock.advance(UPLOAD_LIMIT.window * 1000 + 1);
      date.advance(UPLOAD_LIMIT.window * 1000 + 1);
      expect((await uploadImage(other, png, { friend: 'painter' })).text).toMatch(/^OK /);
    } finally {
      date.restore();
    }
  });

  it('a replaced character image is removed from storage once no character shows it', async () => {
    const first = (
      await uploadImage(maker, { name: 'a.png', data: await buildImage(20, 20) })
    ).text.slice(3);
    const second = (
      await uploadImage(maker, { name: 'b.png', data: await buildImage(30, 30) })
    ).text.slice(3);
    const set = (image: string) =>
      rpc(
        t.app,
        { action: 'UpdateFriendDetails', friendid: 'painter', subject: 'image', contents: image },
        { bearer: maker },
      );
    expect((await set(first)).body.Error).toBe(0);
    expect((await get(first)).statusCode).toBe(200);
    expect((await set(second)).body.Error).toBe(0);
    expect((await get(first)).statusCode).toBe(404);
    expect((await get(second)).statusCode).toBe(200);
  });
});
