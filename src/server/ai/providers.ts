import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { Config } from '../config.ts';
import { leanChatModel } from './lean-stream.ts';
import { availableModels, OFFLINE_MODEL } from './models.ts';
import { createProviders, type Providers } from './registry.ts';

export type ProviderKind = 'openai' | 'google' | 'anthropic' | 'compatible' | 'offline';

export interface ResolvedModel {
  /** The model name as configured (what is stored with each message). */
  name: string;
  provider: ProviderKind;
  /** Null for the built-in offline model. */
  model: LanguageModelV4 | null;
}

function providerOf(config: Config, name: string): ProviderKind | null {
  if (name === OFFLINE_MODEL) return 'offline';
  if (config.OPENAI_COMPATIBLE_BASE_URL && config.OPENAI_COMPATIBLE_MODELS.includes(name))
    return 'compatible';
  if (
    config.OPENAI_API_KEY &&
    (config.OPENAI_MODELS.includes(name) ||
      (!config.OPENAI_MODELS.length && /^(gpt|o\d)/.test(name)))
  ) {
    return 'openai';
  }
  if (
    config.GOOGLE_GENERATIVE_AI_API_KEY &&
    (config.GOOGLE_MODELS.includes(name) ||
      (!config.GOOGLE_MODELS.length && name.startsWith('gemini')))
  ) {
    return 'google';
  }
  if (
    config.ANTHROPIC_API_KEY &&
    (config.ANTHROPIC_MODELS.includes(name) ||
      (!config.ANTHROPIC_MODELS.length && name.startsWith('claude')))
  ) {
    return 'anthropic';
  }
  return null;
}

/**
 * Turns model names into AI SDK models, once per name. `auto` and names whose provider is not
 * configured resolve to the default model (the caller logs the fallback).
 */
export function createModelResolver(
  config: Config,
  fetchImpl?: typeof fetch,
  providers: Providers = createProviders(config, fetchImpl),
) {
  const { models, default: def } = availableModels(config);
  const cache = new Map<string, ResolvedModel>();
  const { compatible, openai, google, anthropic } = providers;

  function build(name: string, provider: ProviderKind): ResolvedModel {
    switch (provider) {
      case 'compatible':
        return { name, provider, model: leanChatModel(compatible!.chatModel(name)) };
      case 'openai':
        return { name, provider, model: openai!.chat(name) };
      case 'google':
        return { name, provider, model: google!(name) };
      case 'anthropic':
        return { name, provider, model: anthropic!(name) };
      case 'offline':
        return { name, provider, model: null };
    }
  }

  return {
    models,
    defaultModel: def,
    /** `fellBack` is true when the asked-for model is not available and the default answers. */
    resolve(requested: string | null | undefined): ResolvedModel & { fellBack: boolean } {
      const wanted = !requested || requested === 'auto' ? def : requested;
      let provider = providerOf(config, wanted);
      let name = wanted;
      let fellBack = false;
      if (!provider) {
        name = def;
        provider = providerOf(config, def) ?? 'offline';
        fellBack = true;
      }
      let hit = cache.get(name);
      if (!hit) {
        hit = build(name, provider);
        cache.set(name, hit);
      }
      return { ...hit, fellBack };
    },
  };
}

export type ModelResolver = ReturnType<typeof createModelResolver>;
