import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { runAdminCommand } from '../admin/admin-run.ts';
import { images, users } from '../db/schema.ts';
import type { DomainEventMap } from '../platform/domain-events.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import {
  createTestApp,
  freshDatabase,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';

const setCredits = (t: TestApp, email: string, imgcredit: number) =>
  t.deps.db.update(users).set({ imgcredit }).where(eq(users.email, email));
const userRow = async (t: TestApp, email: string) =>
  (await t.deps.db.select().from(users).where(eq(users.email, email)))[0]!;
const download = (t: TestApp, path: string, bearer?: string) =>
  t.app.inject({
    method: 'GET',
    url: path,
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
const jpegDataUrl = async () =>
  `data:image/jpeg;base64,${(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .jpeg({ quality: 80 })
      .toBuffer()
  ).toString('base64')}`;

// One database (PostgreSQL when configured, else PGlite): this file tests a provider's
// protocol; its statements are the domain's, which its other rpc tests run on both
// (docs/decisions.md, "Provider tests run on one database").
describe.each(testDatabases().slice(-1))('image generation on %s', (kind) => {
  let fake: FakeOpenAI;
  let t: TestApp;
  let artist: string;
  let viewer: string;
  let thief: string;
  const events: DomainEventMap['image.created'][] = [];
  const call = (body: Record<string, unknown>, bearer = artist) => rpc(t.app, body, { bearer });

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp(kind, {
      env: {
        OPENAI_COMPATIBLE_BASE_URL: fake.url,
        OPENAI_COMPATIBLE_MODELS: 'fake-model',
        IMAGE_MODEL: 'compatible:fake-image',
      },
    });
    artist = await userWithSession(t, 'artist@example.com', { grant: 'imgedit' });
    viewer = await userWithSession(t, 'viewer@example.com');
    thief = await userWithSession(t, 'thief@example.com', { grant: 'imgedit' });
    // Admins set image credits (`npm run admin -- imgcredit <email> <n>`, or +n to add).
    expect(
      await runAdminCommand(t.deps.db, {
        command: 'imgcredit',
        email: 'artist@example.com',
        amount: '3',
      }),
    ).toBe('artist@example.com: 3 image credit(s), 0 image(s) created');
    expect(
      await runAdminCommand(t.deps.db, {
        command: 'imgcredit',
        email: 'artist@example.com',
        amount: '+2',
      }),
    ).toMatch(/: 5 image credit/);
    await setCredits(t, 'thief@example.com', 5);
    t.deps.domain.on('image.created', (e) => void events.push(e));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('the designer calls its tool: a record with the English prompt, then the picture', async () => {
    fake.enqueueFor(
      'שועל',
      {
        toolCalls: [
          {
            name: 'create_image',
            arguments: {
              prompt: 'A red fox sitting in fresh snow, soft watercolour, morning light',
              negative_prompt: 'text, watermark',
              request: 'שועל אדום יושב בשלג, בצבעי מים',
            },
          },
        ],
      },
      { text: 'מעולה! אני יוצר את התמונה עכשיו.' },
    );
    const r = await call({
      action: 'AskGraphicalDesigner',
      message: 'שועל אדום יושב בשלג, בצבעי מים',
      img: await jpegDataUrl(),
      lang: 'he',
    });
    expect(r.body.Error, JSON.stringify(r.body)).toBe(0);
    const num = r.body.num as number;
    expect(num).toBeGreaterThan(0);
    expect(r.body.answer).toBe(`מעולה! אני יוצר את התמונה עכשיו.\n\n:#${num}`);
    expect(r.body.refimg).toMatch(/^\/api\/download\?imagename=r_\d+_[0-9a-f]{32}\.webp$/);
    // The model was offered the tool, saw the picture, and got the record's number back.
    const [first, second] = fake.requests.slice(-2);
    expect(first!.tools?.map((x) => x.function.name)).toEqual(['create_image']);
    expect(JSON.stringify(first!.messages.at(-1))).toContain('image');
    expect(second!.messages.find((m) => m.role === 'tool')?.content).toContain(`"num":${num}`);

    const loading = await call({ action: 'GetImage', num });
    expect(loading.body.image).toMatchObject({
      num,
      prompt: 'A red fox sitting in fresh snow, soft watercolour, morning light',
      negative_prompt: 'text, watermark',
      request: 'שועל אדום יושב בשלג, בצבעי מים',
    });
    await t.deps.jobs.idle();
    const done = await call({ action: 'GetImage', num });
    expect(done.body.image).toMatchObject({ loading: 0, offline: 0 });
    const image = (done.body.image as { image: string }).image;
    expect(image).toMatch(/^\/api\/download\?imagename=g_[0-9a-f]{32}\.webp$/);
    // With a reference the provider is asked for an edit; the negative prompt rides along.
    const sent = fake.media.requests.at(-1)!;
    expect(sent.path).toBe('/images/edits');
    expect(String(sent.body.prompt).replace(/\r\n/g, '\n')).toBe(
      'A red fox sitting in fresh snow, soft watercolour, morning light\n\nAvoid: text, watermark',
    );
    const file = await download(t, image, artist);
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');
    // Private to its owner, the picture and the reference alike.
    expect((await download(t, image, thief)).statusCode).toBe(404);
    expect((await download(t, image)).statusCode).toBe(404);
    expect((await download(t, r.body.refimg as string, artist)).statusCode).toBe(200);
    expect((await download(t, r.body.refimg as string, thief)).statusCode).toBe(404);

    expect(await userRow(t, 'artist@example.com')).toMatchObject({ imgcredit: 4, imgcreated: 1 });
    expect(events).toContainEqual(expect.objectContaining({ imageNum: num, ok: true }));
    // The conversation is the chat domain's: RetrieveConversation shows it, marker and all.
    const conv = await call({ action: 'RetrieveConversation', friendid: 'graphicdesigner' });
    const chat = conv.body.chat as { role: string; message: string; img: string | null }[];
    expect(chat.at(-2)).toMatchObject({ role: 'user', img: r.body.refimg });
    expect(chat.at(-1)!.message).toContain(`:#${num}`);
  });

  it('a model that writes no tool call and no prompt makes no image', async () => {
    fake.enqueueFor('what styles', { text: 'Watercolour, pixel art or a comic? Which one?' });
    const r = await call({ action: 'AskGraphicalDesigner', message: 'what styles do you know?' });
    expect(r.body).toMatchObject({ Error: 0, num: 0 });
    expect(r.body.answer).not.toMatch(/:#\d/);
  });

  it('a provider failure stores "Invalid image" with the reason and gives the credit back', async () => {
    const before = (await userRow(t, 'artist@example.com')).imgcredit;
    // A 400 is not retried: one failure fails the generation.
    fake.media.failNext(400);
    const r = await call({ action: 'RecreateImage', prompt: 'a castle made of glass' });
    expect(r.body.Error).toBe(0);
    expect(r.body.image).toMatchObject({ loading: 1, image: '' });
    await t.deps.jobs.idle();
    const failed = await call({ action: 'GetImage', num: r.body.num });
    expect(failed.body.image).toMatchObject({ loading: 0, image: 'Invalid image' });
    expect((failed.body.image as { error: string }).error).toMatch(/fake error 400/);
    expect((await userRow(t, 'artist@example.com')).imgcredit).toBe(before);
    expect(events.at(-1)).toMatchObject({ imageNum: r.body.num, ok: false });
    // GenerateImage draws the failed one again.
    const again = await call({ action: 'GenerateImage', num: r.body.num });
    expect(again.body.image).toMatchObject({ loading: 1 });
    await t.deps.jobs.idle();
    const ok = await call({ action: 'GetImage', num: r.body.num });
    expect((ok.body.image as { image: string }).image).toMatch(/imagename=g_/);
    // A drawn one is answered as it is, at no cost.
    const credits = (await userRow(t, 'artist@example.com')).imgcredit;
    expect((await call({ action: 'GenerateImage', num: r.body.num })).body.image).toMatchObject({
      loading: 0,
    });
    expect((await userRow(t, 'artist@example.com')).imgcredit).toBe(credits);
  });

  it('refusals: no imgedit, no credits, someone else’s number; each changes nothing', async () => {
    const noPerm = await call({ action: 'RecreateImage', prompt: 'a boat' }, viewer);
    expect(noPerm.body).toMatchObject({
      Error: ErrorCode.FORBIDDEN,
      Errstr: 'אין לך הרשאה ליצור תמונות',
    });
    const designer = await call({ action: 'AskGraphicalDesigner', message: 'a boat' }, viewer);
    expect(designer.body).toMatchObject({
      Error: ErrorCode.FORBIDDEN,
      Errstr: 'אין לך הרשאה ליצור תמונות',
    });
    expect((await call({ action: 'ChkImgPermission' }, viewer)).body.Error).toBe(
      ErrorCode.FORBIDDEN,
    );
    expect((await call({ action: 'ChkImgPermission' })).body.Error).toBe(0);

    const mine = (await call({ action: 'GetAllImages' })).body.images as { num: number }[];
    const num = mine[0]!.num;
    for (const action of ['GetImage', 'GenerateImage', 'DeleteImage']) {
      const r = await call({ action, num }, thief);
      expect(r.body.Error, action).toBe(ErrorCode.NOT_FOUND);
    }
    expect((await call({ action: 'GetAllImages' }, thief)).body.images).toEqual([]);

    await setCredits(t, 'thief@example.com', 0);
    const count = (await t.deps.db.select().from(images)).length;
    const broke = await call({ action: 'RecreateImage', prompt: 'a boat' }, thief);
    expect(broke.body.Error).toBe(ErrorCode.FORBIDDEN);
    expect(broke.body.Errstr).toMatch(/נגמרו קרדיטי התמונות.*\/buy/);
    // The designer says so in its answer, with a link to buy more.
    fake.enqueueFor('lighthouse', {
      toolCalls: [{ name: 'create_image', arguments: { prompt: 'A lighthouse', request: 'x' } }],
    });
    fake.enqueue({ text: 'Sorry, no credits.' });
    const said = await call(
      { action: 'AskGraphicalDesigner', message: 'a lighthouse', lang: 'en' },
      thief,
    );
    expect(said.body).toMatchObject({ Error: 0, num: 0 });
    expect(said.body.answer).toContain('](/buy)');
    expect((await t.deps.db.select().from(images)).length).toBe(count);
    // Someone else's picture cannot be the reference.
    const mineImage = (await call({ action: 'GetImage', num })).body.image as { image: string };
    await setCredits(t, 'thief@example.com', 1);
    const ref = await call({ action: 'RecreateImage', prompt: 'x', img: mineImage.image }, thief);
    expect(ref.body.Error).toBe(ErrorCode.NOT_FOUND);
  });

  it('GetAllImages pages newest first with the credits; DeleteImage removes one', async () => {
    const all = await call({ action: 'GetAllImages' });
    const list = all.body.images as { num: number }[];
    expect(all.body).toMatchObject({ offline: 0, imgcredit: expect.any(Number), imgcreated: 2 });
    const page = await call({ action: 'GetAllImages', limit: 1 });
    expect(page.body).toMatchObject({ more: 1, images: [{ num: list[0]!.num }] });
    const next = await call({ action: 'GetAllImages', limit: 1, before: list[0]!.num });
    expect((next.body.images as { num: number }[])[0]!.num).toBe(list[1]!.num);
    expect((await call({ action: 'DeleteImage', num: list[0]!.num })).body.Error).toBe(0);
    expect((await call({ action: 'GetImage', num: list[0]!.num })).body.Error).toBe(
      ErrorCode.NOT_FOUND,
    );
  });
});

describe('image generation across a restart, offline', () => {
  it('a generation accepted before the server stopped is drawn after it starts again', async () => {
    const database = await freshDatabase('pglite');
    // The first server takes the request but runs no generations (as a web-only instance).
    const a = await createTestApp('pglite', { database, env: { IMAGE_JOBS: '0' } });
    const token = await userWithSession(a, 'painter@example.com', { grant: 'imgedit' });
    await setCredits(a, 'painter@example.com', 2);
    const made = await rpc(
      a.app,
      { action: 'RecreateImage', prompt: 'A lighthouse by the sea at night' },
      { bearer: token },
    );
    expect(made.body.image).toMatchObject({ loading: 1 });
    await a.close();

    const b = await createTestApp('pglite', { database });
    try {
      const num = made.body.num as number;
      expect(
        (await rpc(b.app, { action: 'GetImage', num }, { bearer: token })).body.image,
      ).toMatchObject({ loading: 1 });
      await b.deps.jobs.idle();
      const done = await rpc(b.app, { action: 'GetImage', num }, { bearer: token });
      expect(done.body.image).toMatchObject({ loading: 0, offline: 1 });
      const file = await b.app.inject({
        method: 'GET',
        url: (done.body.image as { image: string }).image,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(file.statusCode).toBe(200);
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 1024,
      });
      expect(await userRow(b, 'painter@example.com')).toMatchObject({
        imgcredit: 1,
        imgcreated: 1,
      });
      // The offline designer makes an image from the user's words and says it is offline.
      const r = await rpc(
        b.app,
        { action: 'AskGraphicalDesigner', message: 'a small red boat', lang: 'en' },
        { bearer: token },
      );
      expect(r.body).toMatchObject({ Error: 0, offline: 1 });
      expect(r.body.answer).toMatch(/^\(The offline designer.*\n\n:#\d+$/s);
    } finally {
      await b.close();
      await database.close();
    }
  }, 240_000); // two app starts on one database: a bound for a busy machine, not a wait
});
