import type { LanguageModelUsage } from 'ai';
import type { z } from 'zod';
import type { EngineUsage } from './engine.ts';

// Helpers of engine.object (structured answers through the AI SDK).

/** The AI SDK's usage in our terms. */
export function sdkUsage(u: LanguageModelUsage | undefined): EngineUsage {
  return {
    inputTokens: Math.round(u?.inputTokens ?? 0),
    cachedInputTokens: Math.round(u?.inputTokenDetails.cacheReadTokens ?? 0),
    outputTokens: Math.round(u?.outputTokens ?? 0),
  };
}

/** The object inside a ```json fence, if the text is one and the schema accepts it. */
export function fenced<T>(text: string | undefined, schema: z.ZodType<T>): T | undefined {
  const body = text && /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/u.exec(text)?.[1];
  if (!body) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // not JSON inside the fence either: the caller reports the answer unusable
  }
}
