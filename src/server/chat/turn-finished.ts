import type { EngineResult } from '../ai/engine.ts';
import { turnCost } from '../ai/prices.ts';
import type { DomainEventMap } from '../platform/domain-events.ts';

/**
 * The `turn.finished` payload of a stored answer (chat and group chat): who asked, which
 * character answered in which reply, and what the model call used and cost.
 */
export function turnFinished(
  userId: number,
  friend: { id: number; friendid: string },
  replyId: number,
  result: Pick<EngineResult, 'model' | 'offline' | 'usage'>,
  at: Date,
): DomainEventMap['turn.finished'] {
  return {
    userId,
    friendRowId: friend.id,
    friendid: friend.friendid,
    replyId,
    model: result.model,
    offline: result.offline,
    tokensIn: result.usage.inputTokens,
    tokensCached: result.usage.cachedInputTokens,
    tokensOut: result.usage.outputTokens,
    cost: turnCost(result.model, result.offline, result.usage),
    at: at.toISOString(),
  };
}
