import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { wavFile } from '../ai/media/wav.ts';

/**
 * The media half of the fake OpenAI-compatible server: images (generations and edits),
 * speech, transcription and embeddings, in OpenAI's wire format, answering real bytes
 * (a PNG, a WAV or MP3, float vectors) so the AI SDK's parsing runs as it does in production.
 */
export interface FakeMediaRequest {
  path: string;
  model: string;
  /** JSON bodies as sent; multipart fields as strings (files as `{name, type, size}`). */
  body: Record<string, unknown>;
}

export interface FakeMedia {
  requests: FakeMediaRequest[];
  /** The next media request answers this HTTP status instead. */
  failNext(status: number): void;
  /** What transcriptions answer (default: a fixed Hebrew sentence). */
  transcript: string;
  /** Tokens the image endpoints report (omitted when null, as DALL·E does). */
  imageUsage: { input_tokens: number; output_tokens: number } | null;
  /**
   * Makes the embeddings' vectors (default: from a hash of the text, meaningless); a test of
   * retrieval sets one whose vectors mean something (test/concept-embedder.ts).
   */
  embedder: ((text: string, dims: number) => number[]) | null;
}

export const MEDIA_PATHS = [
  '/images/generations',
  '/images/edits',
  '/audio/speech',
  '/audio/transcriptions',
  '/embeddings',
];

export function fakeMediaState(): FakeMedia & { failures: number[] } {
  const failures: number[] = [];
  return {
    requests: [],
    failures,
    failNext: (status) => void failures.push(status),
    transcript: 'שלום, זה תמלול מהשרת המדומה.',
    imageUsage: { input_tokens: 12, output_tokens: 4160 },
    embedder: null,
  };
}

async function parseBody(req: IncomingMessage, raw: Buffer): Promise<Record<string, unknown>> {
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: new Uint8Array(raw),
    }).formData();
    const out: Record<string, unknown> = {};
    for (const [k, v] of form.entries())
      out[k] = typeof v === 'string' ? v : { name: v.name, type: v.type, size: v.size };
    return out;
  }
  return JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
}

const seedOf = (s: string) => createHash('sha256').update(s).digest();

async function png(prompt: string, size: unknown): Promise<string> {
  const [w, h] =
    typeof size === 'string' && /^\d+x\d+$/.test(size) ? size.split('x').map(Number) : [64, 64];
  const d = seedOf(prompt);
  const image = await sharp({
    create: {
      width: Math.min(w!, 256),
      height: Math.min(h!, 256),
      channels: 3,
      background: { r: d[0]!, g: d[1]!, b: d[2]! },
    },
  })
    .png()
    .toBuffer();
  return image.toString('base64');
}

/** A tone as long as the text would take to say (about 14 characters a second). */
function speech(text: string, format: string): { bytes: Buffer; type: string } {
  const rate = 16_000;
  const seconds = Math.max(0.2, text.length / 14);
  const samples = new Int16Array(Math.round(rate * seconds));
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / rate));
  if (format === 'wav') return { bytes: wavFile(samples, rate), type: 'audio/wav' };
  // MPEG frame headers (0xFFFB…) over silence: enough for the SDK to see MP3.
  const frames = Buffer.alloc(417 * Math.ceil(seconds * 38));
  for (let at = 0; at < frames.length; at += 417) frames.set([0xff, 0xfb, 0x90, 0x64], at);
  return { bytes: frames, type: 'audio/mpeg' };
}

function vector(text: string, dims: number): number[] {
  const d = seedOf(text);
  const v = Array.from({ length: dims }, (_, i) => d[i % d.length]! / 255 - 0.5);
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

export async function handleMedia(
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
  raw: Buffer,
  state: ReturnType<typeof fakeMediaState>,
): Promise<void> {
  const body = await parseBody(req, raw);
  state.requests.push({ path, model: String(body.model ?? ''), body });
  const json = (status: number, obj: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(obj));
  };
  const failure = state.failures.shift();
  if (failure)
    return json(failure, { error: { message: `fake error ${failure}`, type: 'server_error' } });

  if (path === '/images/generations' || path === '/images/edits') {
    const n = Number(body.n ?? 1) || 1;
    const data = await Promise.all(
      Array.from({ length: n }, async (_, i) => ({
        b64_json: await png(`${String(body.prompt)}#${i}`, body.size),
      })),
    );
    return json(200, {
      created: 1_767_225_600,
      data,
      ...(state.imageUsage
        ? {
            usage: {
              ...state.imageUsage,
              total_tokens: state.imageUsage.input_tokens + state.imageUsage.output_tokens,
            },
          }
        : {}),
    });
  }
  if (path === '/audio/speech') {
    const { bytes, type } = speech(String(body.input ?? ''), String(body.response_format ?? 'mp3'));
    res.statusCode = 200;
    res.setHeader('content-type', type);
    return void res.end(bytes);
  }
  if (path === '/audio/transcriptions') {
    const file = body.file as { size: number } | undefined;
    const text = state.transcript;
    if (body.response_format === 'verbose_json') {
      const duration = Math.round(((file?.size ?? 0) / 32_000) * 100) / 100;
      return json(200, {
        task: 'transcribe',
        language: body.language === 'en' ? 'english' : 'hebrew',
        duration,
        text,
        segments: [
          {
            id: 0,
            seek: 0,
            start: 0,
            end: duration,
            text,
            tokens: [1, 2, 3],
            temperature: 0,
            avg_logprob: -0.2,
            compression_ratio: 1.1,
            no_speech_prob: 0.01,
          },
        ],
      });
    }
    return json(200, { text });
  }
  // /embeddings
  const inputs = Array.isArray(body.input) ? body.input.map(String) : [String(body.input)];
  const dims = Number(body.dimensions ?? 8) || 8;
  return json(200, {
    object: 'list',
    model: body.model,
    data: inputs.map((t, index) => ({
      object: 'embedding',
      index,
      embedding: (state.embedder ?? vector)(t, dims),
    })),
    usage: {
      prompt_tokens: inputs.reduce((n, t) => n + t.split(/\s+/).filter(Boolean).length, 0),
      total_tokens: 0,
    },
  });
}
