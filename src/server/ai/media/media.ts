import type { Config } from '../../config.ts';
import type { Meter } from '../meter.ts';
import { createProviders, type Providers } from '../registry.ts';
import { createEmbeddingsPort, type EmbeddingsPort } from './embeddings.ts';
import { createEspeak } from './espeak.ts';
import { createImagePort, type ImagePort } from './images.ts';
import { resolveMediaModels } from './media-models.ts';
import { createSpeechPort, type SpeechPort } from './speech.ts';
import { createTranscriptionPort, type TranscriptionPort } from './transcription.ts';

/** Images, speech, transcription and embeddings, each chosen once from configuration. */
export interface MediaPorts {
  images: ImagePort;
  speech: SpeechPort;
  transcription: TranscriptionPort;
  embeddings: EmbeddingsPort;
  /** Where every call's usage goes (the chat engine reports here too). */
  meter: Meter;
  /** One line per port for the start log. */
  describe(): string[];
  /** Ends the offline speech threads. */
  close(): Promise<void>;
}

export function createMediaPorts(
  config: Config,
  opts: { meter: Meter; providers?: Providers; fetch?: typeof fetch },
): MediaPorts {
  const providers = opts.providers ?? createProviders(config, opts.fetch);
  const choices = resolveMediaModels(config, providers.has);
  const espeak = createEspeak();
  const deps = { providers, meter: opts.meter };
  const ports = {
    images: createImagePort({ ...deps, choice: choices.image }),
    speech: createSpeechPort({ ...deps, choice: choices.speech, espeak }),
    transcription: createTranscriptionPort({ ...deps, choice: choices.transcription }),
    embeddings: createEmbeddingsPort({ ...deps, choice: choices.embedding }),
  };
  return {
    ...ports,
    meter: opts.meter,
    describe: () => Object.values(ports).map((p) => p.describe().label),
    close: () => espeak.close(),
  };
}
