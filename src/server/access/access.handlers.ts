import type { Handlers } from '../rpc/handler-types.ts';
import type { Services } from '../services.ts';

export const accessHandlers = (
  s: Services,
): Handlers<'GetFriendEmails' | 'AddEmailToFriend' | 'DeleteEmail' | 'GetEmailComplete'> => ({
  GetFriendEmails: (input, ctx) => s.access.getFriendEmails(input, ctx),
  AddEmailToFriend: (input, ctx) => s.access.addEmailToFriend(input, ctx),
  DeleteEmail: (input, ctx) => s.access.deleteEmail(input, ctx),
  GetEmailComplete: (input, ctx) => s.access.getEmailComplete(input, ctx),
});
