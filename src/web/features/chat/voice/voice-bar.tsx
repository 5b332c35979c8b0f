import '@mantine/core/styles/Badge.css';
import { Alert, Badge, Button, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { SPEECH_DETECTION } from '../../../../protocol/voice-constants.ts';
import { circleSize } from './level-detector.ts';
import { useVoiceChat, type VoiceChat } from './use-voice-chat.tsx';
import './voice.css';

function LevelCircle({ level }: { level: VoiceChat['level'] }) {
  const { t } = useTranslation();
  const rms = useSyncExternalStore(level.subscribe, level.get);
  const size = circleSize(rms);
  return (
    <div className="voice-circle__box" style={{ width: SPEECH_DETECTION.circleMaxPx }}>
      <div
        className="voice-circle"
        style={{ width: size, height: size }}
        role="meter"
        aria-label={t('voice.level')}
        aria-valuemin={0}
        aria-valuemax={30}
        aria-valuenow={Math.round(rms)}
        data-testid="voice-circle"
        data-size={size}
      />
    </div>
  );
}

/**
 * What voice is doing, above the input: the volume circle while listening, the spoken
 * conversation with its end control, the offline-voice mark while reading, and errors.
 */
export function VoiceBar() {
  const { t } = useTranslation();
  const v = useVoiceChat();
  if (!v) return null;
  const { phase, conversation } = v.state;
  const status =
    phase === 'listening'
      ? t(v.recording ? 'voice.recording' : 'voice.listening')
      : phase === 'transcribing'
        ? t('voice.transcribing')
        : phase === 'answering'
          ? t('voice.answering')
          : '';
  return (
    <>
      {v.micError ? (
        <Alert
          color="orange"
          mx="md"
          mb="xs"
          role="alert"
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={v.clearMicError}
          data-testid="voice-error"
        >
          {v.micError}
        </Alert>
      ) : null}
      {phase !== 'off' || v.reading !== null ? (
        <div className="voice-bar" data-testid="voice-bar" data-phase={phase}>
          {phase === 'listening' ? <LevelCircle level={v.level} /> : null}
          <div className="voice-bar__text">
            {conversation ? (
              <Text size="sm" fw={700}>
                {t('voice.conversationOn')}
              </Text>
            ) : null}
            {status ? (
              <Text size="sm" c="dimmed" role="status" data-testid="voice-status">
                {status}
              </Text>
            ) : null}
            {v.reading !== null && v.offline ? (
              <Badge
                size="xs"
                variant="light"
                color="orange"
                title={t('voice.offlineVoiceHint')}
                data-testid="voice-offline"
              >
                {t('voice.offlineVoice')}
              </Badge>
            ) : null}
          </div>
          {phase !== 'off' ? (
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={v.endConversation}
              data-testid="voice-end"
            >
              {t('voice.endConversation')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
