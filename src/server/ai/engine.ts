import type { LanguageModelV4Prompt, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { APICallError, generateText, NoObjectGeneratedError, Output } from 'ai';
import type { z } from 'zod';
import type { Log } from '../rpc/context.ts';
import { offlineAnswer, type OfflineMaterial } from './offline.ts';
import type { ModelResolver } from './providers.ts';
import { fenced, sdkUsage } from './structured.ts';
import { estimateTokens } from './tokens.ts';

export interface EngineMessage {
  role: 'user' | 'assistant';
  content: string;
  /** A pasted image as a data URL (vision models). */
  image?: string | null;
}

export interface EngineRequest {
  /** The character's model, `auto`, or null. */
  model: string | null;
  system: string;
  messages: EngineMessage[];
  /** 0..1 */
  temperature?: number;
  /** 0..1 */
  topP?: number;
  maxOutputTokens?: number;
  signal?: AbortSignal;
  /** What the offline model may answer from. */
  offline: OfflineMaterial;
}

export interface EngineUsage {
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
}

export interface EngineResult {
  text: string;
  model: string;
  offline: boolean;
  usage: EngineUsage;
}

/** A structured answer (engine.object): the value the schema accepted. */
export interface EngineObject<T> {
  value: T;
  model: string;
  usage: EngineUsage;
}

/** What engine.object asks: a request without offline material (offline there is no model). */
export type EngineObjectRequest = Omit<EngineRequest, 'offline'>;

export interface StreamHandlers {
  onDelta(text: string): void;
  /** A retry after part of an answer arrived: what was shown so far is void. */
  onRestart?(): void;
}

export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  /** Abort an attempt when no text arrives for this long after the first token. */
  idleTimeoutMs: number;
  /** Abort an attempt whose first token takes longer than this (default: idleTimeoutMs). */
  firstTokenTimeoutMs?: number;
  /** The whole reply, every attempt and pause included; past it the reply fails for good. */
  totalTimeoutMs?: number;
}

/** Told of each model call attempt, for the metrics (ops/metrics.ts); the offline model is not. */
export interface EngineObserver {
  /** Seconds from the call to its first token. */
  firstToken(provider: string, seconds: number): void;
  /** An attempt failed: `timeout`, `http_4xx`, `http_5xx`, `network` (a cut stream too) or `unusable` (a structured answer that did not fit its schema). */
  error(provider: string, reason: string): void;
}

/** Why an attempt failed, in a few words a metric label can carry (a bounded set). */
function errorReason(err: unknown, timedOut: 'first' | 'idle' | null): string {
  if (timedOut) return 'timeout';
  const status = APICallError.isInstance(err) ? (err.statusCode ?? 0) : 0;
  if (status >= 500) return 'http_5xx';
  if (status >= 400) return 'http_4xx';
  // No answer, a cut stream, or a stream that broke after a 200.
  return 'network';
}

/** The defaults of MODEL_FIRST_TOKEN_SECONDS, MODEL_IDLE_SECONDS and MODEL_REPLY_SECONDS. */
export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 800,
  firstTokenTimeoutMs: 20_000,
  idleTimeoutMs: 30_000,
  totalTimeoutMs: 180_000,
};

/** The policy the configuration asks for. */
export function retryPolicyFromConfig(config: {
  MODEL_FIRST_TOKEN_SECONDS: number;
  MODEL_IDLE_SECONDS: number;
  MODEL_REPLY_SECONDS: number;
}): RetryPolicy {
  return {
    ...DEFAULT_RETRY,
    firstTokenTimeoutMs: config.MODEL_FIRST_TOKEN_SECONDS * 1000,
    idleTimeoutMs: config.MODEL_IDLE_SECONDS * 1000,
    totalTimeoutMs: config.MODEL_REPLY_SECONDS * 1000,
  };
}

export class EngineError extends Error {
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.retryable = retryable;
  }
}

/**
 * The caller stopped the answer (`signal` aborted). Providers report usage only at the end of
 * a stream, so `used` is estimated: the whole prompt was read, and the text received so far
 * was written (a provider stops generating when the connection closes).
 */
export class EngineStopped extends Error {
  readonly used: EngineResult;
  constructor(used: EngineResult, options?: { cause?: unknown }) {
    super('the answer was stopped', options);
    this.used = used;
  }
}

/** What a stopped call used, by estimate (see EngineStopped). */
function usedSoFar(req: EngineRequest, model: string, offline: boolean, text: string) {
  const prompt = [req.system, ...req.messages.map((m) => m.content)].join('\n');
  return {
    text,
    model,
    offline,
    usage: {
      inputTokens: offline ? 0 : estimateTokens(prompt),
      cachedInputTokens: 0,
      outputTokens: estimateTokens(text),
    },
  };
}

function classify(err: unknown, timedOut: 'first' | 'idle' | null): EngineError {
  if (err instanceof EngineError) return err;
  if (timedOut === 'first')
    return new EngineError('the model did not start answering (timeout)', true, { cause: err });
  if (timedOut)
    return new EngineError('the model stopped answering (timeout)', true, { cause: err });
  if (APICallError.isInstance(err)) {
    const s = err.statusCode ?? 0;
    const retryable = s === 408 || s === 409 || s === 429 || s >= 500 || err.isRetryable;
    return new EngineError(`the model provider answered ${s || 'an error'}`, retryable, {
      cause: err,
    });
  }
  // Network failures and cut streams.
  return new EngineError(err instanceof Error ? err.message : String(err), true, { cause: err });
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason);
    });
  });

/**
 * The prompt in the AI SDK's provider format (what streamText would hand the provider): the
 * system text, then the turns; a user's picture (a data: URL) goes as a file part first.
 */
function toPrompt(system: string, messages: EngineMessage[]): LanguageModelV4Prompt {
  const prompt: LanguageModelV4Prompt = system ? [{ role: 'system', content: system }] : [];
  for (const m of messages) {
    const text = { type: 'text' as const, text: m.content };
    if (m.role === 'assistant') {
      prompt.push({ role: 'assistant', content: [text] });
      continue;
    }
    const image = m.image ? /^data:([^;,]+);base64,(.*)$/s.exec(m.image) : null;
    prompt.push({
      role: 'user',
      content: image
        ? [{ type: 'file', mediaType: image[1]!, data: { type: 'data', data: image[2]! } }, text]
        : [text],
    });
  }
  return prompt;
}

/**
 * Talks to the configured models through the AI SDK, with our own retries: an attempt that
 * fails before or during the answer (rate limit, 5xx, timeout, a cut stream) is tried again
 * with backoff; the caller is told to drop what it had shown.
 */
export function createEngine(
  resolver: ModelResolver,
  log: Log,
  retry: RetryPolicy = DEFAULT_RETRY,
  observer?: EngineObserver,
) {
  async function attempt(req: EngineRequest, h: StreamHandlers): Promise<EngineResult> {
    const resolved = resolver.resolve(req.model);
    if (resolved.fellBack && req.model && req.model !== 'auto') {
      log.warn(
        { requested: req.model, using: resolved.name },
        'model not available, using the default',
      );
    }
    if (!resolved.model)
      return offlineAnswer(req.offline, req.messages.at(-1)?.content ?? '', h, req.signal);

    const controller = new AbortController();
    const onAbort = () => controller.abort(req.signal?.reason);
    req.signal?.addEventListener('abort', onAbort);
    let timedOut: 'first' | 'idle' | null = null;
    let timer: NodeJS.Timeout | undefined;
    let waiting: 'first' | 'idle' | null = null;
    // A hung provider is caught early: the first token has its own (shorter) limit, then
    // each gap between tokens has the idle limit. Within the gaps one timer is restarted
    // (refresh) rather than a new one made per token.
    const arm = (which: 'first' | 'idle') => {
      if (which === waiting) return void timer!.refresh();
      waiting = which;
      clearTimeout(timer);
      const ms =
        which === 'first'
          ? (retry.firstTokenTimeoutMs ?? retry.idleTimeoutMs)
          : retry.idleTimeoutMs;
      timer = setTimeout(() => {
        timedOut = which;
        controller.abort(new Error(`${which} token timeout`));
      }, ms);
    };
    let text = '';
    let reader: ReadableStreamDefaultReader<LanguageModelV4StreamPart> | undefined;
    const started = performance.now();
    try {
      arm('first');
      // The provider's own stream (the AI SDK's model interface), without streamText's
      // layers on top: they cost about three times the CPU per token and 4 ms per call, and
      // one text answer with no tools needs none of them (issue 17).
      const { stream } = await resolved.model.doStream({
        prompt: toPrompt(req.system, req.messages),
        temperature: req.temperature,
        topP: req.topP,
        maxOutputTokens: req.maxOutputTokens,
        abortSignal: controller.signal,
      });
      let usage: EngineUsage = { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 };
      let finished = false;
      reader = stream.getReader();
      for (;;) {
        const { done, value: part } = await reader.read();
        if (done) break;
        if (waiting === 'first' && (part.type === 'text-delta' || part.type === 'reasoning-delta'))
          observer?.firstToken(resolved.provider, (performance.now() - started) / 1000);
        if (part.type === 'reasoning-delta') {
          // A reasoning model thinking out loud is working, not hung.
          arm('idle');
        } else if (part.type === 'text-delta') {
          arm('idle');
          text += part.delta;
          h.onDelta(part.delta);
        } else if (part.type === 'error') {
          throw part.error;
        } else if (part.type === 'finish') {
          finished = true;
          const u = part.usage;
          usage = {
            inputTokens: Math.round(u.inputTokens.total ?? 0),
            cachedInputTokens: Math.round(u.inputTokens.cacheRead ?? 0),
            outputTokens: Math.round(u.outputTokens.total ?? 0),
          };
          if (part.finishReason.unified === 'error') throw new Error('the answer was cut off');
        }
      }
      reader = undefined;
      if (!finished) throw new Error('the answer stream ended early');
      return { text, model: resolved.name, offline: false, usage };
    } catch (err) {
      if (req.signal?.aborted) throw err;
      observer?.error(resolved.provider, errorReason(err, timedOut));
      const e = classify(err, timedOut);
      (e as EngineError & { partial?: boolean }).partial = text.length > 0;
      throw e;
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
      // Left early (an error part, a cut-off): the provider's stream and its request end.
      reader?.cancel().catch(() => {});
    }
  }

  /** Tries until an answer, a refusal, the last attempt, or the reply's total budget. */
  async function withRetries(req: EngineRequest, h: StreamHandlers): Promise<EngineResult> {
    for (let i = 1; ; i++) {
      try {
        return await attempt(req, h);
      } catch (err) {
        const e = err as EngineError & { partial?: boolean };
        if (
          req.signal?.aborted ||
          !(e instanceof EngineError) ||
          !e.retryable ||
          i >= retry.attempts
        )
          throw err;
        log.warn({ attempt: i, err: e.message }, 'model call failed, retrying');
        if (e.partial) h.onRestart?.();
        await sleep(retry.baseDelayMs * 2 ** (i - 1), req.signal);
      }
    }
  }

  /** The whole reply within MODEL_REPLY_SECONDS, every attempt and pause included. */
  async function withBudget(req: EngineRequest, h: StreamHandlers): Promise<EngineResult> {
    if (!retry.totalTimeoutMs) return withRetries(req, h);
    const total = new AbortController();
    const onAbort = () => total.abort(req.signal?.reason);
    if (req.signal?.aborted) onAbort();
    req.signal?.addEventListener('abort', onAbort);
    let overBudget = false;
    const timer = setTimeout(() => {
      overBudget = true;
      total.abort(new Error('reply timeout'));
    }, retry.totalTimeoutMs);
    try {
      return await withRetries({ ...req, signal: total.signal }, h);
    } catch (err) {
      if (overBudget) {
        throw new EngineError('the model took too long to answer', false, { cause: err });
      }
      throw err;
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    async stream(req: EngineRequest, h: StreamHandlers): Promise<EngineResult> {
      // The text of the current attempt, for what a stopped answer used.
      let text = '';
      const counted: StreamHandlers = {
        onDelta: (d) => {
          text += d;
          h.onDelta(d);
        },
        onRestart: () => {
          text = '';
          h.onRestart?.();
        },
      };
      try {
        return await withBudget(req, counted);
      } catch (err) {
        if (req.signal?.aborted && !(err instanceof EngineError)) {
          const r = resolver.resolve(req.model);
          throw new EngineStopped(usedSoFar(req, r.name, !r.model, text), { cause: err });
        }
        throw err;
      }
    },
    /** The whole answer at once (summaries, a character's memory text). */
    generate(req: EngineRequest): Promise<EngineResult> {
      return this.stream(req, { onDelta: () => {} });
    },
    /**
     * A structured answer through the AI SDK (`generateText` with `Output.object`): the schema
     * goes to the provider (its JSON mode where it has one) and the answer is validated by it,
     * with the SDK's own retries. Null offline: there is no model to ask. An answer that does
     * not fit the schema is an EngineError (retryable), never a silent null.
     */
    async object<T>(
      req: EngineObjectRequest,
      schema: z.ZodType<T>,
    ): Promise<EngineObject<T> | null> {
      const resolved = resolver.resolve(req.model);
      if (!resolved.model) return null;
      const budget = retry.totalTimeoutMs ? AbortSignal.timeout(retry.totalTimeoutMs) : undefined;
      const signal =
        req.signal && budget ? AbortSignal.any([req.signal, budget]) : (req.signal ?? budget);
      try {
        const r = await generateText({
          model: resolved.model,
          system: req.system,
          messages: req.messages.map((m) => ({ role: m.role, content: m.content })),
          temperature: req.temperature,
          topP: req.topP,
          maxOutputTokens: req.maxOutputTokens,
          abortSignal: signal,
          maxRetries: Math.max(0, retry.attempts - 1),
          output: Output.object({ schema }),
          // An OpenAI-compatible server gets the schema (structured outputs) without `strict`:
          // strict mode refuses a schema with optional fields (the memory's, a book's
          // characters), while vLLM, llama.cpp and Ollama constrain to the schema either way.
          // The answer is held to the schema here in both cases.
          providerOptions: { openaiCompatible: { strictJsonSchema: false } },
        });
        return {
          value: r.output,
          model: resolved.name,
          usage: sdkUsage(r.usage),
        };
      } catch (err) {
        if (req.signal?.aborted) throw err;
        if (NoObjectGeneratedError.isInstance(err)) {
          // Some models wrap the object in a Markdown fence even in JSON mode: unwrapped, it
          // is held to the same schema.
          const value = fenced(err.text, schema);
          if (value !== undefined)
            return { value, model: resolved.name, usage: sdkUsage(err.usage) };
          observer?.error(resolved.provider, 'unusable');
          throw new EngineError("the model's answer did not have the asked shape", true, {
            cause: err,
          });
        }
        observer?.error(resolved.provider, errorReason(err, null));
        if (budget?.aborted)
          throw new EngineError('the model took too long to answer', false, { cause: err });
        throw classify(err, null);
      }
    },
    resolver,
  };
}

export type ChatEngine = ReturnType<typeof createEngine>;
