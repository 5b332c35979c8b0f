import { transcribe } from 'ai';
import { ErrorCode, type Lang } from '../../../protocol/errors.ts';
import { refusal } from '../../errors.ts';
import type { Meter } from '../meter.ts';
import type { Providers } from '../registry.ts';
import type { MediaChoice } from './media-models.ts';
import { describePort, type CallContext, type PortDescription } from './types.ts';
import { readWav } from './wav.ts';

export interface TranscriptionRequest extends CallContext {
  audio: Buffer;
  /** As the browser recorded it (audio/webm, audio/ogg, audio/wav, audio/mpeg, audio/mp4). */
  mediaType: string;
  /** The speaker's language: a hint to the model and the language of a refusal. */
  lang: Lang;
}

export interface TranscriptionResult {
  text: string;
  /** ISO 639-1, when the model says. */
  language: string | null;
  audioSeconds: number | null;
  model: string;
}

export interface TranscriptionPort {
  /** Refuses with NOT_CONFIGURED (a keyed text naming the setting) when there is no model. */
  transcribe(req: TranscriptionRequest): Promise<TranscriptionResult>;
  readonly available: boolean;
  describe(): PortDescription;
}

export function createTranscriptionPort(opts: {
  choice: MediaChoice;
  providers: Providers;
  meter: Meter;
}): TranscriptionPort {
  const { choice, providers, meter } = opts;
  const description = describePort('transcription', 'TRANSCRIPTION_MODEL', choice);
  if (!choice || choice.provider === 'offline') {
    return {
      available: false,
      async transcribe() {
        // No offline speech recognition ships with the app: the reader is told, in plain words,
        // that voice input is off (the start log names the setting that turns it on).
        throw refusal(ErrorCode.NOT_CONFIGURED, 'transcriptionNotConfigured');
      },
      describe: () => description,
    };
  }
  const model = providers.registry.transcriptionModel(`${choice.provider}:${choice.model}`);
  return {
    available: true,
    async transcribe(req) {
      const result = await transcribe({
        model,
        audio: req.audio,
        // The speaker's language as a hint: OpenAI (and compatible servers) take ISO 639-1,
        // Gemini BCP-47 locales. Each provider reads only its own key.
        providerOptions: {
          openai: { language: req.lang },
          google: { languageCodes: [req.lang === 'he' ? 'he-IL' : 'en-US'] },
        },
        maxRetries: 1,
        ...(req.signal ? { abortSignal: req.signal } : {}),
      });
      const seconds = result.durationInSeconds ?? readWav(req.audio)?.seconds ?? null;
      await meter.record({
        userId: req.userId,
        kind: 'transcription',
        provider: choice.provider,
        model: choice.model,
        chars: result.text.length,
        ...(seconds !== null ? { audioSeconds: seconds } : {}),
      });
      return {
        text: result.text.trim(),
        language: result.language ?? null,
        audioSeconds: seconds,
        model: choice.model,
      };
    },
    describe: () => description,
  };
}
