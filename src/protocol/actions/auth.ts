import { z } from 'zod';
import { defineAction } from '../action.ts';
import {
  Email,
  Flag,
  FriendId,
  FullName,
  IdentityEmail,
  Lang,
  Password,
  Token,
} from '../fields.ts';

export const authActions = {
  /**
   * E-mail step, link request, or password sign-in (spec part 1 §4).
   * - no password, sendlink 0: tells whether the address is known (Error 10 when not)
   * - sendlink 1 or an empty password: e-mails a sign-in link (`sent: 1`)
   * - a password: signs in and answers a session token
   */
  SendToken: defineAction({
    input: z.object({
      email: Email,
      password: Password.optional(),
      lang: Lang,
      friendid: z.union([FriendId, z.literal('')]).optional(),
      sendlink: Flag.optional(),
      /** The screen asked for the password field: an empty one means "send a link". */
      passwordmode: Flag.optional(),
    }),
    output: z.object({
      token: z.string().optional(),
      fullname: z.string().optional(),
      email: z.string().optional(),
      type: z.number().int().optional(),
      sent: z.number().int().optional(),
      haspassword: z.number().int().optional(),
    }),
    access: 'public',
    identity: null,
    mutates: true,
  }),
  /**
   * Checks a token: a sign-in link token (single use: it is consumed and a session begins)
   * or a session token (answered, but never made the browser's cookie). Without a token it
   * checks the caller's current session. `email` (from /main/{email}/{token}) must be the
   * link's owner.
   */
  CheckToken: defineAction({
    input: z.object({ token: Token.optional(), email: Email.optional(), lang: Lang }),
    output: z.object({
      fullname: z.string(),
      email: z.string(),
      token: z.string(),
      type: z.number().int(),
      friendid: z.string().optional(),
    }),
    access: 'public',
    identity: null,
    mutates: true,
  }),
  /** First-time registration: stores the name and e-mails a sign-in link (no session yet). */
  RegisterFullname: defineAction({
    input: z.object({
      email: Email,
      fullname: FullName,
      lang: Lang,
      friendid: z.union([FriendId, z.literal('')]).optional(),
    }),
    output: z.object({ sent: z.number().int() }),
    access: 'public',
    identity: null,
    mutates: true,
  }),
  /**
   * A one-time sign-in address for the caller, `/main/{email}/{token}` (the assistant
   * picker hands a session over with it): works once, within `minutes`.
   */
  CreateMainLink: defineAction({
    input: z.object({ email: IdentityEmail, lang: Lang }),
    output: z.object({ token: z.string(), url: z.string(), minutes: z.number().int() }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  /** Ends every session of the caller on every device, this one included. */
  SignOutEverywhere: defineAction({
    input: z.object({ email: IdentityEmail, lang: Lang }),
    output: z.object({ ended: z.number().int() }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  SignOut: defineAction({
    input: z.object({ email: z.string().max(254).optional() }),
    output: z.object({}),
    access: 'public',
    identity: null,
    mutates: true,
  }),
};
