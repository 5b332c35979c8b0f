import { ActionIcon } from '@mantine/core';
import { useAppConfig } from '../../../shared/api/config.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { useVoiceChat } from './use-voice-chat.tsx';
import { MicIcon, StopIcon } from './voice-icons.tsx';

/**
 * The microphone of the input (spec part 2 §2): a spoken turn; pressed again, it stops. Not
 * offered where the server has no speech-to-text (the public config says so), nor until the
 * config is known.
 */
export function MicButton({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const voice = useVoiceChat();
  const config = useAppConfig();
  if (!voice || !config.data?.voiceInput) return null;
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
