import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../../../../protocol/public-config.ts';
import { stubFetch, TEST_CONFIG } from '../../../test/fetch-stub.ts';
import { renderScreen } from '../../../test/render.tsx';
import { MicButton } from './mic-button.tsx';
import type { VoiceChat } from './use-voice-chat.tsx';

const config = vi.hoisted(() => ({ current: undefined as PublicConfig | undefined }));

vi.mock('../../../shared/api/config.ts', () => ({
  useAppConfig: () => ({ data: config.current }),
}));
vi.mock('./use-voice-chat.tsx', () => ({
  useVoiceChat: (): Partial<VoiceChat> => ({
    state: { phase: 'off' } as VoiceChat['state'],
    micUnavailable: null,
    pressMic: () => {},
    endConversation: () => {},
  }),
}));

function renderMic(voiceInput: boolean | null) {
  stubFetch();
  config.current = voiceInput === null ? undefined : { ...TEST_CONFIG, voiceInput };
  return renderScreen(<MicButton />, { lang: 'en' });
}

describe('MicButton', () => {
  it('is offered where the server transcribes speech', () => {
    renderMic(true);
    expect(screen.getByRole('button', { name: 'Speak a message' })).toBeInTheDocument();
  });

  it('is not offered where voice input is off, nor before the config is known', () => {
    const { container } = renderMic(false);
    expect(screen.queryByTestId('chat-mic')).toBeNull();
    expect(container).not.toHaveTextContent(/TRANSCRIPTION_MODEL/);
    renderMic(null);
    expect(screen.queryByTestId('chat-mic')).toBeNull();
  });
});
