import { useTranslation } from '../i18n/use-translation.tsx';
import { NetworkError } from '../api/errors.ts';

/** The words to show for a failed request: the server's Errstr, or 'communication error'. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (error instanceof NetworkError) return t('common.communicationError');
    if (error instanceof Error && error.message) return error.message;
    return t('common.unknownError');
  };
}
