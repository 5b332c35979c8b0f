import type { ChatEngine, EngineRequest, StreamHandlers } from '../ai/engine.ts';

/** A chat engine whose answer the caller drives step by step (tests and benches). */
export function steppedEngine() {
  let handlers!: StreamHandlers;
  let finish!: () => void;
  const engine = {
    stream: (_req: EngineRequest, h: StreamHandlers) => {
      handlers = h;
      return new Promise((resolve) => {
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
  return { engine, step: () => handlers, finish: () => finish() };
}
