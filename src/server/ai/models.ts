import type { Config } from '../config.ts';

/** Model names offered per provider when the configuration names none (spec part 1 §9). */
const DEFAULTS = {
  openai: ['gpt-4o', 'gpt-4.1', 'gpt-5-mini'],
  google: ['gemini-2.0-flash', 'gemini-2.5-flash', 'gemini-2.5-pro'],
  anthropic: ['claude-sonnet-4-5'],
} as const;

export const OFFLINE_MODEL = 'offline';

/**
 * The models that can actually answer, with `auto` first. A model whose provider is not
 * configured is not offered; with none configured only the built-in offline model is.
 */
export function availableModels(config: Config): { models: string[]; default: string } {
  const models: string[] = [];
  if (config.OPENAI_COMPATIBLE_BASE_URL) models.push(...config.OPENAI_COMPATIBLE_MODELS);
  if (config.OPENAI_API_KEY)
    models.push(...(config.OPENAI_MODELS.length ? config.OPENAI_MODELS : DEFAULTS.openai));
  if (config.GOOGLE_GENERATIVE_AI_API_KEY) {
    models.push(...(config.GOOGLE_MODELS.length ? config.GOOGLE_MODELS : DEFAULTS.google));
  }
  if (config.ANTHROPIC_API_KEY) {
    models.push(...(config.ANTHROPIC_MODELS.length ? config.ANTHROPIC_MODELS : DEFAULTS.anthropic));
  }
  const unique = [...new Set(models)];
  if (unique.length === 0) return { models: ['auto', OFFLINE_MODEL], default: OFFLINE_MODEL };
  const def =
    config.DEFAULT_MODEL && unique.includes(config.DEFAULT_MODEL)
      ? config.DEFAULT_MODEL
      : unique[0]!;
  return { models: ['auto', ...unique], default: def };
}
