import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callOrThrow } from '../../../shared/api/call-or-throw.ts';
import { call } from '../../../shared/api/client.ts';
import { useStored } from '../../../shared/storage/use-stored.ts';

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
  });
}

/** Copy (to use as a character image) and delete; both answer the server's words on failure. */
export function useImageActions() {
  const email = useStored('email');
  const qc = useQueryClient();
  return {
    async copy(img: string): Promise<{ image: string } | { error: string }> {
      const a = await call('CopyGeneratedImage', { img });
      return a.Error === 0 ? { image: a.image } : { error: a.Errstr ?? '' };
    },
    async remove(img: string): Promise<string | null> {
      const a = await call('DeleteImageFromServer', { img });
      if (a.Error !== 0) return a.Errstr ?? '';
      await qc.invalidateQueries({ queryKey: keys.all(email) });
      return null;
    },
  };
}
