import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { TIMINGS } from '../../../../protocol/constants.ts';
import { useTimedMessage } from '../../../shared/hooks/use-timed-message.ts';

/**
 * Save and delete errors: an alert and a toast, both gone after 2 s (spec part 1 §8); the
 * 'saved' indicator for 3 s.
 */
export function useStudioMessages() {
  const [error, showError] = useTimedMessage(TIMINGS.editErrorClearMs);
  const [savedText, showSavedText] = useTimedMessage(TIMINGS.savedIndicatorMs);

  const fail = useCallback(
    (message: string) => {
      showError(message);
      notifications.show({
        color: 'red',
        message,
        autoClose: TIMINGS.editErrorClearMs,
        'data-testid': 'studio-toast',
      });
    },
    [showError],
  );
  const showSaved = useCallback(() => showSavedText('saved'), [showSavedText]);

  return { error, fail, saved: savedText !== '', showSaved };
}
