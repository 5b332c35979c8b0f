import { embedMany } from 'ai';
import type { Meter } from '../meter.ts';
import type { Providers } from '../registry.ts';
import type { MediaChoice } from './media-models.ts';
import { describePort, type CallContext, type PortDescription } from './types.ts';

export interface EmbeddingsResult {
  vectors: number[][];
  dimensions: number;
  model: string;
}

export interface EmbeddingsPort {
  /**
   * Null when no embedding model is configured: retrieval then ranks by full-text search alone
   * (embeddings are its optional second signal, DESIGN §5).
   */
  embed(texts: string[], ctx?: CallContext): Promise<EmbeddingsResult | null>;
  readonly available: boolean;
  describe(): PortDescription;
}

export function createEmbeddingsPort(opts: {
  choice: MediaChoice;
  providers: Providers;
  meter: Meter;
}): EmbeddingsPort {
  const { choice, providers, meter } = opts;
  const description = describePort('embedding', 'EMBEDDING_MODEL', choice);
  if (!choice || choice.provider === 'offline') {
    return { available: false, embed: async () => null, describe: () => description };
  }
  const model = providers.registry.embeddingModel(`${choice.provider}:${choice.model}`);
  return {
    available: true,
    async embed(texts, ctx = {}) {
      if (texts.length === 0) return { vectors: [], dimensions: 0, model: choice.model };
      const result = await embedMany({
        model,
        values: texts,
        maxRetries: 1,
        ...(ctx.signal ? { abortSignal: ctx.signal } : {}),
      });
      await meter.record({
        userId: ctx.userId,
        kind: 'embedding',
        provider: choice.provider,
        model: choice.model,
        tokensIn: result.usage.tokens,
        chars: texts.reduce((n, t) => n + t.length, 0),
      });
      return {
        vectors: result.embeddings,
        dimensions: result.embeddings[0]?.length ?? 0,
        model: choice.model,
      };
    },
    describe: () => description,
  };
}
