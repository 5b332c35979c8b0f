import type { Handlers } from '../rpc/handler-types.ts';
import type { Services } from '../services.ts';

type HistoryActions = 'GetAllChatEmails' | 'GetFriendsChatsForEmail' | 'GetChatHistory';

export const historyHandlers = (s: Services): Handlers<HistoryActions> => ({
  GetAllChatEmails: (input, ctx) => s.history.emails(input, ctx),
  GetFriendsChatsForEmail: (input, ctx) => s.history.friendsFor(input, ctx),
  GetChatHistory: (input, ctx) => s.history.conversation(input, ctx),
});
