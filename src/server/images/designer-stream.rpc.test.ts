import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { runAdminCommand } from '../admin/admin-run.ts';
import { parseSse } from '../chat/chat-test-kit.ts';
import { loadConfig } from '../config.ts';
import { users } from '../db/schema.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import { createTestApp, lastLinkToken, rpc, testDatabases, type TestApp } from '../test/harness.ts';

const EMAIL = 'newartist@example.com';

describe('starter image credits', () => {
  it('default to 3 (a first image and two changes) and follow STARTER_IMAGE_CREDITS', () => {
    expect(loadConfig({}).STARTER_IMAGE_CREDITS).toBe(3);
    expect(loadConfig({ STARTER_IMAGE_CREDITS: '0' }).STARTER_IMAGE_CREDITS).toBe(0);
    expect(() => loadConfig({ STARTER_IMAGE_CREDITS: '-1' })).toThrow(/STARTER_IMAGE_CREDITS/);
  });
});

// One database (PostgreSQL when configured, else PGlite): this file tests a provider's
// protocol; its statements are the domain's, which its other rpc tests run on both
// (docs/decisions.md, "Provider tests run on one database").
describe.each(testDatabases().slice(-1))('the designer streams on %s', (kind) => {
  let fake: FakeOpenAI;
  let t: TestApp;
  let token: string;
  const userRow = async () =>
    (await t.deps.db.select().from(users).where(eq(users.email, EMAIL)))[0]!;
  const sse = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
      },
      payload: { action: 'AskGraphicalDesigner', lang: 'en', ...body },
    });

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp(kind, {
      env: {
        OPENAI_COMPATIBLE_BASE_URL: fake.url,
        OPENAI_COMPATIBLE_MODELS: 'fake-model',
        IMAGE_MODEL: 'compatible:fake-image',
        STARTER_IMAGE_CREDITS: '2',
      },
    });
    // A person signs up: the account starts with the starter grant.
    await rpc(t.app, { action: 'RegisterFullname', email: EMAIL, fullname: 'New Artist' });
    const check = await rpc(t.app, { action: 'CheckToken', token: lastLinkToken(t.mails, EMAIL) });
    token = check.body.token as string;
    expect(await userRow()).toMatchObject({ imgcredit: 2, imgcreated: 0, imgedit: false });
    await runAdminCommand(t.deps.db, { command: 'grant', email: EMAIL, flags: ['imgedit'] });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('deltas as they come, the new image before the answer ends, then done with :#num', async () => {
    fake.enqueueFor(
      'a lighthouse',
      {
        toolCalls: [
          {
            name: 'create_image',
            arguments: { prompt: 'A lighthouse at dusk', request: 'draw a lighthouse' },
          },
        ],
      },
      { text: 'Great, your image is on its way!', gapMs: 5 },
    );
    const res = await sse({ message: 'draw a lighthouse' });
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = parseSse(res.body);
    const image = events.find((e) => e.event === 'image');
    const num = image!.data.num as number;
    expect(num).toBeGreaterThan(0);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((e) => e.data.text).join('')).toBe('Great, your image is on its way!');
    // The record exists (and its job runs) before the first word of the answer.
    expect(events.indexOf(image!)).toBeLessThan(events.indexOf(deltas[0]!));
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({
      Error: 0,
      num,
      answer: `Great, your image is on its way!\n\n:#${num}`,
      offline: 0,
    });
    // The starter grant paid for it.
    expect((await userRow()).imgcredit).toBe(1);
    const conv = await rpc(
      t.app,
      { action: 'RetrieveConversation', friendid: 'graphicdesigner' },
      { bearer: token },
    );
    const chat = conv.body.chat as { role: string; message: string }[];
    expect(chat.at(-1)!.message).toBe(`Great, your image is on its way!\n\n:#${num}`);
    await t.deps.jobs.idle();
    const drawn = await rpc(t.app, { action: 'GetImage', num }, { bearer: token });
    expect(drawn.body.image).toMatchObject({ loading: 0, prompt: 'A lighthouse at dusk' });
    expect(await userRow()).toMatchObject({ imgcredit: 1, imgcreated: 1 });
  });

  it('a model that fails answers a clear error in the done event; nothing is made', async () => {
    fake.enqueueFor('broken', { status: 400 });
    const res = await sse({ message: 'broken request' });
    const done = parseSse(res.body).at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({
      Error: ErrorCode.UPSTREAM,
      Errstr: 'The character could not answer right now. Please try again.',
    });
    expect(await userRow()).toMatchObject({ imgcredit: 1, imgcreated: 1 });
  });

  it('a refusal is plain JSON before any stream', async () => {
    await runAdminCommand(t.deps.db, { command: 'revoke', email: EMAIL, flags: ['imgedit'] });
    const res = await sse({ message: 'draw a boat' });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ Error: ErrorCode.FORBIDDEN });
  });
});
