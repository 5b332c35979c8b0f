import { AUTH, DEFAULT_CURRENCY } from '../../protocol/constants.ts';
import { ErrorCode } from '../../protocol/errors.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { AppError, refusal } from '../errors.ts';
import { hashPassword } from '../infra/secrets.ts';
import { msg } from '../wording.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx } from '../rpc/context.ts';
import { countryOf } from './country.ts';
import type { UserPatch, UserRow } from './users.repo.ts';

const fmt = (d: Date | null) => (d ? d.toISOString().slice(0, 19).replace('T', ' ') : '');

export function usersService(deps: Pick<Deps, 'credits'>, repos: Pick<Repos, 'auth' | 'users'>) {
  const { users: repo, auth: sessions } = repos;

  async function current(ctx: Ctx): Promise<UserRow> {
    const me = requireUser(ctx);
    const row = await repo.byId(me.id);
    if (!row) throw new AppError(ErrorCode.UNAUTHENTICATED);
    return row;
  }

  async function userData(u: UserRow) {
    return {
      email: u.email,
      fullname: u.fullname,
      notes: u.notes,
      credits: u.credits,
      created: await repo.countOwnedFriends(u.id),
      imgcredit: u.imgcredit,
      // Image records arrive with the image-creation capability; until then none exist.
      imgcreated: 0,
      autoread: u.autoread,
      monthly: u.monthly,
      duedate: fmt(u.duedate),
      type: u.usertype,
      haspassword: u.passwordHash ? 1 : 0,
      lang: u.lang,
    };
  }

  return {
    async checkEmail(ctx: Ctx) {
      const u = await current(ctx);
      return { fullname: u.fullname, type: u.usertype };
    },

    async getSetUserData(input: ParsedInput<'GetSetUserData'>, ctx: Ctx) {
      // A new user's free allowance shows in the profile before their first turn.
      await deps.credits.ensureAllowance(requireUser(ctx).id);
      let u = await current(ctx);
      const patch: UserPatch = {};
      if (input.fullname !== undefined) patch.fullname = input.fullname;
      if (input.autoread !== undefined) patch.autoread = input.autoread;
      if (input.notes !== undefined) patch.notes = input.notes;
      if (input.lang !== undefined) patch.lang = input.lang;
      if (input.password) {
        if (input.password.length < AUTH.passwordMinLength) {
          throw refusal(ErrorCode.BAD_INPUT, 'passwordTooShort');
        }
        patch.passwordHash = await hashPassword(input.password);
      }
      if (Object.keys(patch).length > 0) u = await repo.update(u.id, patch);
      if (!patch.passwordHash) return userData(u);
      // Whoever knew the old password may hold a session: only this one survives the change.
      const sessionsended = await sessions.deleteSessionsOf(u.id, ctx.sessionHash);
      return {
        ...(await userData(u)),
        sessionsended,
        message: msg('passwordChanged', ctx.lang, { n: String(sessionsended) }),
      };
    },

    async allowAdd(ctx: Ctx) {
      const u = await current(ctx);
      return { canadd: u.canadd ? 1 : 0, imgedit: u.imgedit ? 1 : 0 };
    },

    async globalPriv(ctx: Ctx) {
      const u = await current(ctx);
      return { priv: u.globalpriv ? 1 : 0 };
    },

    async chkImgPermission(ctx: Ctx) {
      const u = await current(ctx);
      if (!u.imgedit) throw refusal(ErrorCode.FORBIDDEN, 'noImagePermission');
      return {};
    },

    /**
     * No network-address database ships with the app, so the browser's own language list
     * decides (see docs/decisions.md); nothing recognised answers null, and the client
     * falls back to he / ILS.
     */
    /**
     * The first visit's language and currency from the caller's address (spec: GetLangFromIP),
     * looked up in an offline country database: Israel is Hebrew and shekels, another known
     * country English and dollars; unknown, private or loopback is null (the client then keeps
     * Hebrew). Never the browser's languages: those are for the screen the caller is on.
     */
    async langFromRequest(ctx: Ctx) {
      let country: string | null = null;
      try {
        country = await countryOf(ctx.ip);
      } catch (err) {
        ctx.log.warn({ err }, 'the country database could not be read');
      }
      if (!country) return { lang: null, currencycode: null };
      const he = country === 'IL';
      return { lang: he ? 'he' : 'en', currencycode: he ? DEFAULT_CURRENCY : 'USD' };
    },
  };
}
