import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/notifications/styles.css';
import './studio.css';
import { Alert, Button, Container, Group, Text } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { Link, useLocation, useParams } from 'react-router';
import { TIMINGS, Priv } from '../../../protocol/constants.ts';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import { AlertIcon, CartIcon } from '../../shared/components/icons.tsx';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { useAllowAdd } from '../../shared/session/use-allow-add.ts';
import { useEditPriv, useStudioFriend } from './api.ts';
import { HelpProvider } from '../../shared/help/help-dialog.tsx';
import { emptyForm, formFromFriend } from './form.ts';
import { StudioEditor } from './studio-editor.tsx';
import { CardImport, CardImportReport, importedOf } from './book/card-import.tsx';
import { bookOf, NewFromBook } from './book-draft/new-from-book.tsx';
import { queryKeys } from '../../shared/api/query-keys.ts';

/**
 * /createdit, /createdit/:friendid and /createdit/fromimage/:image (spec part 1 §2): who may
 * do what is settled here; the editor gets a ready form.
 */
export function StudioScreen() {
  const { t } = useTranslation();
  const { friendid, image } = useParams();
  usePageTitle(t('studio.pageTitle'));
  return (
    <Container size={1400} px="md" py="lg" className="studio-screen">
      <Notifications position="top-center" zIndex={400} autoClose={TIMINGS.toastMs} />
      <HelpProvider>
        {friendid ? (
          <EditExisting key={friendid} friendid={friendid} />
        ) : (
          <CreateNew key={image ?? ''} image={image} />
        )}
      </HelpProvider>
    </Container>
  );
}
export default StudioScreen;

function EditExisting({ friendid }: { friendid: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const location = useLocation();
  const priv = useEditPriv(friendid);
  const friend = useStudioFriend(friendid, priv.data?.level === Priv.edit);
  // Arrived from a card import: what the card lost, until the editor closes the note.
  const [lost, setLost] = useState(() => importedOf(location.state));
  if (priv.isPending) return <PageLoader />;
  if (priv.isError) return <Problem>{errorText(priv.error)}</Problem>;
  if (priv.data.level !== Priv.edit) {
    return (
      <Problem testId="studio-denied" level={priv.data.level}>
        {priv.data.message ||
          (priv.data.level === Priv.view ? t('studio.denied.view') : t('studio.denied.none'))}
        {priv.data.level === Priv.view ? (
          <Button component={Link} to={`/chat/${friendid}`} variant="light" mt="md" display="block">
            {t('studio.denied.openChat')}
          </Button>
        ) : null}
      </Problem>
    );
  }
  if (friend.isPending) return <PageLoader />;
  if (friend.isError) return <Problem>{errorText(friend.error)}</Problem>;
  if (!friend.data) return <Problem testId="studio-denied">{t('studio.denied.view')}</Problem>;
  const justSaved = (location.state as { saved?: boolean } | null)?.saved === true;
  return (
    <>
      {lost ? <CardImportReport lost={lost} onClose={() => setLost(null)} /> : null}
      <StudioEditor
        initial={formFromFriend(friend.data)}
        exists
        owner={priv.data.owner}
        justSaved={justSaved}
        book={bookOf(location.state)}
      />
    </>
  );
}

function CreateNew({ image }: { image: string | undefined }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const allow = useAllowAdd();
  const fromImage = useImageCopy(image, allow.data?.canadd === true);
  if (allow.isPending) return <PageLoader />;
  if (allow.isError) return <Problem>{errorText(allow.error)}</Problem>;
  if (!allow.data.canadd) {
    return (
      <Problem testId="studio-cannot-add" title={t('studio.cannotAdd.title')}>
        {t('studio.cannotAdd.text')}
        <Group mt="md">
          <Button component={Link} to="/buy" color="orange" leftSection={<CartIcon size={18} />}>
            {t('studio.cannotAdd.buy')}
          </Button>
          <Button component={Link} to="/main" variant="default">
            {t('common.backToList')}
          </Button>
        </Group>
      </Problem>
    );
  }
  if (image && fromImage.isPending) return <PageLoader />;
  const initial = emptyForm();
  if (fromImage.data) initial.image = fromImage.data;
  return (
    <>
      {fromImage.isError ? (
        <Alert color="orange" mb="md" data-testid="studio-fromimage-error">
          {errorText(fromImage.error)}
        </Alert>
      ) : null}
      {image ? null : <CardImport />}
      {image ? null : <NewFromBook />}
      <StudioEditor initial={initial} exists={false} owner />
    </>
  );
}

/**
 * /createdit/fromimage/:image starts from a generated image: a number is looked up with
 * GetImage, anything else is the image's path (URL-encoded); CopyGeneratedImage then makes
 * it the character's. A query (not an effect) so that it runs once per image.
 */
function useImageCopy(image: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.studio.fromImage(image),
    enabled: enabled && !!image,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    queryFn: async () => {
      const raw = decodeURIComponent(image ?? '');
      const path = /^\d+$/.test(raw)
        ? (await callOrThrow('GetImage', { num: Number(raw) })).image.image
        : raw;
      return (await callOrThrow('CopyGeneratedImage', { img: path })).image;
    },
  });
}

function Problem({
  children,
  title,
  testId = 'studio-error',
  level,
}: {
  children: ReactNode;
  title?: string;
  testId?: string;
  level?: number;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color={level === Priv.view ? 'blue' : 'red'}
      radius="lg"
      icon={<AlertIcon size={20} />}
      title={title ?? t('studio.pageTitle')}
      className="studio-problem"
      data-testid={testId}
      data-level={level}
    >
      <Text component="div">{children}</Text>
    </Alert>
  );
}
