import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import { ApiError } from '../../shared/api/errors.ts';
import { postActionStream } from '../../shared/api/stream.ts';
import { beginActivity } from '../../shared/hooks/activity.ts';
import type { Lang } from '../../shared/i18n/language.ts';
import { useStored } from '../../shared/storage/use-stored.ts';
import { useUpsertImage } from './create-image-api.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/**
 * One turn with the designer (AskGraphicalDesigner), streamed: `streamed` grows as the words
 * arrive (null when no answer is being written). An image the designer makes (`image` event,
 * and the answer's `:#<num>`) is generated and put first in the grid at once, loading.
 */
export function useAskGraphicalDesigner(lang: Lang) {
  const qc = useQueryClient();
  const email = useStored('email');
  const upsert = useUpsertImage();
  const [streamed, setStreamed] = useState<string | null>(null);
  const shown = useRef(new Set<number>());

  // Spec part 2 §4: an image named by the designer is generated and placed first.
  const show = async (num: number) => {
    if (!num || shown.current.has(num)) return;
    shown.current.add(num);
    upsert((await callOrThrow('GenerateImage', { num })).image);
  };

  const mutation = useMutation({
    mutationFn: async (v: { message: string; img: string }) => {
      setStreamed('');
      // An app update never reloads the page while the answer is streaming in.
      const end = beginActivity();
      try {
        const answer = await postActionStream(
          'AskGraphicalDesigner',
          { message: v.message, lang, ...(v.img ? { img: v.img } : {}) },
          (e) => {
            if (e.event === 'delta') setStreamed((s) => (s ?? '') + String(e.data.text ?? ''));
            else if (e.event === 'image') void show(Number(e.data.num)).catch(() => {});
          },
        );
        if (answer.Error !== 0) throw new ApiError(answer.Error, answer.Errstr);
        return answer;
      } finally {
        end();
      }
    },
    onSuccess: (answer) => show(answer.num),
    onSettled: async () => {
      // The stored conversation replaces the streamed words once it is back.
      await qc.invalidateQueries({ queryKey: queryKeys.createImage.conversation(email) });
      setStreamed(null);
      await qc.invalidateQueries({ queryKey: queryKeys.createImage.images(email) });
    },
  });
  return { ...mutation, streamed };
}
