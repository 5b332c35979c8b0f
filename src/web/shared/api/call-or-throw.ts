import type { ActionInput, ActionName, ActionOutput } from '../../../protocol/registry.ts';
import { call } from './client.ts';
import { ApiError } from './errors.ts';

/**
 * For TanStack Query fetchers: Error ≠ 0 becomes an ApiError carrying the server's Errstr,
 * so the query's error state shows it. (Kept apart from client.ts so tests that mock
 * `call` also mock this.)
 */
export async function callOrThrow<A extends ActionName>(
  action: A,
  input: ActionInput<A>,
): Promise<ActionOutput<A>> {
  const answer = await call(action, input);
  if (answer.Error !== 0) throw new ApiError(answer.Error, answer.Errstr);
  return answer;
}
