import type { ChatEngine, EngineResult } from '../ai/engine.ts';
import type { Deps } from '../deps.ts';
import type { ChatRepo } from './chat.repo.ts';

/**
 * How a reply the asker stopped is stored: it used the prompt and the words written so far
 * (EngineStopped's estimate), so those go on the answer (editors see its cost) and are
 * charged like any turn's, which also settles the turn's credit hold and records the usage.
 */
export function storeStopped(
  repo: ChatRepo,
  deps: Pick<Deps, 'credits'> & { engine: ChatEngine },
  userId: number,
  replyId: number,
) {
  return async (used: EngineResult, content: string) => {
    const u = used.usage;
    const row = await repo.updateMessage(replyId, {
      content,
      status: 'stopped',
      error: null,
      model: used.model,
      inputTokens: u.inputTokens,
      cachedInputTokens: u.cachedInputTokens,
      outputTokens: u.outputTokens,
    });
    await deps.credits.chargeTurn({
      userId,
      replyId,
      model: used.model,
      provider: deps.engine.resolver.resolve(used.model).provider,
      offline: used.offline,
      tokensIn: u.inputTokens,
      tokensCached: u.cachedInputTokens,
      tokensOut: u.outputTokens,
    });
    return row;
  };
}
