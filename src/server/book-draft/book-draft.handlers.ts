import type { Handlers } from '../rpc/handler-types.ts';
import type { Services } from '../services.ts';

export const bookDraftHandlers = (
  s: Services,
): Handlers<
  'FindBookCharacters' | 'DraftCharacterFromBook' | 'GetCharacterDraft' | 'CancelBookJob'
> => ({
  FindBookCharacters: (input, ctx) => s.bookDraft.findBookCharacters(input, ctx),
  DraftCharacterFromBook: (input, ctx) => s.bookDraft.draftCharacterFromBook(input, ctx),
  GetCharacterDraft: (input, ctx) => s.bookDraft.getCharacterDraft(input, ctx),
  CancelBookJob: (input, ctx) => s.bookDraft.cancelBookJob(input, ctx),
});
