import type { IncomingMessage, ServerResponse } from 'node:http';
import { wavFile } from '../ai/media/wav.ts';
import type { fakeMediaState } from './fake-openai-media.ts';

/**
 * The Gemini API's speech and transcription, as @ai-sdk/google calls them, on the fake
 * server under `/v1beta` (point GOOGLE_GENERATIVE_AI_BASE_URL at `<fake>/v1beta`):
 * - `POST /v1beta/models/{model}:generateContent` with `responseModalities: ['AUDIO']`
 *   answers the audio as base64 inline data: raw 16-bit PCM at 24 kHz (`audio/L16`), as the
 *   2.5 TTS models do, or a WAV when the request asks for `AUDIO_WAV` (3.8 models);
 * - `POST /v1beta/interactions` with an audio input answers the transcript as a text step.
 * Requests without the `x-goog-api-key` header are refused as Google does (401). Requests
 * are recorded with the OpenAI half's (`media.requests`), and `failNext` applies to both.
 */
export const GOOGLE_PREFIX = '/v1beta/';

const RATE = 24_000;

/** A tone as long as the text would take to say (about 14 characters a second). */
function pcm(text: string): Int16Array {
  const samples = new Int16Array(Math.round(RATE * Math.max(0.2, text.length / 14)));
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 180 * i) / RATE));
  return samples;
}

export function handleGoogle(
  req: IncomingMessage,
  res: ServerResponse,
  raw: Buffer,
  state: ReturnType<typeof fakeMediaState>,
): void {
  const path = req.url?.split('?')[0] ?? '';
  const json = (status: number, obj: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(obj));
  };
  const refuse = (code: number, status: string, message: string) =>
    json(code, { error: { code, message, status } });
  if (!req.headers['x-goog-api-key'])
    return refuse(401, 'UNAUTHENTICATED', 'API key not valid. Please pass a valid API key.');
  const body = JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>;
  const speechModel = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(path)?.[1];
  const model = speechModel ?? String(body.model ?? '');
  state.requests.push({ path, model, body });
  const failure = state.failures.shift();
  if (failure) return refuse(failure, 'INTERNAL', `fake error ${failure}`);

  if (speechModel) {
    type Part = { text?: string };
    const contents = (body.contents ?? []) as { parts?: Part[] }[];
    const text = contents
      .flatMap((c) => c.parts ?? [])
      .map((p) => p.text ?? '')
      .join(' ');
    const config = (body.generationConfig ?? {}) as {
      responseModalities?: string[];
      responseFormat?: { audio?: { mimeType?: string } };
    };
    if (!config.responseModalities?.includes('AUDIO'))
      return refuse(400, 'INVALID_ARGUMENT', 'The fake speaks only AUDIO responses.');
    const samples = pcm(text);
    const asWav = config.responseFormat?.audio?.mimeType === 'AUDIO_WAV';
    const bytes = asWav
      ? wavFile(samples, RATE)
      : Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
    return json(200, {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              {
                inlineData: {
                  mimeType: asWav ? 'audio/wav' : `audio/L16;codec=pcm;rate=${RATE}`,
                  data: bytes.toString('base64'),
                },
              },
            ],
          },
          finishReason: 'STOP',
        },
      ],
      usageMetadata: { promptTokenCount: Math.ceil(text.length / 4), totalTokenCount: 0 },
      modelVersion: speechModel,
    });
  }
  if (path === '/v1beta/interactions') {
    const input = (body.input ?? []) as { type?: string; data?: string }[];
    if (!input.some((i) => i.type === 'audio' && i.data))
      return refuse(400, 'INVALID_ARGUMENT', 'No audio input.');
    return json(200, {
      id: `interaction-${state.requests.length}`,
      status: 'completed',
      steps: [{ type: 'model_output', content: [{ type: 'text', text: state.transcript }] }],
      usage: { total_input_tokens: 25, total_output_tokens: 12 },
    });
  }
  refuse(404, 'NOT_FOUND', `The fake has no ${path}.`);
}
