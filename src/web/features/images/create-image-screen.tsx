import '@mantine/notifications/styles.css';
import './create-image.css';
import { Alert, Anchor, Badge, Group, Text, Title } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { Link } from 'react-router';
import type { ImageEntry } from '../../../protocol/actions/images.ts';
import { TIMINGS } from '../../../protocol/constants.ts';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { isolate } from '../../shared/i18n/language.ts';
import {
  useChkImgPermission,
  useImagePermissionOffers,
  useDeleteImage,
  useDesignerConversation,
  useGetAllImages,
  useRecreateImage,
  useResetDesigner,
} from './create-image-api.ts';
import { DesignerChat } from './designer-chat.tsx';
import { ImageGrid } from './image-grid.tsx';
import { ImageViewer } from './image-viewer.tsx';
import { useAskGraphicalDesigner } from './use-ask-graphical-designer.ts';
import { ReferencePanel } from './reference-panel.tsx';
import { useImageToasts } from './use-image-toasts.ts';

/** /createimg (spec part 2 §2): designer chat, generated images, reference and prompt. */
export function CreateImageScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const errorText = useErrorText();
  usePageTitle(t('createImage.pageTitle'));
  const permission = useChkImgPermission();
  const allowed = permission.data === true;
  const offers = useImagePermissionOffers(lang, permission.data === false);
  const images = useGetAllImages();
  const conversation = useDesignerConversation(lang, true);
  const ask = useAskGraphicalDesigner(lang);
  const reset = useResetDesigner();
  const recreate = useRecreateImage();
  const remove = useDeleteImage();
  const [refimg, setRefimg] = useState('');
  const [prompt, setPrompt] = useState('');
  const [negative, setNegative] = useState('');
  const [viewing, setViewing] = useState<ImageEntry | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  const list = useMemo(() => images.data?.pages.flatMap((p) => p.images) ?? [], [images.data]);
  const first = images.data?.pages[0];
  useImageToasts(list);

  // The right column follows the newest image's prompt until the user edits it.
  const newest = list[0];
  const [seen, setSeen] = useState<number | null>(null);
  if (newest && newest.num !== seen) {
    setSeen(newest.num);
    setPrompt(newest.prompt);
    setNegative(newest.negative_prompt);
    if (newest.refimg) setRefimg(newest.refimg);
  }

  const send = (message: string, img: string) => {
    setPending(message);
    if (img) setRefimg(img);
    ask.mutate(
      { message, img },
      {
        onSuccess: (a) => {
          if (a.refimg) setRefimg(a.refimg);
        },
        onSettled: () => setPending(null),
      },
    );
  };

  const create = (p: string, n: string, ref: string) =>
    recreate.mutate(
      { prompt: p, negative_prompt: n, img: ref },
      { onSuccess: () => setViewing(null) },
    );

  const actionError = ask.error ?? reset.error ?? recreate.error ?? remove.error;

  return (
    <div className="createimg-screen" data-testid="createimg-screen">
      <Notifications position="top-center" zIndex={400} autoClose={TIMINGS.toastMs} />
      <Group justify="space-between" className="createimg-header" wrap="wrap" gap="xs">
        {/* The screen's one h1, in the size the screen had. */}
        <Title order={1} size="h2">
          {t('createImage.pageTitle')}
        </Title>
        {first && allowed ? (
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" size="lg" data-testid="image-credits">
              {t('createImage.credits', { n: first.imgcredit })}
            </Badge>
            <Anchor component={Link} to="/buy" size="sm">
              {t('createImage.buyCredits')}
            </Anchor>
          </Group>
        ) : null}
      </Group>
      {first?.offline ? (
        <Alert color="yellow" radius="md" mb="sm" data-testid="offline-generator">
          {t('createImage.offline')}
        </Alert>
      ) : null}
      {permission.data === false ? (
        <Alert color="red" radius="md" mb="sm" data-testid="no-permission">
          {t('createImage.noPermission')}
          {offers.data?.length ? (
            <Text size="sm" mt={4} data-testid="permission-offers">
              {t('createImage.permissionFrom', {
                types: offers.data.map((o) => isolate(o.name)).join(', '),
              })}{' '}
              <Anchor component={Link} to="/buy">
                {t('createImage.seeSubscriptions')}
              </Anchor>
            </Text>
          ) : null}
        </Alert>
      ) : null}
      {actionError ? (
        <Alert color="red" radius="md" mb="sm" data-testid="createimg-error">
          {errorText(actionError)}
          {recreate.error ? (
            <>
              {' '}
              <Anchor component={Link} to="/buy">
                {t('createImage.buyCredits')}
              </Anchor>
            </>
          ) : null}
        </Alert>
      ) : null}
      <div className="createimg-columns">
        <div className="createimg-column">
          <Text className="createimg-column__title">{t('createImage.designerTitle')}</Text>
          <DesignerChat
            messages={conversation.data ?? []}
            allowed={allowed}
            busy={ask.isPending}
            error={conversation.error}
            pending={pending}
            streamed={ask.streamed}
            onSend={send}
            onReset={() => reset.mutate()}
          />
        </div>
        <div className="createimg-column">
          <Text className="createimg-column__title">{t('createImage.gridTitle')}</Text>
          <ImageGrid
            images={list}
            loading={images.isPending}
            error={images.error}
            hasMore={!!images.hasNextPage}
            loadingMore={images.isFetchingNextPage}
            onMore={() => void images.fetchNextPage()}
            onOpen={(i) => {
              // Spec part 2 §5: without permission the viewer does not open.
              if (allowed) setViewing(i);
            }}
          />
        </div>
        <div className="createimg-column">
          <Text className="createimg-column__title">{t('createImage.refTitle')}</Text>
          <ReferencePanel
            refimg={refimg}
            prompt={prompt}
            negative={negative}
            allowed={allowed}
            busy={recreate.isPending}
            onRefimg={setRefimg}
            onPrompt={setPrompt}
            onNegative={setNegative}
            onCreate={() => create(prompt, negative, refimg)}
          />
        </div>
      </div>
      <ImageViewer
        image={viewing ? (list.find((i) => i.num === viewing.num) ?? viewing) : null}
        busy={recreate.isPending}
        onClose={() => setViewing(null)}
        onRecreate={(i) => create(i.prompt, i.negative_prompt, i.refimg)}
        onDelete={(i) => remove.mutate(i.num, { onSuccess: () => setViewing(null) })}
      />
    </div>
  );
}

export default CreateImageScreen;
