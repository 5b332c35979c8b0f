import { ActionIcon } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import type { Message } from '../use-conversation.ts';
import { useVoiceChat } from './use-voice-chat.tsx';
import { SpeakerIcon, StopIcon } from './voice-icons.tsx';

/** The read-aloud icon of an answer (spec part 2 §2): shown when the character has a voice. */
export function ReadAloudButton({ message: m }: { message: Message }) {
  const { t } = useTranslation();
  const voice = useVoiceChat();
  if (!voice?.hasVoice || m.role !== 'assistant' || m.id <= 0 || !m.message) return null;
  const playing = voice.reading === m.id;
  const label = playing ? t('voice.stopReading') : t('voice.readAloud');
  return (
    <ActionIcon
      variant={playing ? 'light' : 'subtle'}
      color={playing ? 'blue' : 'gray'}
      size="sm"
      onClick={() => voice.toggleRead(m)}
      aria-label={label}
      aria-pressed={playing}
      title={label}
      data-testid="read-aloud"
    >
      {playing ? <StopIcon size={14} /> : <SpeakerIcon size={15} className="flip-rtl" />}
    </ActionIcon>
  );
}
