import { act, renderHook, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { providersWrapper } from '../../test/render.tsx';
import { call } from './client.ts';
import { ApiError, NetworkError } from './errors.ts';
import { queryKeys } from './query-keys.ts';
import { useActionMutation, useActionQuery } from './use-action.ts';

vi.mock('./client.ts', () => ({ call: vi.fn() }));

/** A promise the test settles when it chooses. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const FILES = [
  { num: 1, tm: '2025-03-07 09:05:00', title: 'One', subject: '', chapters: 0, pages: 0 },
];

describe('useActionQuery', () => {
  it('calls the action with its input and keeps what `pick` chooses under the key', async () => {
    answerCalls({ GetFiles: { Error: 0, personal: false, files: FILES } });
    const { wrapper, queryClient } = providersWrapper();
    const key = queryKeys.files('dana@example.com', 'holmes');
    const { result } = renderHook(
      () =>
        useActionQuery('GetFiles', { friend: 'holmes' }, { queryKey: key, pick: (a) => a.files }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(FILES);
    expect(queryClient.getQueryData(key)).toEqual(FILES);
    expect(inputsOf('GetFiles')).toEqual([{ friend: 'holmes' }]);
  });

  it('without `pick` the cache keeps the whole answer', async () => {
    answerCalls({ GetFiles: { Error: 0, personal: false, files: FILES } });
    const { wrapper } = providersWrapper();
    const { result } = renderHook(
      () => useActionQuery('GetFiles', { friend: 'holmes' }, { queryKey: ['whole'] }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.files).toEqual(FILES);
  });

  it('a refusal is the query error, carrying the code and the server words', async () => {
    answerCalls({ GetFiles: { Error: 4, Errstr: 'אין הרשאה' } });
    const { wrapper } = providersWrapper('he');
    const { result } = renderHook(
      () =>
        useActionQuery('GetFiles', { friend: 'holmes' }, { queryKey: ['refused'], pick: (a) => a }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect((result.current.error as ApiError).code).toBe(4);
    expect(result.current.error?.message).toBe('אין הרשאה');
  });

  it('does not call while disabled', async () => {
    answerCalls({ GetFiles: { Error: 0, personal: false, files: FILES } });
    const { wrapper } = providersWrapper();
    const { result } = renderHook(
      () => useActionQuery('GetFiles', { friend: 'holmes' }, { queryKey: ['off'], enabled: false }),
      { wrapper },
    );
    expect(result.current.isPending).toBe(true);
    expect(result.current.fetchStatus).toBe('idle');
    expect(call).not.toHaveBeenCalled();
  });
});

describe('useActionMutation', () => {
  it('is pending from the call until the answer, then succeeds with it', async () => {
    const answer = deferred<Record<string, unknown>>();
    vi.mocked(call).mockImplementation((() => answer.promise) as never);
    const { wrapper } = providersWrapper();
    const { result } = renderHook(() => useActionMutation('DelFile'), { wrapper });
    expect(result.current.isPending).toBe(false);
    act(() => result.current.mutate({ friendid: 'holmes', num: 1 }));
    await waitFor(() => expect(result.current.isPending).toBe(true));
    expect(call).toHaveBeenCalledWith('DelFile', { friendid: 'holmes', num: 1 });
    await act(async () => answer.resolve({ Error: 0 }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.isPending).toBe(false);
    expect(result.current.errorText).toBe('');
  });

  it('invalidates the keys it names (and only those), and stays pending until they are read again', async () => {
    let reads = 0;
    const reread = deferred<void>();
    answerCalls({ DelFile: { Error: 0 } });
    const { wrapper, queryClient } = providersWrapper();
    const files = queryKeys.files('dana@example.com', 'holmes');
    const other = queryKeys.files('dana@example.com', 'watson');
    queryClient.setQueryData(other, ['untouched']);
    const { result } = renderHook(
      () => {
        useQuery({
          queryKey: files,
          queryFn: async () => {
            reads += 1;
            if (reads > 1) await reread.promise;
            return reads;
          },
        });
        return useActionMutation('DelFile', {
          invalidate: (_, input) => [queryKeys.files('dana@example.com', input.friendid)],
        });
      },
      { wrapper },
    );
    await waitFor(() => expect(queryClient.getQueryData(files)).toBe(1));
    act(() => result.current.mutate({ friendid: 'holmes', num: 1 }));
    await waitFor(() => expect(reads).toBe(2));
    // The answer is in, but the list it changed is still being read: not done yet.
    expect(result.current.isPending).toBe(true);
    await act(async () => reread.resolve());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryData(files)).toBe(2);
    expect(queryClient.getQueryState(other)?.isInvalidated).toBe(false);
  });

  it("runs the caller's onSuccess before invalidating (a cache patch is not overwritten)", async () => {
    answerCalls({ DelFile: { Error: 0 } });
    const { wrapper, queryClient } = providersWrapper();
    const key = ['order'];
    const order: string[] = [];
    const { result } = renderHook(
      () =>
        useActionMutation('DelFile', {
          onSuccess: () => void order.push('onSuccess'),
          invalidate: () => {
            order.push('invalidate');
            return [key];
          },
        }),
      { wrapper },
    );
    queryClient.setQueryData(key, 1);
    act(() => result.current.mutate({ friendid: 'holmes', num: 1 }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(order).toEqual(['onSuccess', 'invalidate']);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('a refusal: the server words as errorText and to onFailure; nothing is invalidated', async () => {
    answerCalls({ DelFile: { Error: 4, Errstr: 'אין לך הרשאה לקובץ הזה' } });
    const onFailure = vi.fn();
    const { wrapper, queryClient } = providersWrapper('he');
    const key = ['kept'];
    queryClient.setQueryData(key, 1);
    const { result } = renderHook(
      () => useActionMutation('DelFile', { invalidate: [key], onFailure }),
      { wrapper },
    );
    act(() => result.current.mutate({ friendid: 'holmes', num: 1 }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.isPending).toBe(false);
    expect(result.current.errorText).toBe('אין לך הרשאה לקובץ הזה');
    expect(onFailure).toHaveBeenCalledWith('אין לך הרשאה לקובץ הזה', expect.any(ApiError), {
      friendid: 'holmes',
      num: 1,
    });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
  });

  it("a refusal without words is 'an error occurred', a network failure 'communication error', in the user's language", async () => {
    const { wrapper } = providersWrapper('he');
    const { result } = renderHook(() => useActionMutation('DelFile'), { wrapper });
    answerCalls({ DelFile: { Error: 8 } });
    act(() => result.current.mutate({ friendid: 'holmes', num: 1 }));
    await waitFor(() => expect(result.current.errorText).toBe('אירעה שגיאה.'));
    answerCalls({ DelFile: new NetworkError('Failed to fetch') });
    act(() => result.current.mutate({ friendid: 'holmes', num: 1 }));
    await waitFor(() =>
      expect(result.current.errorText).toBe('שגיאת תקשורת. בדקו את החיבור ונסו שוב.'),
    );
    // Trying again clears the last failure while the call is under way.
    const answer = deferred<Record<string, unknown>>();
    vi.mocked(call).mockImplementation((() => answer.promise) as never);
    act(() => result.current.mutate({ friendid: 'holmes', num: 1 }));
    await waitFor(() => expect(result.current.isPending).toBe(true));
    expect(result.current.errorText).toBe('');
    await act(async () => answer.resolve({ Error: 0 }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });
});
