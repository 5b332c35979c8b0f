import type { Handlers } from '../rpc/handler-types.ts';
import type { Services } from '../services.ts';

type GroupActions =
  | 'MultiChatAsk'
  | 'FollowMultiChat'
  | 'RetrieveMultiConversaion'
  | 'ResetMultiConversation'
  | 'RewindMultiConversation'
  | 'RetryMultiChatAnswer';

export const groupHandlers = (s: Services): Handlers<GroupActions> => ({
  MultiChatAsk: (input, ctx) => s.group.ask(input, ctx),
  FollowMultiChat: (input, ctx) => s.group.follow(input, ctx),
  RetrieveMultiConversaion: (input, ctx) => s.group.retrieve(input, ctx),
  ResetMultiConversation: (input, ctx) => s.group.reset(input, ctx),
  RewindMultiConversation: (input, ctx) => s.group.rewind(input, ctx),
  RetryMultiChatAnswer: (input, ctx) => s.group.retry(input, ctx),
});
