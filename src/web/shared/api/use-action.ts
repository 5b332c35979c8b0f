import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { ActionInput, ActionName, ActionOutput } from '../../../protocol/registry.ts';
import { useErrorText } from '../hooks/use-error-text.ts';
import { callOrThrow } from './call-or-throw.ts';

/**
 * The web's one way to read and change server data: an action of the registry, a key of
 * `query-keys.ts`, and TanStack Query's state for loading, errors and pending work (no
 * hand-made busy flags). A refusal (`Error ≠ 0`) is an `ApiError` carrying the server's
 * `Errstr`, already in the user's language; `useErrorText` words any failure for the screen.
 */

type QueryOptions<T> = Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryKey' | 'queryFn'> & {
  /** From `queryKeys` (shared/api/query-keys.ts), so other screens can invalidate it. */
  queryKey: QueryKey;
};

/**
 * One action as a query. `pick` chooses what the cache keeps of the answer (its list, say);
 * without it the cache keeps the whole answer.
 */
export function useActionQuery<A extends ActionName, T>(
  action: A,
  input: ActionInput<A>,
  options: QueryOptions<T> & { pick: (output: ActionOutput<A>) => T },
): UseQueryResult<T, Error>;
export function useActionQuery<A extends ActionName>(
  action: A,
  input: ActionInput<A>,
  options: QueryOptions<ActionOutput<A>>,
): UseQueryResult<ActionOutput<A>, Error>;
export function useActionQuery<A extends ActionName, T>(
  action: A,
  input: ActionInput<A>,
  { pick, ...options }: QueryOptions<T> & { pick?: (output: ActionOutput<A>) => T },
): UseQueryResult<T, Error> {
  return useQuery({
    ...options,
    queryFn: async () => {
      const output: ActionOutput<A> = await callOrThrow(action, input);
      return pick ? pick(output) : (output as T);
    },
  });
}

export type ActionMutationOptions<A extends ActionName, C = unknown> = Omit<
  UseMutationOptions<ActionOutput<A>, Error, ActionInput<A>, C>,
  'mutationFn' | 'onError'
> & {
  /**
   * The keys whose data the action changes (`queryKeys`, a shorter key covers everything
   * under it). They are invalidated after `onSuccess`, and the mutation stays pending until
   * the screens showing them have their new data.
   */
  invalidate?:
    readonly QueryKey[] | ((output: ActionOutput<A>, input: ActionInput<A>) => readonly QueryKey[]);
  /**
   * A failure, worded for the user: the server's Errstr (in the user's language),
   * 'communication error' when the server could not be reached.
   */
  onFailure?: (message: string, error: Error, input: ActionInput<A>) => void;
};

export type ActionMutation<A extends ActionName, C = unknown> = UseMutationResult<
  ActionOutput<A>,
  Error,
  ActionInput<A>,
  C
> & {
  /** The last failure worded for the user; '' when the last call did not fail. */
  errorText: string;
};

/**
 * One action as a mutation: `mutate(input)` calls it; `isPending` is the busy state,
 * `errorText` (or `onFailure`) the failure, `invalidate` what it makes stale.
 */
export function useActionMutation<A extends ActionName, C = unknown>(
  action: A,
  { invalidate, onFailure, onSuccess, ...options }: ActionMutationOptions<A, C> = {},
): ActionMutation<A, C> {
  const qc = useQueryClient();
  const errorText = useErrorText();
  const mutation = useMutation<ActionOutput<A>, Error, ActionInput<A>, C>({
    ...options,
    mutationFn: (input) => callOrThrow(action, input),
    onSuccess: async (output, input, onMutateResult, context) => {
      await onSuccess?.(output, input, onMutateResult, context);
      const keys = typeof invalidate === 'function' ? invalidate(output, input) : invalidate;
      await Promise.all((keys ?? []).map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
    onError: (error, input) => onFailure?.(errorText(error), error, input),
  });
  return { ...mutation, errorText: mutation.error ? errorText(mutation.error) : '' };
}
