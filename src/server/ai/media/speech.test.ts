import { beforeAll, describe, expect, it } from 'vitest';
import { mediaKitPerFile, type MediaKit } from './media-test-kit.ts';
import { splitSentences } from './speech.ts';
import { readWav } from './wav.ts';

/** Root mean square of 16-bit PCM, 0..1: silence is ~0, speech well above 0.01. */
function loudness(wav: Buffer): number {
  const info = readWav(wav)!;
  const pcm = new Int16Array(
    wav.buffer.slice(
      wav.byteOffset + info.dataOffset,
      wav.byteOffset + info.dataOffset + info.dataLength,
    ),
  );
  let sum = 0;
  for (const s of pcm) sum += (s / 32768) ** 2;
  return Math.sqrt(sum / pcm.length);
}

describe('speech port', () => {
  const bed = mediaKitPerFile();
  let kit: MediaKit;
  beforeAll(() => ({ kit } = bed));

  describe('offline (espeak-ng)', () => {
    it('speaks Hebrew as a valid, non-silent WAV and meters characters and seconds', async () => {
      const speech = kit.ports({}).speech;
      expect(speech.describe()).toMatchObject({
        provider: 'offline',
        model: 'espeak-ng',
        label: 'offline speech (espeak-ng)',
      });
      const text = 'שלום, אני שרלוק הולמס. במה אוכל לעזור?';
      const r = await speech.speak({ text, voice: 'onyx', lang: 'he', userId: kit.userId });
      expect(r).toMatchObject({ mediaType: 'audio/wav', offline: true, model: 'espeak-ng' });
      const info = readWav(r.audio);
      expect(info).toMatchObject({ channels: 1, bitsPerSample: 16 });
      expect(info!.sampleRate).toBeGreaterThanOrEqual(16_000);
      expect(info!.seconds).toBeGreaterThan(1.5);
      expect(r.audioSeconds).toBeCloseTo(info!.seconds, 3);
      expect(loudness(r.audio)).toBeGreaterThan(0.02);
      expect((await kit.usage()).at(-1)).toMatchObject({
        userId: kit.userId,
        kind: 'speech',
        provider: 'offline',
        model: 'espeak-ng',
        chars: text.length,
      });
      expect((await kit.usage()).at(-1)!.audioSeconds).toBeCloseTo(info!.seconds, 3);
    });

    it('speaks English, and a voice changes the sound', async () => {
      const speech = kit.ports({}).speech;
      const text = 'Elementary, my dear Watson.';
      const low = await speech.speak({ text, voice: 'onyx', lang: 'en' });
      const high = await speech.speak({ text, voice: 'nova', lang: 'en' });
      expect(loudness(low.audio)).toBeGreaterThan(0.02);
      expect(readWav(high.audio)!.seconds).toBeGreaterThan(0.8);
      expect(high.audio.equals(low.audio)).toBe(false);
    });

    it('reads sentence by sentence, one clip each, in order', async () => {
      const speech = kit.ports({}).speech;
      const clips = [];
      for await (const c of speech.speakSentences({
        text: 'הערב ירד לאט על רחוב בייקר הישן. ווטסון ישב ליד האח וקרא עיתון. פתאום נשמעה דפיקה חזקה בדלת!',
        lang: 'he',
        voice: 'fable',
      }))
        clips.push(c);
      expect(clips.map((c) => c.index)).toEqual([0, 1, 2]);
      expect(clips[2]!.sentence).toBe('פתאום נשמעה דפיקה חזקה בדלת!');
      for (const c of clips) expect(loudness(c.audio)).toBeGreaterThan(0.02);
    });
  });

  it('splits sentences, joining short ones to their neighbour', () => {
    expect(
      splitSentences(
        'Yes. I saw him at the station, by the clock. Then he ran into the crowd and was gone. Odd!',
        'en',
      ),
    ).toEqual([
      'Yes. I saw him at the station, by the clock.',
      'Then he ran into the crowd and was gone. Odd!',
    ]);
    expect(
      splitSentences('שלום. מה שלומך היום, ידידי הטוב? אני בסדר גמור, תודה רבה.', 'he'),
    ).toEqual(['שלום. מה שלומך היום, ידידי הטוב?', 'אני בסדר גמור, תודה רבה.']);
  });

  describe('through the AI SDK against the fake server', () => {
    it('OpenAI: sends text, mapped voice, instructions and format; meters characters', async () => {
      const speech = kit.ports(kit.env.openai).speech;
      expect(speech.describe()).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini-tts' });
      const r = await speech.speak({
        text: 'Come at once if convenient.',
        voice: 'juniper',
        instructions: 'Speak briskly, like a Victorian telegram.',
        lang: 'en',
        userId: kit.userId,
      });
      expect(r).toMatchObject({ mediaType: 'audio/mpeg', offline: false, audioSeconds: null });
      expect([...r.audio.subarray(0, 2)]).toEqual([0xff, 0xfb]);
      expect(kit.fake.media.requests[0]).toMatchObject({
        path: '/audio/speech',
        model: 'gpt-4o-mini-tts',
        body: {
          input: 'Come at once if convenient.',
          voice: 'sage',
          instructions: 'Speak briskly, like a Victorian telegram.',
          response_format: 'mp3',
        },
      });
      expect((await kit.usage()).at(-1)).toMatchObject({
        kind: 'speech',
        provider: 'openai',
        model: 'gpt-4o-mini-tts',
        chars: 27,
        audioSeconds: null,
      });
    });

    it('a compatible server with SPEECH_MODEL: WAV asked for, seconds metered', async () => {
      const speech = kit.ports({ ...kit.env.compatible, SPEECH_MODEL: 'compatible:kokoro' }).speech;
      const r = await speech.speak({ text: 'שלום לכולם', voice: 'alloy', format: 'wav' });
      expect(r).toMatchObject({ mediaType: 'audio/wav', model: 'kokoro', offline: false });
      expect(r.audioSeconds).toBeGreaterThan(0.7);
      expect(kit.fake.media.requests[0]).toMatchObject({
        path: '/audio/speech',
        model: 'kokoro',
        body: { voice: 'alloy', response_format: 'wav' },
      });
      expect((await kit.usage()).at(-1)!.audioSeconds).toBeCloseTo(r.audioSeconds!, 3);
    });
  });
});
