import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_CONFIG } from '../../test/fetch-stub.ts';
import { renderScreen } from '../../test/render.tsx';
import { VoiceSampleButton } from './voice-sample-button.tsx';

const played = vi.hoisted(() => [] as Blob[]);
vi.mock('./player.ts', () => ({
  playClip: vi.fn(async (clip: { blob: Blob }) => void played.push(clip.blob)),
}));

/** The speech endpoint: audio for the sample, or a refusal in words. */
function stubSpeech(answer: () => Response) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url =
        typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      if (url === '/api/config') return new Response(JSON.stringify(TEST_CONFIG));
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return answer();
    }),
  );
  return bodies;
}

beforeEach(() => {
  played.length = 0;
});

describe('studio voice sample', () => {
  it('plays the sample in the chosen voice with the typed instructions', async () => {
    const bodies = stubSpeech(
      () =>
        new Response(new Uint8Array([82, 73, 70, 70]), {
          headers: { 'content-type': 'audio/wav', 'x-speech-offline': '1' },
        }),
    );
    renderScreen(
      <VoiceSampleButton friendid="newone" voice="sky" instructions="whisper, like a secret" />,
      {
        lang: 'en',
      },
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Listen to this voice' }));
    await waitFor(() => expect(played).toHaveLength(1));
    expect(bodies[0]).toEqual({
      preview: 1,
      friendid: 'newone',
      lang: 'en',
      voice: 'sky',
      voice_instructions: 'whisper, like a secret',
    });
  });

  it('says why when the server refuses', async () => {
    stubSpeech(
      () =>
        new Response(JSON.stringify({ Error: 4, Errstr: 'אין לך הרשאה לערוך דמות זו' }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderScreen(<VoiceSampleButton friendid="x" voice="onyx" instructions="" />);
    await userEvent.setup().click(screen.getByTestId('voice-sample'));
    expect(await screen.findByRole('alert')).toHaveTextContent('אין לך הרשאה לערוך דמות זו');
    expect(played).toHaveLength(0);
  });
});
