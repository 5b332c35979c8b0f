import { beforeAll, describe, expect, it } from 'vitest';
import { mediaKitPerFile, type MediaKit } from './media-test-kit.ts';
import { readWav, wavFile } from './wav.ts';

/** Two seconds of 16 kHz tone: a recording as WAV. */
const clip = wavFile(
  Int16Array.from({ length: 32_000 }, (_, i) => Math.round(6000 * Math.sin(i / 8))),
  16_000,
);
/** The first bytes of a WebM (Matroska) file, as MediaRecorder makes. */
const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4000, 1)]);

describe('Google (Gemini) speech and transcription through the AI SDK, against the fake Gemini API', () => {
  const bed = mediaKitPerFile();
  let kit: MediaKit;
  beforeAll(() => ({ kit } = bed));

  it('a Google key alone chooses Gemini for both', () => {
    const p = kit.ports(kit.env.google);
    expect(p.speech.describe()).toMatchObject({
      provider: 'google',
      model: 'gemini-2.5-flash-preview-tts',
      offline: false,
    });
    expect(p.transcription.available).toBe(true);
    expect(p.transcription.describe()).toMatchObject({
      provider: 'google',
      model: 'gemini-3.5-transcribe',
    });
  });

  it('speech: the mapped voice, the instructions and the text; raw PCM comes back as a WAV, metered in seconds', async () => {
    const speech = kit.ports(kit.env.google).speech;
    const text = 'Come at once if convenient.';
    const r = await speech.speak({
      text,
      voice: 'onyx',
      instructions: 'Speak briskly, like a Victorian telegram',
      lang: 'en',
      userId: kit.userId,
      format: 'mp3',
    });
    expect(r).toMatchObject({ mediaType: 'audio/wav', offline: false });
    const wav = readWav(r.audio)!;
    expect(wav).toMatchObject({ channels: 1, bitsPerSample: 16, sampleRate: 24_000 });
    // The fake's tone lasts as long as the prompt it got would take to say.
    const prompt = `Speak briskly, like a Victorian telegram: ${text}`;
    expect(wav.seconds).toBeCloseTo(prompt.length / 14, 1);
    expect(r.audioSeconds).toBeCloseTo(wav.seconds, 3);
    const sent = kit.fake.media.requests[0]!;
    expect(sent).toMatchObject({
      path: '/v1beta/models/gemini-2.5-flash-preview-tts:generateContent',
      model: 'gemini-2.5-flash-preview-tts',
    });
    // Gemini 2.5 takes the manner as words before the text, and an English locale.
    expect(sent.body).toMatchObject({
      contents: [
        { role: 'user', parts: [{ text: `Speak briskly, like a Victorian telegram: ${text}` }] },
      ],
      generationConfig: {
        responseModalities: ['AUDIO'],
        speechConfig: {
          voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Algenib' } },
          languageCode: 'en-US',
        },
      },
    });
    expect((await kit.usage()).at(-1)).toMatchObject({
      userId: kit.userId,
      kind: 'speech',
      provider: 'google',
      model: 'gemini-2.5-flash-preview-tts',
      chars: text.length,
    });
    expect((await kit.usage()).at(-1)!.audioSeconds).toBeCloseTo(wav.seconds, 3);
  });

  it('speech in Hebrew sends no locale (Gemini has none for Hebrew and tells it from the text)', async () => {
    const speech = kit.ports(kit.env.google).speech;
    const r = await speech.speak({ text: 'שלום, אני שרלוק הולמס.', voice: 'nova', lang: 'he' });
    expect(readWav(r.audio)!.seconds).toBeGreaterThan(1);
    const config = (kit.fake.media.requests[0]!.body.generationConfig as Record<string, unknown>)
      .speechConfig as Record<string, unknown>;
    expect(config).toEqual({ voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Kore' } } });
  });

  it('a Gemini 3.8 model is asked for WAV and answers WAV', async () => {
    const speech = kit.ports({
      ...kit.env.google,
      SPEECH_MODEL: 'google:gemini-3.8-flash-tts',
    }).speech;
    const r = await speech.speak({ text: 'Elementary.', voice: 'fable', instructions: 'dry' });
    expect(readWav(r.audio)).toMatchObject({ sampleRate: 24_000 });
    expect(kit.fake.media.requests[0]!.body).toMatchObject({
      contents: [{ parts: [{ text: 'Elementary.', speechMetadata: { style: 'dry' } }] }],
      generationConfig: { responseFormat: { audio: { mimeType: 'AUDIO_WAV' } } },
    });
  });

  it('a failed call is retried once; a second failure reaches the caller', async () => {
    const speech = kit.ports(kit.env.google).speech;
    kit.fake.media.failNext(503);
    const ok = await speech.speak({ text: 'Once more, Watson.', lang: 'en' });
    expect(readWav(ok.audio)).not.toBeNull();
    expect(kit.fake.media.requests).toHaveLength(2);
    kit.fake.media.failNext(500);
    kit.fake.media.failNext(500);
    await expect(speech.speak({ text: 'Twice failed.', lang: 'en' })).rejects.toThrow(
      /fake error 500/,
    );
  });

  it('transcription: the recording as base64 with its type and the speaker’s locale; the text and characters metered', async () => {
    const t = kit.ports(kit.env.google).transcription;
    kit.fake.media.transcript = ' שלום, ווטסון. ';
    const r = await t.transcribe({
      audio: clip,
      mediaType: 'audio/wav',
      lang: 'he',
      userId: kit.userId,
    });
    expect(r).toMatchObject({ text: 'שלום, ווטסון.', model: 'gemini-3.5-transcribe' });
    // Gemini does not say how long the audio was; a WAV tells it itself.
    expect(r.audioSeconds).toBeCloseTo(2, 2);
    const sent = kit.fake.media.requests[0]!;
    expect(sent).toMatchObject({ path: '/v1beta/interactions', model: 'gemini-3.5-transcribe' });
    expect(sent.body).toMatchObject({
      input: [{ type: 'audio', mime_type: 'audio/wav', data: clip.toString('base64') }],
      generation_config: { transcription_config: { language_codes: ['he-IL'] } },
    });
    expect((await kit.usage()).at(-1)).toMatchObject({
      userId: kit.userId,
      kind: 'transcription',
      provider: 'google',
      model: 'gemini-3.5-transcribe',
      chars: ' שלום, ווטסון. '.length,
    });

    kit.fake.media.transcript = 'Hello Holmes';
    const en = await t.transcribe({ audio: webm, mediaType: 'audio/webm', lang: 'en' });
    expect(en).toMatchObject({ text: 'Hello Holmes', audioSeconds: null });
    expect(kit.fake.media.requests[1]!.body).toMatchObject({
      input: [{ type: 'audio', mime_type: 'audio/webm' }],
      generation_config: { transcription_config: { language_codes: ['en-US'] } },
    });
  });
});
