import { z } from 'zod';
import { defineAction } from '../action.ts';
import { Flag, FullName, IdentityEmail, Lang, Notes, Password } from '../fields.ts';
import { UserData } from '../entities.ts';

export const userActions = {
  CheckEmail: defineAction({
    input: z.object({ email: IdentityEmail, token: z.string().max(200).optional() }),
    output: z.object({ fullname: z.string(), type: z.number().int() }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  /** Reads the user's data; saves whichever of fullname, password, autoread, notes, lang is sent. */
  GetSetUserData: defineAction({
    input: z.object({
      email: IdentityEmail,
      fullname: FullName.optional(),
      /** An empty string keeps the current password. */
      password: Password.optional(),
      autoread: Flag.optional(),
      notes: Notes.optional(),
      /** Server-controlled (subscriptions); accepted for spec compatibility and ignored. */
      monthly: Flag.optional(),
      lang: Lang,
    }),
    output: UserData.extend({
      /** After a password change: the caller's other sessions that were ended, and a note saying so. */
      sessionsended: z.number().int().optional(),
      message: z.string().optional(),
    }),
    access: 'user',
    identity: 'email',
    mutates: true,
  }),
  AllowAdd: defineAction({
    input: z.object({ email: IdentityEmail }),
    output: z.object({ canadd: z.number().int(), imgedit: z.number().int() }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  GetGlobalPriv: defineAction({
    input: z.object({ email: IdentityEmail }),
    output: z.object({ priv: z.number().int() }),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  /** Error 0 when the caller may create images, FORBIDDEN otherwise. */
  ChkImgPermission: defineAction({
    input: z.object({ email: IdentityEmail }),
    output: z.object({}),
    access: 'user',
    identity: 'email',
    mutates: false,
  }),
  /** Language and currency for a first visit (from the browser's languages, see docs). */
  GetLangFromIP: defineAction({
    input: z.object({}),
    output: z.object({ lang: z.string().nullable(), currencycode: z.string().nullable() }),
    access: 'public',
    identity: null,
    mutates: false,
  }),
};
