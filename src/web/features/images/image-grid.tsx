import { Alert, Button, Loader, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import type { ImageEntry } from '../../../protocol/actions/images.ts';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';

export const INVALID_IMAGE = 'Invalid image';

/** One picture's state (spec part 2 §4): loading, ready, error or empty. */
export function imageState(i: ImageEntry): 'loading' | 'ready' | 'error' | 'empty' {
  if (i.loading) return 'loading';
  if (i.image === INVALID_IMAGE) return 'error';
  return i.image ? 'ready' : 'empty';
}

function Tile({ image, onOpen }: { image: ImageEntry; onOpen: (i: ImageEntry) => void }) {
  const { t } = useTranslation();
  const state = imageState(image);
  return (
    <UnstyledButton
      className={`createimg-tile createimg-tile--${state}`}
      onClick={() => onOpen(image)}
      data-testid="image-tile"
      data-num={image.num}
      data-state={state}
      aria-label={t('createImage.viewerTitle', { num: image.num })}
    >
      {state === 'ready' ? (
        <img
          src={image.image}
          alt={t('createImage.imageAlt', { num: image.num, prompt: image.prompt })}
          loading="lazy"
        />
      ) : state === 'loading' ? (
        <div className="createimg-tile__placeholder" role="status">
          <Loader size="sm" />
          <Text size="xs" c="dimmed">
            {t('createImage.loadingImage')}
          </Text>
        </div>
      ) : state === 'error' ? (
        <div className="createimg-tile__placeholder">
          <Text size="sm" c="red" fw={600}>
            {t('createImage.errorCreating')}
          </Text>
          {image.error ? (
            <Text size="xs" c="dimmed" lineClamp={3} dir="auto">
              {image.error}
            </Text>
          ) : null}
        </div>
      ) : (
        <div className="createimg-tile__placeholder">
          <Text size="sm" c="dimmed">
            {t('createImage.noImage')}
          </Text>
        </div>
      )}
    </UnstyledButton>
  );
}

/** Middle column: the generated images, newest first, a page at a time. */
export function ImageGrid({
  images,
  loading,
  error,
  hasMore,
  loadingMore,
  onMore,
  onOpen,
}: {
  images: ImageEntry[];
  loading: boolean;
  error: unknown;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  onOpen: (i: ImageEntry) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <section className="createimg-col createimg-grid-col" data-testid="image-grid">
      {error ? (
        <Alert color="red" radius="md" data-testid="images-error">
          {errorText(error)}
        </Alert>
      ) : null}
      {loading ? (
        <Loader m="lg" />
      ) : images.length === 0 ? (
        <div className="createimg-empty" data-testid="images-empty">
          <Text fw={600}>{t('createImage.emptyTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('createImage.emptyText')}
          </Text>
        </div>
      ) : (
        <div className="createimg-grid">
          {images.map((i) => (
            <Tile key={i.num} image={i} onOpen={onOpen} />
          ))}
        </div>
      )}
      {hasMore ? (
        <Button variant="light" onClick={onMore} loading={loadingMore} mt="sm" fullWidth>
          {t('createImage.loadMore')}
        </Button>
      ) : null}
    </section>
  );
}
