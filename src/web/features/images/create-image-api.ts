import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { ImageEntry } from '../../../protocol/actions/images.ts';
import { GRAPHIC_DESIGNER_FRIEND_ID } from '../../../protocol/constants.ts';
import type { ActionOutput } from '../../../protocol/registry.ts';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import type { Lang } from '../../shared/i18n/language.ts';
import { useStored } from '../../shared/storage/use-stored.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** The seeded designer character (spec part 2 §7: RetrieveConversation with 'graphicdesigner'). */
export const DESIGNER_ID = GRAPHIC_DESIGNER_FRIEND_ID;
/** Images per page of the grid: the first paint stays small however many there are. */
export const PAGE_SIZE = 48;
/** While an image is being drawn the grid asks again this often. */
const POLL_MS = 1500;

type Page = ActionOutput<'GetAllImages'>;

/** ChkImgPermission: true when the caller may create images, false when refused. */
export function useChkImgPermission() {
  const email = useStored('email');
  return useQuery({
    queryKey: queryKeys.createImage.permission(email),
    staleTime: 60_000,
    retry: false,
    queryFn: async () => {
      try {
        await callOrThrow('ChkImgPermission', {});
        return true;
      } catch {
        // Spec part 2 §6: any error disables creation.
        return false;
      }
    },
  });
}

/**
 * The subscriptions on sale that grant image creation (their `imgedit`), asked only for a
 * reader without it: what could give them the permission, instead of image credits that
 * cannot help them.
 */
export function useImagePermissionOffers(lang: Lang, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.billing.types(lang),
    queryFn: () => callOrThrow('GetSubscriptionTypes', { lang }),
    enabled,
    select: (a) => a.types.filter((x) => x.imgedit === 1),
  });
}

/**
 * The caller's images, newest first, a page at a time (GetAllImages). While any is loading
 * the pages are asked for again, so a picture appears when its job finishes.
 */
export function useGetAllImages() {
  const email = useStored('email');
  return useInfiniteQuery({
    queryKey: queryKeys.createImage.images(email),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      callOrThrow('GetAllImages', {
        limit: PAGE_SIZE,
        ...(pageParam ? { before: pageParam } : {}),
      }),
    getNextPageParam: (last: Page) => (last.more ? last.images.at(-1)?.num : undefined),
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.images.some((i) => i.loading)) ? POLL_MS : false,
  });
}

/** Puts an image first in the grid (a new one) or updates it in place. */
export function useUpsertImage() {
  const qc = useQueryClient();
  const email = useStored('email');
  return (image: ImageEntry) =>
    qc.setQueryData<InfiniteData<Page>>(queryKeys.createImage.images(email), (data) => {
      if (!data) return data;
      const pages = data.pages.map((p) => ({
        ...p,
        images: p.images.filter((i) => i.num !== image.num),
      }));
      pages[0] = { ...pages[0]!, images: [image, ...pages[0]!.images] };
      return { ...data, pages };
    });
}

/** The conversation with the designer (RetrieveConversation with 'graphicdesigner'). */
export function useDesignerConversation(lang: Lang, enabled: boolean) {
  const email = useStored('email');
  return useQuery({
    queryKey: queryKeys.createImage.conversation(email),
    enabled,
    queryFn: async () =>
      (await callOrThrow('RetrieveConversation', { friendid: DESIGNER_ID, lang })).chat,
  });
}

/** ResetConversation with the designer. */
export function useResetDesigner() {
  const qc = useQueryClient();
  const email = useStored('email');
  return useMutation({
    mutationFn: () => callOrThrow('ResetConversation', { friendid: DESIGNER_ID }),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.createImage.conversation(email) }),
  });
}

/** RecreateImage: a new record from a prompt (and reference), first in the grid. */
export function useRecreateImage() {
  const qc = useQueryClient();
  const email = useStored('email');
  const upsert = useUpsertImage();
  return useMutation({
    mutationFn: (v: { prompt: string; negative_prompt: string; img: string }) =>
      callOrThrow('RecreateImage', {
        prompt: v.prompt,
        negative_prompt: v.negative_prompt,
        ...(v.img ? { img: v.img } : {}),
      }),
    onSuccess: (r) => upsert(r.image),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.createImage.images(email) }),
  });
}

/** DeleteImage: removed from the grid at once, then the list reloaded. */
export function useDeleteImage() {
  const qc = useQueryClient();
  const email = useStored('email');
  return useMutation({
    mutationFn: (num: number) => callOrThrow('DeleteImage', { num }),
    onSuccess: (_r, num) =>
      qc.setQueryData<InfiniteData<Page>>(queryKeys.createImage.images(email), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                images: p.images.filter((i) => i.num !== num),
              })),
            }
          : data,
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.createImage.images(email) }),
  });
}
