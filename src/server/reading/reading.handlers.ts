import type { Handlers } from '../rpc/handler-types.ts';
import type { Services } from '../services.ts';

export const readingHandlers = (
  s: Services,
): Handlers<'GetSetCitations' | 'GetSetHorizon' | 'GetSetFileChapters'> => ({
  GetSetCitations: (input, ctx) => s.reading.citations(input, ctx),
  GetSetHorizon: (input, ctx) => s.reading.horizon(input, ctx),
  GetSetFileChapters: (input, ctx) => s.fileChapters.getSet(input, ctx),
});
