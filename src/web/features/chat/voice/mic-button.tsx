import { ActionIcon } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { useVoiceChat } from './use-voice-chat.tsx';
import { MicIcon, StopIcon } from './voice-icons.tsx';

/** The microphone of the input (spec part 2 §2): a spoken turn; pressed again, it stops. */
export function MicButton({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const voice = useVoiceChat();
  if (!voice) return null;
  const active = voice.state.phase !== 'off';
  const label = active
    ? t('voice.micStop')
    : voice.micUnavailable
      ? t('voice.micUnavailable')
      : t('voice.mic');
  return (
    <ActionIcon
      size="lg"
      radius="xl"
      variant={active ? 'filled' : 'subtle'}
      color={active ? 'red' : voice.micUnavailable ? 'gray' : undefined}
      onClick={active ? voice.endConversation : voice.pressMic}
      disabled={disabled && !active}
      aria-label={label}
      aria-pressed={active}
      title={label}
      data-testid="chat-mic"
    >
      {active ? <StopIcon size={16} /> : <MicIcon />}
    </ActionIcon>
  );
}
