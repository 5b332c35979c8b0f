import { queryKeys } from '../../../shared/api/query-keys.ts';
import { useActionMutation, useActionQuery } from '../../../shared/api/use-action.ts';
import { useStored } from '../../../shared/storage/use-stored.ts';

/** Marks a failed generation (spec part 2 §3). */
export const INVALID_IMAGE = 'Invalid image';

/** The user's generated images (GetAllImages); often none. */
export function useGeneratedImages(enabled: boolean) {
  const email = useStored('email');
  return useActionQuery(
    'GetAllImages',
    {},
    {
      queryKey: queryKeys.studio.images(email),
      enabled,
      pick: (a) => a.images,
      // A regenerated picture is drawn in the background: ask again until it is there.
      refetchInterval: (q) => (q.state.data?.some((i) => i.loading) ? 1500 : false),
    },
  );
}

/** One image with its prompt (GetImage). */
export function useGeneratedImage(num: number | null) {
  const email = useStored('email');
  return useActionQuery(
    'GetImage',
    { num: num ?? 0 },
    {
      queryKey: queryKeys.studio.image(email, num ?? 0),
      enabled: num !== null,
      staleTime: Infinity,
      pick: (a) => a.image,
      // A picture being drawn is asked for again until it is there (or failed).
      refetchInterval: (q) => (q.state.data?.loading ? 1500 : false),
    },
  );
}

/** A copy of a generated image to use as the character's picture (CopyGeneratedImage). */
export function useCopyImage() {
  return useActionMutation('CopyGeneratedImage');
}

/**
 * The image editor's tools: create again (RecreateImage: the new image joins the list,
 * loading) and delete (DeleteImageFromServer). `onStart` and `onFailure` feed the editor's
 * one message.
 */
export function useImageTools(on: { onStart: () => void; onFailure: (message: string) => void }) {
  const email = useStored('email');
  const options = {
    onMutate: on.onStart,
    onFailure: on.onFailure,
    invalidate: [queryKeys.studio.images(email)],
  };
  const regenerate = useActionMutation('RecreateImage', options);
  const remove = useActionMutation('DeleteImageFromServer', options);
  return { regenerate, remove, busy: regenerate.isPending || remove.isPending };
}
