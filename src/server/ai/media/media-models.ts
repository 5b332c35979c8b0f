import { ConfigError, type Config } from '../../config.ts';
import type { MediaProvider } from '../registry.ts';

export type MediaKind = 'image' | 'speech' | 'transcription' | 'embedding';

/** A model reached through a provider, or the built-in offline implementation, or none. */
export type MediaChoice =
  { provider: MediaProvider; model: string } | { provider: 'offline'; model: string } | null;

const VARIABLE: Record<MediaKind, keyof Config & `${string}_MODEL`> = {
  image: 'IMAGE_MODEL',
  speech: 'SPEECH_MODEL',
  transcription: 'TRANSCRIPTION_MODEL',
  embedding: 'EMBEDDING_MODEL',
};

/**
 * What a provider's key alone turns on. OpenAI comes first, as its models cover all four
 * kinds; a compatible server has no defaults (what it serves differs from server to server).
 * whisper-1 for transcription because it reports the audio's length, which the Meter bills.
 */
const DEFAULTS: Record<MediaKind, Partial<Record<MediaProvider, string>>> = {
  image: { openai: 'gpt-image-1', google: 'gemini-2.5-flash-image' },
  speech: { openai: 'gpt-4o-mini-tts', google: 'gemini-2.5-flash-preview-tts' },
  transcription: { openai: 'whisper-1', google: 'gemini-3.5-transcribe' },
  embedding: { openai: 'text-embedding-3-small', google: 'gemini-embedding-001' },
};

/** Offline implementations exist for images and speech only. */
export const OFFLINE_MODELS: Partial<Record<MediaKind, string>> = {
  image: 'offline-shapes',
  speech: 'espeak-ng',
};

const KEY_OF: Record<MediaProvider, string> = {
  openai: 'OPENAI_API_KEY',
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
  compatible: 'OPENAI_COMPATIBLE_BASE_URL',
};

/**
 * Which model serves each kind, from the `*_MODEL` variables and the provider keys.
 * A variable that names an unconfigured provider, or `offline` where none exists, stops
 * the start with a readable list (like the rest of the configuration).
 */
export function resolveMediaModels(
  config: Config,
  has: (p: MediaProvider) => boolean,
): Record<MediaKind, MediaChoice> {
  const problems: string[] = [];
  const pick = (kind: MediaKind): MediaChoice => {
    const variable = VARIABLE[kind];
    const value = config[variable] as string | undefined;
    const offline = OFFLINE_MODELS[kind];
    if (value === 'off') return offline ? { provider: 'offline', model: offline } : null;
    if (value === 'offline') {
      if (offline) return { provider: 'offline', model: offline };
      problems.push(`  - ${variable}: there is no offline ${kind}; name a model or set off`);
      return null;
    }
    if (value) {
      const at = value.indexOf(':');
      const provider = value.slice(0, at) as MediaProvider;
      if (!has(provider)) {
        problems.push(`  - ${variable}: ${value} needs ${KEY_OF[provider]}`);
        return null;
      }
      return { provider, model: value.slice(at + 1) };
    }
    for (const provider of ['openai', 'google'] as const) {
      const model = DEFAULTS[kind][provider];
      if (model && has(provider)) return { provider, model };
    }
    return offline ? { provider: 'offline', model: offline } : null;
  };
  const choices = {
    image: pick('image'),
    speech: pick('speech'),
    transcription: pick('transcription'),
    embedding: pick('embedding'),
  };
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return choices;
}
