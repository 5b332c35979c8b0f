import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../protocol/errors.ts';
import { AppError } from '../../errors.ts';
import { mediaKitPerFile, type MediaKit } from './media-test-kit.ts';
import { wavFile } from './wav.ts';

/** Two seconds of 16 kHz tone: what a browser might send, as WAV. */
const clip = wavFile(
  Int16Array.from({ length: 32_000 }, (_, i) => Math.round(6000 * Math.sin(i / 8))),
  16_000,
);
/** The first bytes of a WebM (Matroska) file, as MediaRecorder makes. */
const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4000, 1)]);

describe('transcription port', () => {
  const bed = mediaKitPerFile();
  let kit: MediaKit;
  beforeAll(() => ({ kit } = bed));

  it('offline there is none: a refusal in plain words in the caller language; the setting is named for the operator only', async () => {
    const t = kit.ports({}).transcription;
    expect(t.available).toBe(false);
    expect(t.describe()).toMatchObject({
      provider: null,
      model: null,
      variable: 'TRANSCRIPTION_MODEL',
    });
    const before = (await kit.usage()).length;
    for (const lang of ['he', 'en'] as const) {
      const err = await t.transcribe({ audio: clip, mediaType: 'audio/wav', lang }).catch((e) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe(ErrorCode.NOT_CONFIGURED);
      expect((err as AppError).text(lang)).not.toMatch(/[A-Z]{3,}_[A-Z_]+/);
      expect((err as AppError).text(lang)).toBe(
        lang === 'he'
          ? 'הקלט הקולי כבוי באתר הזה. אפשר לכתוב את ההודעה.'
          : 'Voice input is off on this site. Please type your message.',
      );
    }
    expect((await kit.usage()).length).toBe(before);
  });

  it('TRANSCRIPTION_MODEL=off turns a provider default off', async () => {
    const t = kit.ports({ ...kit.env.openai, TRANSCRIPTION_MODEL: 'off' }).transcription;
    expect(t.available).toBe(false);
  });

  it('OpenAI (whisper-1 by default): sends the audio and language, meters the seconds it reports', async () => {
    const t = kit.ports(kit.env.openai).transcription;
    expect(t.describe()).toMatchObject({ provider: 'openai', model: 'whisper-1', offline: false });
    kit.fake.media.transcript = ' שלום, ווטסון. ';
    const r = await t.transcribe({
      audio: clip,
      mediaType: 'audio/wav',
      lang: 'he',
      userId: kit.userId,
    });
    expect(r).toMatchObject({ text: 'שלום, ווטסון.', language: 'he', model: 'whisper-1' });
    expect(r.audioSeconds).toBeCloseTo(clip.length / 32_000, 1);
    const sent = kit.fake.media.requests[0]!;
    expect(sent).toMatchObject({ path: '/audio/transcriptions', model: 'whisper-1' });
    expect(sent.body).toMatchObject({
      language: 'he',
      response_format: 'verbose_json',
      file: { type: 'audio/wav', size: clip.length },
    });
    expect((await kit.usage()).at(-1)).toMatchObject({
      userId: kit.userId,
      kind: 'transcription',
      provider: 'openai',
      model: 'whisper-1',
      chars: ' שלום, ווטסון. '.length,
    });
    expect((await kit.usage()).at(-1)!.audioSeconds).toBeCloseTo(r.audioSeconds!, 3);
  });

  it('a compatible server takes webm from the browser', async () => {
    const t = kit.ports({
      ...kit.env.compatible,
      TRANSCRIPTION_MODEL: 'compatible:whisper-large-v3',
    }).transcription;
    kit.fake.media.transcript = 'Hello Holmes';
    const r = await t.transcribe({ audio: webm, mediaType: 'audio/webm', lang: 'en' });
    expect(r).toMatchObject({ text: 'Hello Holmes', model: 'whisper-large-v3' });
    expect(kit.fake.media.requests[0]!.body).toMatchObject({
      model: 'whisper-large-v3',
      language: 'en',
      file: { type: 'audio/webm' },
    });
    // Neither the server nor the bytes tell the length of a webm clip here.
    expect((await kit.usage()).at(-1)).toMatchObject({
      provider: 'compatible',
      kind: 'transcription',
      audioSeconds: null,
    });
  });
});
