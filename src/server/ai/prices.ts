/**
 * List prices in US dollars per million tokens (input, cached input, output), as published
 * by the providers when this was written. A model not listed has no known cost (null), and
 * the offline model costs nothing.
 */
const PRICES: Record<string, [number, number, number]> = {
  'gpt-4o': [2.5, 1.25, 10],
  'gpt-4.1': [2, 0.5, 8],
  'gpt-5-mini': [0.25, 0.025, 2],
  'gemini-2.0-flash': [0.1, 0.025, 0.4],
  'gemini-2.5-flash': [0.3, 0.075, 2.5],
  'gemini-2.5-pro': [1.25, 0.31, 10],
  'claude-sonnet-4-5': [3, 0.3, 15],
};

export function turnCost(
  model: string,
  offline: boolean,
  tokens: { inputTokens: number; cachedInputTokens: number; outputTokens: number },
): number | null {
  if (offline) return 0;
  const price = PRICES[model];
  if (!price) return null;
  const fresh = Math.max(0, tokens.inputTokens - tokens.cachedInputTokens);
  return (
    (fresh * price[0] + tokens.cachedInputTokens * price[1] + tokens.outputTokens * price[2]) / 1e6
  );
}
