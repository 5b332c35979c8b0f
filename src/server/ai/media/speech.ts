import { generateSpeech } from 'ai';
import type { Meter } from '../meter.ts';
import type { Providers } from '../registry.ts';
import { espeakTask, type Espeak } from './espeak.ts';
import type { MediaChoice } from './media-models.ts';
import { describePort, type CallContext, type PortDescription } from './types.ts';
import { readWav } from './wav.ts';

export type SpeechFormat = 'mp3' | 'wav' | 'opus';

export interface SpeechRequest extends CallContext {
  text: string;
  /** One of the spec's voices (alloy … sky); each provider gets its nearest own voice. */
  voice?: string | null;
  /** How to speak ("slowly, like an old storyteller"); models that cannot follow it ignore it. */
  instructions?: string | null;
  /** he, en, …; offline speech picks its pronunciation from it (else from the text's letters). */
  lang?: string | null;
  /** A preference: offline speech is always WAV. */
  format?: SpeechFormat;
}

export interface SpeechResult {
  audio: Buffer;
  mediaType: string;
  model: string;
  offline: boolean;
  /** Known for WAV; other formats would need decoding. */
  audioSeconds: number | null;
}

export interface SpeechPort {
  speak(req: SpeechRequest): Promise<SpeechResult>;
  /**
   * The text sentence by sentence, each synthesised when the previous one is taken: read-aloud
   * can play the first sentence while the next is made, and stop early by not asking for more.
   */
  speakSentences(
    req: SpeechRequest,
  ): AsyncGenerator<SpeechResult & { sentence: string; index: number }>;
  /**
   * Gets ready to speak soon (offline: starts the speech thread and its program, which
   * otherwise the first sentence would wait for). Cheap to call again; online ports have
   * nothing to prepare.
   */
  prepare(): Promise<void>;
  describe(): PortDescription;
}

/** OpenAI's API has the first six; the other spec voices are ChatGPT's, mapped by gender and tone. */
const OPENAI_VOICES: Record<string, string> = {
  alloy: 'alloy',
  echo: 'echo',
  fable: 'fable',
  onyx: 'onyx',
  nova: 'nova',
  shimmer: 'shimmer',
  breeze: 'coral',
  cove: 'ash',
  ember: 'verse',
  juniper: 'sage',
  sky: 'ballad',
};

/** Gemini's prebuilt voices nearest to each spec voice. */
const GEMINI_VOICES: Record<string, string> = {
  alloy: 'Zephyr',
  echo: 'Charon',
  fable: 'Orus',
  onyx: 'Algenib',
  nova: 'Kore',
  shimmer: 'Aoede',
  breeze: 'Leda',
  cove: 'Puck',
  ember: 'Fenrir',
  juniper: 'Erinome',
  sky: 'Autonoe',
};

/** Pieces shorter than this join the next sentence: a lone "Yes." is not worth a request. */
const MIN_SENTENCE = 24;

export function splitSentences(text: string, lang?: string | null): string[] {
  const seg = new Intl.Segmenter(lang === 'he' ? 'he' : lang === 'en' ? 'en' : undefined, {
    granularity: 'sentence',
  });
  const out: string[] = [];
  let carry = '';
  for (const { segment } of seg.segment(text)) {
    carry += segment;
    if (carry.trim().length >= MIN_SENTENCE) {
      out.push(carry.trim());
      carry = '';
    }
  }
  if (carry.trim()) {
    if (out.length && carry.trim().length < MIN_SENTENCE) out[out.length - 1] += ` ${carry.trim()}`;
    else out.push(carry.trim());
  }
  return out;
}

const MEDIA_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  opus: 'audio/ogg',
};

export function createSpeechPort(opts: {
  choice: MediaChoice;
  providers: Providers;
  meter: Meter;
  espeak: Espeak;
}): SpeechPort {
  const { choice, providers, meter, espeak } = opts;
  if (!choice) throw new Error('speech always has a model (offline at least)');
  const description = describePort('speech', 'SPEECH_MODEL', choice);

  async function speakOffline(req: SpeechRequest): Promise<SpeechResult> {
    const audio = await espeak.synthesize(
      espeakTask(req.text, req.voice ?? undefined, req.lang ?? undefined),
      req.signal,
    );
    const seconds = readWav(audio)?.seconds ?? null;
    await meter.record({
      userId: req.userId,
      kind: 'speech',
      provider: 'offline',
      model: choice!.model,
      chars: req.text.length,
      ...(seconds !== null ? { audioSeconds: seconds } : {}),
    });
    return {
      audio,
      mediaType: 'audio/wav',
      model: choice!.model,
      offline: true,
      audioSeconds: seconds,
    };
  }

  const model =
    choice.provider === 'offline'
      ? null
      : providers.registry.speechModel(`${choice.provider}:${choice.model}`);

  async function speakOnline(req: SpeechRequest): Promise<SpeechResult> {
    const google = choice!.provider === 'google';
    const voices = google ? GEMINI_VOICES : OPENAI_VOICES;
    // Gemini answers WAV (or raw PCM), never MP3.
    const format = google ? 'wav' : (req.format ?? 'mp3');
    // OpenAI's speech takes no language (the SDK warns and drops it). Gemini takes a locale
    // from its list, which has English and not Hebrew: Hebrew it tells from the letters.
    const language = google && req.lang === 'en' ? 'en-US' : undefined;
    const result = await generateSpeech({
      model: model!,
      text: req.text,
      voice: voices[req.voice ?? ''] ?? voices.alloy,
      outputFormat: format,
      ...(req.instructions ? { instructions: req.instructions } : {}),
      ...(language ? { language } : {}),
      maxRetries: 1,
      ...(req.signal ? { abortSignal: req.signal } : {}),
    });
    const audio = Buffer.from(result.audio.uint8Array);
    const wav = readWav(audio);
    const mediaType = wav ? 'audio/wav' : result.audio.mediaType || MEDIA_TYPES[format]!;
    await meter.record({
      userId: req.userId,
      kind: 'speech',
      provider: choice!.provider,
      model: choice!.model,
      chars: req.text.length,
      ...(wav ? { audioSeconds: wav.seconds } : {}),
    });
    return {
      audio,
      mediaType,
      model: choice!.model,
      offline: false,
      audioSeconds: wav?.seconds ?? null,
    };
  }

  const speak = model ? speakOnline : speakOffline;

  return {
    speak,
    async *speakSentences(req) {
      let index = 0;
      for (const sentence of splitSentences(req.text, req.lang)) {
        req.signal?.throwIfAborted();
        yield { ...(await speak({ ...req, text: sentence })), sentence, index: index++ };
      }
    },
    prepare: () => (model ? Promise.resolve() : espeak.prepare()),
    describe: () => description,
  };
}
