import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import type { ImageEntry } from '../../../protocol/actions/images.ts';
import { INVALID_IMAGE } from './image-grid.tsx';

/**
 * Spec part 2 §8: when a picture that was being drawn is done, "image created successfully"
 * with the generation time, or "Error creating image". One toast per image.
 */
export function useImageToasts(images: ImageEntry[]) {
  const { t } = useTranslation();
  const loading = useRef(new Set<number>());
  useEffect(() => {
    for (const i of images) {
      if (i.loading) {
        loading.current.add(i.num);
        continue;
      }
      if (!loading.current.delete(i.num)) continue;
      const failed = i.image === INVALID_IMAGE;
      notifications.show({
        id: `image-${i.num}`,
        color: failed ? 'red' : 'green',
        message: failed
          ? t('createImage.toastError')
          : t('createImage.toastCreated', { seconds: i.gentime }),
      });
    }
  }, [images, t]);
}
