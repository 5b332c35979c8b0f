import type { Handlers } from '../rpc/handler-types.ts';
import type { Services } from '../services.ts';

export const authHandlers = (
  s: Services,
): Handlers<
  | 'SendToken'
  | 'CheckToken'
  | 'RegisterFullname'
  | 'SignOut'
  | 'CreateMainLink'
  | 'SignOutEverywhere'
> => ({
  SendToken: (input, ctx) => s.auth.sendToken(input, ctx),
  CheckToken: (input, ctx) => s.auth.checkToken(input, ctx),
  RegisterFullname: (input, ctx) => s.auth.registerFullname(input, ctx),
  SignOut: (_input, ctx) => s.auth.signOut(ctx),
  CreateMainLink: (_input, ctx) => s.auth.createMainLink(ctx),
  SignOutEverywhere: (_input, ctx) => s.auth.signOutEverywhere(ctx),
});
