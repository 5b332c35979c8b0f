import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../shared/i18n/use-translation.tsx';
import { createI18n } from '../../../test/i18n.ts';
import type { Message } from '../use-conversation.ts';
import { useVoiceChat, useVoiceChatController } from './use-voice-chat.tsx';

const api = vi.hoisted(() => ({
  autoread: false,
  available: true,
  spoken: [] as { text: string; messageid?: number; voice?: string }[],
  transcripts: [] as string[],
  records: 0,
  played: [] as string[],
}));

vi.mock('../../../shared/voice/voice-api.ts', () => ({
  useAutoread: () => api.autoread,
  useVoiceStatus: () => ({
    data: {
      Error: 0,
      speech: { offline: true, model: 'espeak-ng' },
      transcription: {
        available: api.available,
        variable: 'TRANSCRIPTION_MODEL',
        hint: 'set TRANSCRIPTION_MODEL',
      },
    },
  }),
  fetchSpeech: vi.fn(async (req: { text: string; messageid?: number; voice?: string }) => {
    api.spoken.push(req);
    return { blob: new Blob([req.text]), offline: true };
  }),
  // Answers after the screen has re-rendered (as the network does): the turn must survive it.
  transcribeAudio: vi.fn(async () => {
    await new Promise((r) => setTimeout(r, 5));
    return { Error: 0, text: api.transcripts.shift() ?? '' };
  }),
}));
vi.mock('../../../shared/voice/player.ts', () => ({
  playClip: vi.fn(async (clip: { blob: Blob }) => {
    api.played.push(await clip.blob.text());
  }),
}));
vi.mock('./recorder.ts', () => ({
  recordTurn: vi.fn(async () => {
    api.records++;
    return { kind: 'audio', blob: new Blob(['x'.repeat(4000)], { type: 'audio/webm' }) };
  }),
}));

const msg = (
  id: number,
  role: 'user' | 'assistant',
  message: string,
  status: Message['status'] = 'done',
): Message => ({
  id,
  role,
  message,
  status,
  tm: '2026-01-02 10:00:00',
  speaker: role === 'user' ? 'Dana' : 'Holmes',
  img: null,
});

const info = { voice: 'onyx', voice_instructions: 'slowly' };

function mount(initial: Message[], send = vi.fn(async () => true)) {
  const i18n = createI18n('en');
  const hook = renderHook(
    ({ messages }) => {
      useVoiceChatController({ friendid: 'holmes', info, lang: 'en', messages, send });
      return useVoiceChat();
    },
    {
      initialProps: { messages: initial },
      wrapper: ({ children }: { children: ReactNode }) => (
        <I18nProvider i18n={i18n}>{children}</I18nProvider>
      ),
    },
  );
  return { ...hook, send };
}

beforeEach(() => {
  api.autoread = false;
  api.available = true;
  api.spoken.length = 0;
  api.played.length = 0;
  api.transcripts.length = 0;
  api.records = 0;
});

describe('read-aloud and automatic reading', () => {
  it('read-aloud reads an answer sentence by sentence in the character’s voice', async () => {
    const answer = msg(5, 'assistant', 'Come in, Watson, take a chair. The game is afoot tonight!');
    const { result } = mount([answer]);
    act(() => result.current!.toggleRead(answer));
    await waitFor(() => expect(api.played).toHaveLength(2));
    expect(api.spoken.map((s) => [s.text, s.messageid, s.voice])).toEqual([
      ['Come in, Watson, take a chair.', 5, 'onyx'],
      ['The game is afoot tonight!', 5, 'onyx'],
    ]);
    await waitFor(() => expect(result.current!.reading).toBeNull());
  });

  it('autoread on: the first sentence of a new answer is spoken while the rest still streams', async () => {
    api.autoread = true;
    const old = msg(5, 'assistant', 'An old answer that is not read again.');
    const { rerender } = mount([old]);
    rerender({
      messages: [
        old,
        msg(6, 'user', 'Hi'),
        msg(7, 'assistant', 'Good evening, Watson, sit down. And', 'streaming'),
      ],
    });
    await waitFor(() =>
      expect(api.spoken.map((s) => s.text)).toEqual(['Good evening, Watson, sit down.']),
    );
    rerender({
      messages: [
        old,
        msg(6, 'user', 'Hi'),
        msg(7, 'assistant', 'Good evening, Watson, sit down. And tell me everything.'),
      ],
    });
    await waitFor(() =>
      expect(api.played).toEqual(['Good evening, Watson, sit down.', 'And tell me everything.']),
    );
  });

  it('autoread off: new answers stay silent', async () => {
    const { rerender } = mount([]);
    rerender({ messages: [msg(7, 'assistant', 'Good evening, Watson, sit down.')] });
    await new Promise((r) => setTimeout(r, 0));
    expect(api.spoken).toEqual([]);
  });
});

describe('conversation mode through the microphone', () => {
  it('speak → answer read aloud → listen again → an empty transcription ends it', async () => {
    api.transcripts.push('Who killed the baron?', '');
    const { result, rerender, send } = mount([msg(1, 'assistant', 'Welcome.')]);
    act(() => result.current!.pressMic());
    await waitFor(() => expect(send).toHaveBeenCalledWith('Who killed the baron?', null));
    expect(result.current!.state).toEqual({ phase: 'answering', conversation: true });
    rerender({
      messages: [
        msg(1, 'assistant', 'Welcome.'),
        msg(2, 'user', 'Who killed the baron?'),
        msg(3, 'assistant', 'The butler, of course, Watson.'),
      ],
    });
    await waitFor(() => expect(api.played).toEqual(['The butler, of course, Watson.']));
    // Read to the end: listening again, and this time nothing is said.
    await waitFor(() => expect(api.records).toBe(2));
    await waitFor(() =>
      expect(result.current!.state).toEqual({ phase: 'off', conversation: false }),
    );
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('"thank you" alone ends it without sending', async () => {
    api.transcripts.push('Thank you!');
    const { result, send } = mount([]);
    act(() => result.current!.pressMic());
    await waitFor(() => expect(api.records).toBe(1));
    await waitFor(() => expect(result.current!.state.phase).toBe('off'));
    expect(send).not.toHaveBeenCalled();
  });

  it('without transcription the microphone says what to configure', () => {
    api.available = false;
    const { result } = mount([]);
    act(() => result.current!.pressMic());
    expect(result.current!.micError).toBe('set TRANSCRIPTION_MODEL');
    expect(result.current!.state.phase).toBe('off');
    expect(api.records).toBe(0);
  });
});
