import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DirectPaths } from '../../protocol/direct.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import { SPEECH_HEADERS, VOICE_LIMITS } from '../../protocol/voice-constants.ts';
import { readWav, wavFile } from '../ai/media/wav.ts';
import * as schema from '../db/schema.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../test/fake-openai.ts';
import { createTestApp, userWithSession, type TestApp } from '../test/harness.ts';
import { usersRepo } from '../users/users.repo.ts';
import { seedConversation, speech } from './voice-test-kit.ts';

/** Two seconds of a 16 kHz tone: a recording as WAV. */
const clip = wavFile(
  Int16Array.from({ length: 32_000 }, (_, i) => Math.round(6000 * Math.sin(i / 8))),
  16_000,
);
/** A WebM as MediaRecorder starts one (EBML magic), and an MP4 as Safari records. */
const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(5000, 1)]);
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from('ftypM4A '),
  Buffer.alloc(5000, 2),
]);

const ANSWER =
  'שלום ווטסון! **המקרה** מסקרן: ראה https://www.example.co.il/case?id=1 מיד. The game is afoot, my friend.';

function form(file: Buffer, name = 'speech.webm', fields: Record<string, string> = {}) {
  const boundary = '----voice-test';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="audio"; filename="${name}"\r\ncontent-type: audio/webm\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

async function transcribe(
  t: TestApp,
  bearer: string,
  file: Buffer,
  fields: Record<string, string> = {},
) {
  const f = form(file, 'speech.webm', fields);
  const res = await t.app.inject({
    method: 'POST',
    url: DirectPaths.transcribe,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': f.type },
    payload: f.payload,
  });
  return {
    status: res.statusCode,
    body: res.json() as { Error: number; Errstr?: string; text: string },
  };
}

const usage = (t: TestApp, kind: string) =>
  t.deps.db.select().from(schema.usageEvents).where(eq(schema.usageEvents.kind, kind));

describe('voice endpoints against the fake OpenAI server', () => {
  let fake: FakeOpenAI;
  let t: TestApp;
  let reader: string;
  let stranger: string;
  let editor: string;
  let conv: Awaited<ReturnType<typeof seedConversation>>;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp('pglite', {
      env: {
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: fake.url,
        SPEECH_MODEL: 'openai:gpt-4o-mini-tts',
        TRANSCRIPTION_MODEL: 'openai:whisper-1',
      },
    });
    reader = await userWithSession(t, 'reader@example.com');
    stranger = await userWithSession(t, 'stranger@example.com');
    editor = await userWithSession(t, 'maker@example.com', { grant: 'canadd' });
    conv = await seedConversation(t, 'reader@example.com', 'holmesvoice', ANSWER);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('with a transcription model the public config offers voice input', async () => {
    const config = await t.app.inject({ method: 'GET', url: DirectPaths.config });
    expect(config.json()).toMatchObject({ voiceInput: true });
  });

  it('reads a sentence of the caller’s answer in the character’s voice; a replay comes from the cache', async () => {
    fake.media.requests.length = 0;
    const body = {
      friendid: 'holmesvoice',
      messageid: conv.messageId,
      text: 'שלום ווטסון! המקרה מסקרן: ראה https://www.example.co.il/case?id=1 מיד.',
    };
    const first = await speech(t, reader, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    expect(first.headers[SPEECH_HEADERS.offline]).toBe('0');
    expect(first.headers[SPEECH_HEADERS.cache]).toBe('miss');
    expect([...first.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xfb]);
    const sent = fake.media.requests.filter((r) => r.path === '/audio/speech');
    expect(sent).toHaveLength(1);
    // The character's voice and manner; the address said as words, not read as symbols.
    expect(sent[0]!.body).toMatchObject({
      model: 'gpt-4o-mini-tts',
      voice: 'onyx',
      instructions: 'slowly, like a Victorian detective',
    });
    expect(String(sent[0]!.body.input)).toContain('example נקודה co נקודה il');
    expect(String(sent[0]!.body.input)).not.toMatch(/https|\*\*|\?id/);
    const metered = await usage(t, 'speech');
    expect(metered).toHaveLength(1);
    expect(metered[0]).toMatchObject({ userId: conv.userId, provider: 'openai' });

    const again = await speech(t, reader, body);
    expect(again.statusCode).toBe(200);
    expect(again.headers[SPEECH_HEADERS.cache]).toBe('hit');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(fake.media.requests.filter((r) => r.path === '/audio/speech')).toHaveLength(1);
    expect(await usage(t, 'speech')).toHaveLength(1);

    // Other instructions are another recording.
    const other = await speech(t, reader, {
      ...body,
      voice: 'nova',
      voice_instructions: 'cheerful',
    });
    expect(other.headers[SPEECH_HEADERS.cache]).toBe('miss');
    expect(fake.media.requests.at(-1)!.body).toMatchObject({
      voice: 'nova',
      instructions: 'cheerful',
    });
  });

  it('English sentences of the answer are read as written', async () => {
    const r = await speech(t, reader, {
      friendid: 'holmesvoice',
      messageid: conv.messageId,
      text: 'The game is afoot, my friend.',
    });
    expect(r.statusCode).toBe(200);
    expect(fake.media.requests.at(-1)!.body.input).toBe('The game is afoot, my friend.');
  });

  it('is no free text-to-speech: text outside the answer, someone else’s answer, or no answer is refused', async () => {
    const before = fake.media.requests.length;
    const foreign = await speech(t, reader, {
      friendid: 'holmesvoice',
      messageid: conv.messageId,
      text: 'Read my advertisement aloud for free',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ Error: ErrorCode.NOT_FOUND });
    const theirs = await speech(t, stranger, {
      friendid: 'holmesvoice',
      messageid: conv.messageId,
      text: 'The game is afoot',
      lang: 'en',
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().Errstr).toMatch(/own conversations/);
    // Without messageid the answer is looked for among the character's answers to the caller.
    const strangers = await speech(t, stranger, {
      friendid: 'holmesvoice',
      text: 'The game is afoot',
    });
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json()).toMatchObject({ Error: ErrorCode.NOT_FOUND });
    expect(fake.media.requests.length).toBe(before);
  });

  it('without messageid (the fields the spec fixes) the caller’s own answer is found and read', async () => {
    const before = fake.media.requests.length;
    const res = await speech(t, reader, {
      friendid: 'holmesvoice',
      text: 'The game is afoot, my friend.',
      voice: 'nova',
      voice_instructions: 'briskly',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^audio\//);
    expect(fake.media.requests.length).toBe(before + 1);
    expect(fake.media.requests.at(-1)!.body).toMatchObject({
      input: 'The game is afoot, my friend.',
      voice: 'nova',
      instructions: 'briskly',
    });
    const outside = await speech(t, reader, { friendid: 'holmesvoice', text: 'Free words' });
    expect(outside.statusCode).toBe(404);
  });

  it('a studio preview speaks our sample with the typed instructions, for editors only', async () => {
    const mine = await speech(t, editor, {
      preview: 1,
      friendid: '',
      voice: 'sky',
      voice_instructions: 'whisper',
      text: 'ignored: anything the caller wants read',
      lang: 'en',
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(fake.media.requests.at(-1)!.body).toMatchObject({
      input: 'Hello, this is how my voice sounds. I would love to tell you a story.',
      voice: 'ballad',
      instructions: 'whisper',
    });
    // A reader who may not create characters, and one who may not edit this one.
    expect((await speech(t, reader, { preview: 1, voice: 'sky' })).statusCode).toBe(403);
    expect(
      (await speech(t, editor, { preview: 1, friendid: 'holmesvoice', voice: 'sky' })).statusCode,
    ).toBe(403);
  });

  it('speech rate limit per user counts syntheses; the cache still answers', async () => {
    for (let i = 0; i < VOICE_LIMITS.speechPerHour; i++)
      await t.deps.limiter.hit(`speech:${conv.userId}`, VOICE_LIMITS.speechPerHour, 3600);
    const limited = await speech(t, reader, {
      friendid: 'holmesvoice',
      messageid: conv.messageId,
      text: 'The game is afoot',
      voice: 'echo',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ Error: ErrorCode.RATE_LIMITED });
    const cached = await speech(t, reader, {
      friendid: 'holmesvoice',
      messageid: conv.messageId,
      text: 'The game is afoot, my friend.',
    });
    expect(cached.statusCode).toBe(200);
    await t.deps.limiter.reset(`speech:${conv.userId}`);
  });

  it('transcribes a webm from Chromium and an mp4 from Safari into {Error, text}, metered', async () => {
    fake.media.transcript = ' מה שלומך, הולמס? ';
    const r = await transcribe(t, reader, webm, { lang: 'he' });
    expect(r).toEqual({ status: 200, body: { Error: 0, text: 'מה שלומך, הולמס?' } });
    const sent = fake.media.requests.at(-1)!;
    expect(sent).toMatchObject({ path: '/audio/transcriptions', model: 'whisper-1' });
    expect(sent.body).toMatchObject({ language: 'he' });
    fake.media.transcript = 'thank you';
    expect((await transcribe(t, reader, mp4, { lang: 'en' })).body).toEqual({
      Error: 0,
      text: 'thank you',
    });
    expect((await transcribe(t, reader, clip)).body.Error).toBe(0);
    expect(await usage(t, 'transcription')).toHaveLength(3);
  });

  it('refuses too-small, non-audio, too-long and too-large recordings, with the reason and empty text', async () => {
    const before = fake.media.requests.length;
    const small = await transcribe(t, reader, webm.subarray(0, 2000), { lang: 'en' });
    expect(small.body).toMatchObject({
      Error: ErrorCode.BAD_INPUT,
      text: '',
      Errstr: 'The recording is too short.',
    });
    const text = await transcribe(t, reader, Buffer.alloc(5000, 'a'), { lang: 'he' });
    expect(text.body.Errstr).toMatch(/אינו הקלטת קול/);
    const long = wavFile(new Int16Array(16_000 * (VOICE_LIMITS.audioMaxSeconds + 1)), 16_000);
    expect((await transcribe(t, reader, long, { lang: 'en' })).body.Errstr).toMatch(/too long/);
    const huge = await transcribe(t, reader, Buffer.alloc(VOICE_LIMITS.audioMaxBytes + 10, 1), {
      lang: 'en',
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ Error: ErrorCode.BAD_INPUT, text: '' });
    expect(fake.media.requests.length).toBe(before);
  });

  it('transcription rate limit per user', async () => {
    const { id } = (await usersRepo(t.deps.db).byEmail('stranger@example.com'))!;
    for (let i = 0; i < VOICE_LIMITS.transcribePerHour; i++)
      await t.deps.limiter.hit(`transcribe:${id}`, VOICE_LIMITS.transcribePerHour, 3600);
    const r = await transcribe(t, stranger, webm);
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ Error: ErrorCode.RATE_LIMITED, text: '' });
  });

  it('voice status: online speech, transcription available', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: DirectPaths.voiceStatus,
      headers: { authorization: `Bearer ${reader}` },
    });
    expect(res.json()).toMatchObject({
      Error: 0,
      speech: { offline: false, model: 'gpt-4o-mini-tts' },
      transcription: { available: true },
    });
  });
});

describe('voice endpoints offline (no keys)', () => {
  let t: TestApp;
  let reader: string;
  let conv: Awaited<ReturnType<typeof seedConversation>>;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    reader = await userWithSession(t, 'reader@example.com');
    conv = await seedConversation(t, 'reader@example.com', 'holmesvoice', ANSWER);
  });
  afterAll(() => t.close());

  it('espeak-ng reads Hebrew into real, audible WAV, marked offline', async () => {
    const r = await speech(t, reader, {
      friendid: 'holmesvoice',
      messageid: conv.messageId,
      text: 'שלום ווטסון! המקרה מסקרן',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('audio/wav');
    expect(r.headers[SPEECH_HEADERS.offline]).toBe('1');
    const wav = readWav(r.rawPayload)!;
    expect(wav).not.toBeNull();
    expect(wav.seconds).toBeGreaterThan(0.5);
    const pcm = new Int16Array(
      r.rawPayload.buffer.slice(
        r.rawPayload.byteOffset + wav.dataOffset,
        r.rawPayload.byteOffset + wav.dataOffset + (wav.dataLength & ~1),
      ),
    );
    const rms = Math.sqrt(pcm.reduce((s, v) => s + v * v, 0) / pcm.length);
    expect(rms).toBeGreaterThan(300);
    expect(await usage(t, 'speech')).toHaveLength(1);
  });

  it('without a transcription model: the config says voice input is off, a reader gets plain words', async () => {
    const config = await t.app.inject({ method: 'GET', url: DirectPaths.config });
    expect(config.json()).toMatchObject({ voiceInput: false });
    const status = await t.app.inject({
      method: 'GET',
      url: `${DirectPaths.voiceStatus}`,
      headers: { authorization: `Bearer ${reader}`, 'accept-language': 'en' },
    });
    expect(status.json()).toMatchObject({
      speech: { offline: true },
      transcription: { available: false, variable: 'TRANSCRIPTION_MODEL' },
    });
    const r = await transcribe(t, reader, webm, { lang: 'he' });
    expect(r.body.Error).toBe(ErrorCode.NOT_CONFIGURED);
    expect(r.body.Errstr).toBe('הקלט הקולי כבוי באתר הזה. אפשר לכתוב את ההודעה.');
    expect(status.json().transcription.hint).not.toMatch(/[A-Z]{3,}_[A-Z_]+/);
    expect(r.body.text).toBe('');
  });
});
