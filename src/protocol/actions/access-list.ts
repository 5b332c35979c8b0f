import { z } from 'zod';
import { defineAction } from '../action.ts';
import { Email, Flag, FriendId, FullName, IdentityEmail } from '../fields.ts';

export const FriendEmail = z.object({
  user: z.string(),
  fullname: z.string(),
  priv: z.number().int(),
});

export const accessListActions = {
  GetFriendEmails: defineAction({
    input: z.object({ email: IdentityEmail, friendid: FriendId }),
    output: z.object({ friendemails: z.array(FriendEmail) }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  /** Gives `user` access to the character, with edit rights when `editpriv` is 1. */
  AddEmailToFriend: defineAction({
    input: z.object({
      email: IdentityEmail,
      user: Email,
      fullname: FullName.optional().or(z.literal('')),
      friendid: FriendId,
      editpriv: Flag.default(0),
    }),
    output: z.object({ friendemails: z.array(FriendEmail) }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  /** Removes `user` from the list (editors), or the caller's own entry when `user` is absent. */
  DeleteEmail: defineAction({
    input: z.object({ email: IdentityEmail, friendid: FriendId, user: Email.optional() }),
    output: z.object({ friendemails: z.array(FriendEmail) }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  /**
   * Address suggestions for sharing, for creators: among the people they already share with
   * and those who share with them, the addresses that start with the text; and a registered
   * address once it is typed in full. Other users' addresses are never listed.
   */
  GetEmailComplete: defineAction({
    input: z.object({ email: z.string().trim().max(254) }),
    output: z.object({ emails: z.array(z.string()) }),
    access: 'user',
    identity: null,
    mutates: false,
  }),
};
