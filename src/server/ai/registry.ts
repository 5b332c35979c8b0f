import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ProviderV4 } from '@ai-sdk/provider';
import { createProviderRegistry } from 'ai';
import type { Config } from '../config.ts';
import { leanFetch } from './lean-stream.ts';

export type MediaProvider = 'openai' | 'google' | 'compatible';

/**
 * The AI SDK provider objects, created once from configuration (null when not configured),
 * and one registry over them that resolves `provider:model` ids for every kind of model.
 * Chat (providers.ts) and the media ports (media/) take their models from here.
 */
export function createProviders(config: Config, fetchImpl?: typeof fetch) {
  const opts = fetchImpl ? { fetch: fetchImpl } : {};
  const compatibleChat = config.OPENAI_COMPATIBLE_BASE_URL
    ? createOpenAICompatible({
        name: 'compatible',
        baseURL: config.OPENAI_COMPATIBLE_BASE_URL,
        apiKey: config.OPENAI_COMPATIBLE_API_KEY,
        includeUsage: true,
        // Structured answers (engine.object: the stats analysis, the group director, the
        // memory, a book's characters and drafts) send their JSON schema, not bare JSON mode;
        // vLLM, llama.cpp, Ollama and OpenRouter take one. Plain chat turns send none.
        supportsStructuredOutputs: true,
        // A chat answer's body is read by lean-stream.ts (providers.ts wraps the chat model).
        fetch: leanFetch(fetchImpl),
      })
    : null;
  // The OpenAI-compatible package has no speech or transcription models; servers that offer
  // them (LocalAI, Speaches, vLLM) speak OpenAI's /audio endpoints, which the OpenAI provider
  // calls. It is pointed at the compatible server's address and key.
  const compatibleAudio = config.OPENAI_COMPATIBLE_BASE_URL
    ? createOpenAI({
        name: 'compatible',
        baseURL: config.OPENAI_COMPATIBLE_BASE_URL,
        apiKey: config.OPENAI_COMPATIBLE_API_KEY ?? 'none',
        ...opts,
      })
    : null;
  const compatible:
    (ProviderV4 & { chatModel(id: string): ReturnType<ProviderV4['languageModel']> }) | null =
    compatibleChat && compatibleAudio
      ? {
          specificationVersion: 'v4',
          chatModel: (id) => compatibleChat.chatModel(id),
          languageModel: (id) => compatibleChat.chatModel(id),
          embeddingModel: (id) => compatibleChat.embeddingModel(id),
          imageModel: (id) => compatibleChat.imageModel(id),
          speechModel: (id) => compatibleAudio.speech(id),
          transcriptionModel: (id) => compatibleAudio.transcription(id),
        }
      : null;
  const openai = config.OPENAI_API_KEY
    ? createOpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, ...opts })
    : null;
  const google = config.GOOGLE_GENERATIVE_AI_API_KEY
    ? createGoogleGenerativeAI({
        apiKey: config.GOOGLE_GENERATIVE_AI_API_KEY,
        ...(config.GOOGLE_GENERATIVE_AI_BASE_URL
          ? { baseURL: config.GOOGLE_GENERATIVE_AI_BASE_URL }
          : {}),
        ...opts,
      })
    : null;
  const anthropic = config.ANTHROPIC_API_KEY
    ? createAnthropic({ apiKey: config.ANTHROPIC_API_KEY, ...opts })
    : null;

  const registered: Record<string, ProviderV4> = {};
  if (openai) registered.openai = openai;
  if (google) registered.google = google;
  if (anthropic) registered.anthropic = anthropic;
  if (compatible) registered.compatible = compatible;

  return {
    openai,
    google,
    anthropic,
    compatible,
    registry: createProviderRegistry(registered),
    /** Whether `provider` has what it needs (a key, or the compatible server's address). */
    has(provider: MediaProvider): boolean {
      return registered[provider] !== undefined;
    },
  };
}

export type Providers = ReturnType<typeof createProviders>;
