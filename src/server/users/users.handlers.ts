import type { Handlers } from '../rpc/handler-types.ts';
import type { Services } from '../services.ts';

export const usersHandlers = (
  s: Services,
): Handlers<
  | 'CheckEmail'
  | 'GetSetUserData'
  | 'AllowAdd'
  | 'GetGlobalPriv'
  | 'ChkImgPermission'
  | 'GetLangFromIP'
> => ({
  CheckEmail: (_input, ctx) => s.users.checkEmail(ctx),
  GetSetUserData: (input, ctx) => s.users.getSetUserData(input, ctx),
  AllowAdd: (_input, ctx) => s.users.allowAdd(ctx),
  GetGlobalPriv: (_input, ctx) => s.users.globalPriv(ctx),
  ChkImgPermission: (_input, ctx) => s.users.chkImgPermission(ctx),
  GetLangFromIP: (_input, ctx) => s.users.langFromRequest(ctx),
});
