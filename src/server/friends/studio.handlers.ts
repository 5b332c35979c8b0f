import type { Handlers } from '../rpc/handler-types.ts';
import type { Services } from '../services.ts';

export const studioHandlers = (
  s: Services,
): Handlers<
  | 'UniqueFriendId'
  | 'FriendExists'
  | 'SetFriendDetails'
  | 'UpdateFriendDetails'
  | 'DeleteFriend'
  | 'CheckEditPriv'
> => ({
  UniqueFriendId: (input) => s.studio.uniqueFriendId(input),
  FriendExists: (input, ctx) => s.studio.friendExists(input, ctx),
  SetFriendDetails: (input, ctx) => s.studio.setFriendDetails(input, ctx),
  UpdateFriendDetails: (input, ctx) => s.studio.updateFriendDetails(input, ctx),
  DeleteFriend: (input, ctx) => s.studio.deleteFriend(input, ctx),
  CheckEditPriv: (input, ctx) => s.studio.checkEditPriv(input, ctx),
});
