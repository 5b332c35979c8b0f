import type {
  LanguageModelV4FinishReason,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { isAbortError } from '@ai-sdk/provider-utils';
import { APICallError } from 'ai';

/**
 * The body of an OpenAI-compatible chat stream read into the AI SDK's stream parts, in one
 * read loop (lean-stream.ts hands it the body it kept; see there).
 */

/** A body as the lean parser reads it: a web stream's reader, or undici's body (leanRequest). */
export interface BodyReader {
  read(): Promise<{ done?: boolean; value?: Uint8Array }>;
  cancel(reason?: unknown): Promise<void>;
}

/** What leanFetch kept of a successful answer: its body, and what an error about it names. */
export interface Slot {
  body?: BodyReader;
  url: string;
  status: number;
  headers: Record<string, string>;
  requestBody: unknown;
}

const NETWORK_CODES = new Set([
  'ConnectionRefused',
  'ConnectionClosed',
  'FailedToOpenSocket',
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** A failed body read, as the SDK reports it (an APICallError; retryable if the network broke). */
function readError(error: unknown, slot: Slot): unknown {
  if (isAbortError(error)) return error;
  let network = false;
  const seen = new Set<unknown>();
  for (let e = error; e instanceof Error && !seen.has(e); e = e.cause) {
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) network = true;
  }
  let requestBodyValues: unknown = slot.requestBody;
  try {
    if (typeof requestBodyValues === 'string') requestBodyValues = JSON.parse(requestBodyValues);
  } catch {
    // kept as text
  }
  return new APICallError({
    message: 'Failed to process successful response',
    cause: error,
    url: slot.url,
    requestBodyValues,
    statusCode: slot.status,
    responseHeaders: slot.headers,
    ...(network ? { isRetryable: true } : {}),
  });
}

function mapFinish(raw: string, refusal: boolean): LanguageModelV4FinishReason['unified'] {
  switch (raw) {
    case 'stop':
      return refusal ? 'content-filter' : 'stop';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content-filter';
    case 'function_call':
    case 'tool_calls':
      return 'tool-calls';
    default:
      return 'other';
  }
}

interface CompatibleUsage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
  completion_tokens_details?: { reasoning_tokens?: number | null } | null;
}

function convertUsage(usage: CompatibleUsage | undefined): LanguageModelV4Usage {
  if (usage == null)
    return {
      inputTokens: {
        total: undefined,
        noCache: undefined,
        cacheRead: undefined,
        cacheWrite: undefined,
      },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
    };
  const prompt = usage.prompt_tokens ?? 0;
  const completion = usage.completion_tokens ?? 0;
  const cached = usage.prompt_tokens_details?.cached_tokens ?? 0;
  const reasoning = usage.completion_tokens_details?.reasoning_tokens ?? 0;
  return {
    inputTokens: {
      total: prompt,
      noCache: prompt - cached,
      cacheRead: cached,
      cacheWrite: undefined,
    },
    outputTokens: {
      total: completion,
      text: Math.max(0, completion - reasoning),
      reasoning,
    },
    raw: usage as never,
  };
}

type Chunk = {
  id?: unknown;
  model?: unknown;
  created?: unknown;
  error?: unknown;
  usage?: CompatibleUsage | null;
  choices?: {
    finish_reason?: unknown;
    delta?: {
      content?: unknown;
      reasoning_content?: unknown;
      reasoning?: unknown;
      refusal?: unknown;
    } | null;
  }[];
};

/**
 * The parts of an OpenAI-compatible SSE body, as the SDK's provider makes them for a text
 * answer: stream-start, response-metadata, text/reasoning start, delta and end, error, finish.
 */
export function parseCompatibleStream(
  reader: BodyReader,
  slot: Slot,
  warnings: LanguageModelV4StreamPart extends infer P
    ? P extends { type: 'stream-start'; warnings: infer W }
      ? W
      : never
    : never,
  metadataKey: string,
): ReadableStream<LanguageModelV4StreamPart> {
  const decoder = new TextDecoder();
  let rest = ''; // an incomplete line
  let data = '';
  let dataLines = 0;
  let first = true;
  let metadata = false;
  /** The block a delta is being written to (a text and a reasoning block never overlap). */
  let open: 'text' | 'reasoning' | null = null;
  let refusal = false;
  let rawFinish: string | undefined;
  let failed = false;
  let usage: CompatibleUsage | undefined;
  let out!: ReadableStreamDefaultController<LanguageModelV4StreamPart>;
  let given = 0;
  const put = (part: LanguageModelV4StreamPart) => {
    given++;
    out.enqueue(part);
  };

  const ids = { text: 'txt-0', reasoning: 'reasoning-0' } as const;
  const close = () => {
    if (open) put({ type: `${open}-end`, id: ids[open] });
    open = null;
  };
  const blockDelta = (kind: 'text' | 'reasoning', delta: string) => {
    if (open !== kind) {
      close();
      put({ type: `${kind}-start`, id: ids[kind] });
      open = kind;
    }
    put({ type: `${kind}-delta`, id: ids[kind], delta });
  };
  const textDelta = (delta: string) => blockDelta('text', delta);
  const reasoningDelta = (delta: string) => blockDelta('reasoning', delta);

  const event = (json: string) => {
    if (json === '[DONE]') return;
    let chunk: Chunk;
    try {
      chunk = JSON.parse(json) as Chunk;
      if (chunk === null || typeof chunk !== 'object') throw new Error('not an object');
    } catch (cause) {
      failed = true;
      rawFinish = undefined;
      put({
        type: 'error',
        error: new Error(`Invalid JSON in the stream: ${json}`, { cause }),
      });
      return;
    }
    if ('error' in chunk) {
      failed = true;
      rawFinish = undefined;
      put({ type: 'error', error: chunk.error });
      return;
    }
    if (!metadata && (chunk.id != null || chunk.model != null || chunk.created)) {
      metadata = true;
      put({
        type: 'response-metadata',
        id: typeof chunk.id === 'string' ? chunk.id : undefined,
        modelId: typeof chunk.model === 'string' ? chunk.model : undefined,
        timestamp:
          typeof chunk.created === 'number' && chunk.created
            ? new Date(chunk.created * 1000)
            : undefined,
      });
    }
    if (chunk.usage != null) usage = chunk.usage;
    const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
    if (choice == null) return;
    if (typeof choice.finish_reason === 'string') rawFinish = choice.finish_reason;
    const delta = choice.delta;
    if (delta == null) return;
    const thought = delta.reasoning_content ?? delta.reasoning;
    if (typeof thought === 'string' && thought) reasoningDelta(thought);
    const content = delta.content;
    if (typeof content === 'string') {
      if (content) textDelta(content);
    } else if (Array.isArray(content)) {
      for (const part of content as { type?: unknown; text?: unknown; thinking?: unknown }[]) {
        if (part?.type === 'text' && typeof part.text === 'string' && part.text)
          textDelta(part.text);
        else if (part?.type === 'thinking' && Array.isArray(part.thinking)) {
          const t = (part.thinking as { type?: unknown; text?: unknown }[])
            .filter((c) => c?.type === 'text' && typeof c.text === 'string')
            .map((c) => c.text as string)
            .join('');
          if (t) reasoningDelta(t);
        }
      }
    }
    if (typeof delta.refusal === 'string' && delta.refusal) {
      refusal = true;
      textDelta(delta.refusal);
    }
  };

  /** One decoded piece of the body: complete lines are read, the last partial one kept. */
  const feed = (piece: string) => {
    if (first) {
      first = false;
      if (piece.charCodeAt(0) === 0xfeff) piece = piece.slice(1);
    }
    let s = rest ? rest + piece : piece;
    if (s.includes('\r')) {
      // CR LF and a lone CR end lines too (a CR last may be half of a CR LF: kept).
      const tail = s.endsWith('\r') ? '\r' : '';
      s = (tail ? s.slice(0, -1) : s).replace(/\r\n?/g, '\n') + tail;
    }
    let start = 0;
    for (let nl = s.indexOf('\n'); nl !== -1; nl = s.indexOf('\n', start)) {
      if (nl === start) {
        if (dataLines) event(data);
        data = '';
        dataLines = 0;
      } else if (s.startsWith('data:', start)) {
        const v = s.slice(s.charCodeAt(start + 5) === 32 ? start + 6 : start + 5, nl);
        data = dataLines++ ? `${data}\n${v}` : v;
      }
      // Other fields (event, id, retry) and comments: the SDK reads only the data.
      start = nl + 1;
    }
    rest = start < s.length ? s.slice(start) : '';
  };

  const end = () => {
    close();
    let finishReason: LanguageModelV4FinishReason;
    if (rawFinish != null)
      finishReason = { unified: mapFinish(rawFinish, refusal), raw: rawFinish };
    else {
      finishReason = { unified: 'error', raw: undefined };
      if (!failed)
        put({
          type: 'error',
          error: new Error('Response stream ended without a finish reason.'),
        });
    }
    put({
      type: 'finish',
      finishReason,
      usage: convertUsage(usage),
      providerMetadata: { [metadataKey]: {} },
    });
  };

  return new ReadableStream<LanguageModelV4StreamPart>({
    start(c) {
      out = c;
      c.enqueue({ type: 'stream-start', warnings });
    },
    // One pull per read asked for: it reads the body until it has a part to give (a piece of
    // the body may hold no whole event).
    async pull(c) {
      const before = given;
      do {
        let r: { done?: boolean; value?: Uint8Array };
        try {
          r = await reader.read();
        } catch (e) {
          c.error(readError(e, slot));
          return;
        }
        if (r.done) {
          // An event without its closing blank line is dropped, as the SDK's parser does.
          end();
          c.close();
          return;
        }
        feed(decoder.decode(r.value!, { stream: true }));
      } while (given === before);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
