import { Button } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { TIMINGS } from '../../../protocol/constants.ts';

/**
 * While an answer has no text yet: after a few seconds, say that the model is still being
 * waited for (a slow or hung provider otherwise looks like a frozen chat). The server gives
 * up on its own within its limits; this only tells the reader what is happening.
 */
export function WaitingHint({
  waiting,
  onStop,
}: {
  waiting: boolean;
  /** The reader may stop the wait (and the answer) from here too. */
  onStop?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setLate(true), TIMINGS.modelWaitHintMs);
    return () => {
      clearTimeout(timer);
      // Text came (or a retry emptied the answer again): the next wait starts from zero.
      setLate(false);
    };
  }, [waiting]);
  if (!waiting || !late) return null;
  return (
    <p className="chat-msg__waiting" role="status" data-testid="chat-waiting-hint">
      {t('chat.stillWaiting')}
      {onStop ? (
        <>
          {' '}
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            onClick={onStop}
            aria-label={t('chatx.stop')}
            data-testid="chat-waiting-stop"
          >
            {t('chatx.stopShort')}
          </Button>
        </>
      ) : null}
    </p>
  );
}
