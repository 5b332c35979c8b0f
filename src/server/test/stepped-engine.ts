import type { ChatEngine, EngineRequest, StreamHandlers } from '../ai/engine.ts';

/**
 * A chat engine whose answer the caller drives step by step (tests and benches). Like the real
 * engine, it gives up with the signal's reason when the request's signal aborts.
 */
export function steppedEngine() {
  let handlers!: StreamHandlers;
  let finish!: () => void;
  let request: EngineRequest | undefined;
  const engine = {
    stream: (req: EngineRequest, h: StreamHandlers) => {
      handlers = h;
      request = req;
      return new Promise((resolve, reject) => {
        req.signal?.addEventListener('abort', () => reject(req.signal!.reason));
        finish = () =>
          resolve({
            text: '',
            model: 'm',
            offline: false,
            usage: { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 },
          });
      });
    },
  } as unknown as ChatEngine;
  return {
    engine,
    step: () => handlers,
    finish: () => finish(),
    /** Whether the running call's signal was aborted. */
    aborted: () => request?.signal?.aborted ?? false,
  };
}
