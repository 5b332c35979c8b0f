import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Alert, Button, Group, Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { isolate } from '../../shared/i18n/language.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { MessageMarkdown } from '../../shared/components/message-markdown.tsx';
import { queryKeys } from '../../shared/api/query-keys.ts';

/**
 * A short analysis of one subject's conversation (AnalyzeConversationSubject): main topics,
 * emotional tone and what to ask next, written by the character's model in the user's
 * language. Asked when opened; "analyse again" asks afresh.
 */
export function AnalysisDialog({
  onClose,
  friendid,
  subject,
}: {
  onClose: () => void;
  friendid: string;
  subject: string;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const errorText = useErrorText();
  const query = useQuery({
    queryKey: queryKeys.chat.analysis(friendid, subject, lang),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    queryFn: async () =>
      (await callOrThrow('AnalyzeConversationSubject', { friendid, subject, lang })).analysis,
  });
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('chat.analysisTitle', { name: isolate(subject) })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <div data-testid="analysis-dialog" aria-busy={query.isFetching}>
        {query.isFetching ? <PageLoader /> : null}
        {query.isError && !query.isFetching ? (
          <Alert color="red" role="alert" data-testid="analysis-error">
            {errorText(query.error) || t('chat.analysisError')}
          </Alert>
        ) : null}
        {query.data && !query.isFetching ? (
          <div data-testid="analysis-text">
            <MessageMarkdown text={query.data} role="assistant" />
          </div>
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button
            variant="light"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            data-testid="analysis-again"
          >
            {t('chat.analysisAgain')}
          </Button>
        </Group>
      </div>
    </Modal>
  );
}
