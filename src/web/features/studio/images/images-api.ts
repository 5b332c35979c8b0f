import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callOrThrow } from '../../../shared/api/call-or-throw.ts';
import { call } from '../../../shared/api/client.ts';
import { useStored } from '../../../shared/storage/use-stored.ts';

/** Marks a failed generation (spec part 2 §3). */
export const INVALID_IMAGE = 'Invalid image';

const keys = {
  all: (email: string | null) => ['studio', 'images', email] as const,
  one: (email: string | null, num: number) => ['studio', 'image', email, num] as const,
};

/** The user's generated images (GetAllImages); often none. */
export function useGeneratedImages(enabled: boolean) {
  const email = useStored('email');
  return useQuery({
    queryKey: keys.all(email),
    enabled,
    queryFn: async () => (await callOrThrow('GetAllImages', {})).images,
    // A regenerated picture is drawn in the background: ask again until it is there.
    refetchInterval: (q) => (q.state.data?.some((i) => i.loading) ? 1500 : false),
  });
}

/** One image with its prompt (GetImage). */
export function useGeneratedImage(num: number | null) {
  const email = useStored('email');
  return useQuery({
    queryKey: keys.one(email, num ?? 0),
    enabled: num !== null,
    staleTime: Infinity,
    queryFn: async () => (await callOrThrow('GetImage', { num: num ?? 0 })).image,
    // A picture being drawn is asked for again until it is there (or failed).
    refetchInterval: (q) => (q.state.data?.loading ? 1500 : false),
  });
}

/** Copy (to use as a character image), delete and regenerate; each answers the server's words on failure. */
export function useImageActions() {
  const email = useStored('email');
  const qc = useQueryClient();
  return {
    async copy(img: string): Promise<{ image: string } | { error: string }> {
      const a = await call('CopyGeneratedImage', { img });
      return a.Error === 0 ? { image: a.image } : { error: a.Errstr ?? '' };
    },
    /** A new image from a prompt and the same reference (RecreateImage); it joins the list loading. */
    async regenerate(i: {
      prompt: string;
      negative_prompt: string;
      refimg: string;
    }): Promise<{ num: number } | { error: string }> {
      const a = await call('RecreateImage', {
        prompt: i.prompt,
        negative_prompt: i.negative_prompt,
        ...(i.refimg ? { img: i.refimg } : {}),
      });
      if (a.Error !== 0) return { error: a.Errstr ?? '' };
      await qc.invalidateQueries({ queryKey: keys.all(email) });
      return { num: a.num };
    },
    async remove(img: string): Promise<string | null> {
      const a = await call('DeleteImageFromServer', { img });
      if (a.Error !== 0) return a.Errstr ?? '';
      await qc.invalidateQueries({ queryKey: keys.all(email) });
      return null;
    },
  };
}
