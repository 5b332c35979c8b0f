import type { Handlers } from '../rpc/handler-types.ts';
import type { Services } from '../services.ts';

export const memoryHandlers = (
  s: Services,
): Handlers<'GetMemoryFacts' | 'SetMemoryFact' | 'DelMemoryFact'> => ({
  GetMemoryFacts: (input, ctx) => s.memoryFacts.list(input, ctx),
  SetMemoryFact: (input, ctx) => s.memoryFacts.correct(input, ctx),
  DelMemoryFact: (input, ctx) => s.memoryFacts.remove(input, ctx),
});
