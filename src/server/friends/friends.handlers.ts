import type { Handlers } from '../rpc/handler-types.ts';
import type { Services } from '../services.ts';

export const friendsHandlers = (
  s: Services,
): Handlers<
  'GetCategories' | 'GetFriends' | 'GetFriendDetails' | 'GetHeliconAssistants' | 'ModelsList'
> => ({
  GetCategories: (input, ctx) => s.categories.getCategories(input, ctx),
  GetFriends: (input, ctx) => s.friends.getFriends(input, ctx),
  GetFriendDetails: (input, ctx) => s.friends.getFriendDetails(input, ctx),
  GetHeliconAssistants: (input, ctx) => s.friends.heliconAssistants(input, ctx),
  ModelsList: () => s.friends.modelsList(),
});
