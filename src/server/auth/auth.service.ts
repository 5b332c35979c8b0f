import { AUTH } from '../../protocol/constants.ts';
import { ErrorCode, type Lang } from '../../protocol/errors.ts';
import type { ParsedInput } from '../../protocol/registry.ts';
import type { Deps } from '../deps.ts';
import { AppError, refusal } from '../errors.ts';
import { hashToken, newToken, verifyPassword } from '../infra/secrets.ts';
import { signinLinkMail } from '../mail/templates.ts';
import { friendPriv } from '../friends/friend-access.ts';
import type { Repos } from '../repos.ts';
import { requireUser, type Ctx, type SessionUser } from '../rpc/context.ts';
import type { UserRow } from '../users/users.repo.ts';
import { passwordGuard } from './password-guard.ts';
import type { SessionCache } from './session-cache.ts';

const MIN15 = 15 * 60;
/** A /main/{email}/{token} address is for handing a session over now, not for keeping. */
const MAIN_LINK_TTL_MINUTES = 5;
/** Limits of ours: the spec leaves them to the server. */
export const LIMITS = {
  /** Per (address, client), so a stranger asking for links cannot use up the owner's. */
  linkPerEmailIp: { limit: 5, window: MIN15 },
  /** Per address from every client: bounds the mail an address can be sent. */
  linkPerEmail: { limit: 20, window: 60 * 60 },
  linkPerIp: { limit: 30, window: MIN15 },
  probePerIp: { limit: 120, window: MIN15 },
  registerPerIp: { limit: 10, window: 60 * 60 },
  badTokenPerIp: { limit: 30, window: MIN15 },
  /** One-time links a signed-in user makes for /main/{email}/{token}. */
  mainLinkPerUser: { limit: 20, window: MIN15 },
} as const;
// Password guesses have their own rules: see password-guard.ts.

export function toSessionUser(u: UserRow): SessionUser {
  return {
    id: u.id,
    email: u.email,
    fullname: u.fullname,
    usertype: u.usertype,
    canadd: u.canadd,
    imgedit: u.imgedit,
    globalpriv: u.globalpriv,
    lang: u.lang,
  };
}

export function authService(
  deps: Deps,
  repos: Pick<Repos, 'auth' | 'friends' | 'users'>,
  /** Who sessions are, kept per instance (none: every request reads the database). */
  cache?: SessionCache,
) {
  const { clock, limiter, mailer, config, log } = deps;
  const { auth: repo, users: usersR, friends: friendsR } = repos;
  const passwords = passwordGuard(limiter);

  /**
   * The character a link should lead to after sign-in: only one that exists and this user may
   * open, by its own spelling; any other id would end in "character not found" after signing in.
   */
  async function pendingFriend(user: UserRow, friendid: string | undefined) {
    if (!friendid) return null;
    const row = await friendsR.byFriendId(friendid);
    if (!row || (await friendPriv(friendsR, row.friend, toSessionUser(user))) === 2) return null;
    return row.friend.friendid;
  }

  async function limit(key: string, rule: { limit: number; window: number }) {
    const d = await limiter.hit(key, rule.limit, rule.window);
    if (!d.allowed)
      throw new AppError(ErrorCode.RATE_LIMITED, undefined, { retryAfter: d.retryAfter });
  }

  async function startSession(user: UserRow, ctx: Ctx) {
    const token = newToken();
    const expiresAt = new Date(clock.now().getTime() + AUTH.sessionTtlDays * 86400_000);
    await repo.createSession(user.id, hashToken(token), expiresAt);
    ctx.session.begin(token, expiresAt);
    deps.domain.emit('user.signed-in', { userId: user.id, at: clock.now().toISOString() });
    return token;
  }

  async function sendLink(user: UserRow, lang: Lang, friendid: string | undefined, ctx: Ctx) {
    await limit(`link:ip:${ctx.ip}`, LIMITS.linkPerIp);
    await limit(`link:email-ip:${user.email}|${ctx.ip}`, LIMITS.linkPerEmailIp);
    await limit(`link:email:${user.email}`, LIMITS.linkPerEmail);
    const token = newToken();
    const expiresAt = new Date(clock.now().getTime() + AUTH.linkTtlMinutes * 60_000);
    friendid = (await pendingFriend(user, friendid)) ?? undefined;
    await repo.createLink(user.id, hashToken(token), friendid ?? null, expiresAt);
    const link = `${config.publicUrl}/login/${token}${friendid ? `/friend/${friendid}` : ''}`;
    await mailer.send(
      signinLinkMail({
        to: user.email,
        fullname: user.fullname,
        link,
        lang,
        ttlMinutes: AUTH.linkTtlMinutes,
      }),
    );
    if (config.logSigninLinks) log.info({ email: user.email, link }, 'sign-in link');
  }

  const userAnswer = (u: UserRow, token: string) => ({
    fullname: u.fullname,
    email: u.email,
    token,
    type: u.usertype,
  });

  return {
    async sendToken(input: ParsedInput<'SendToken'>, ctx: Ctx) {
      await limit(`probe:ip:${ctx.ip}`, LIMITS.probePerIp);
      const user = await usersR.byEmail(input.email);
      if (!user) throw new AppError(ErrorCode.FIRST_TIME);
      const lang = input.lang ?? (user.lang as Lang);
      const haspassword = user.passwordHash ? 1 : 0;

      if (input.password) {
        const password = input.password;
        const hash = user.passwordHash;
        await passwords.attempt(user.email, ctx.ip, async () =>
          hash ? verifyPassword(password, hash) : false,
        );
        const token = await startSession(user, ctx);
        return { ...userAnswer(user, token), haspassword };
      }
      if (input.sendlink === 1 || input.passwordmode === 1) {
        await sendLink(user, lang, input.friendid, ctx);
        return { sent: 1, haspassword };
      }
      return { haspassword };
    },

    async registerFullname(input: ParsedInput<'RegisterFullname'>, ctx: Ctx) {
      await limit(`register:ip:${ctx.ip}`, LIMITS.registerPerIp);
      const lang = input.lang ?? ctx.lang;
      let user = await usersR.byEmail(input.email);
      if (!user) {
        user = await usersR.create({
          email: input.email,
          fullname: input.fullname,
          lang,
          imgcredit: config.STARTER_IMAGE_CREDITS,
        });
      } else if (!user.verifiedAt) {
        // Nobody has proven this address yet: the latest name wins until someone does.
        user = await usersR.update(user.id, { fullname: input.fullname, lang });
      }
      // A proven account keeps its name: whoever registers here only triggers a link to its owner.
      await sendLink(user, lang, input.friendid, ctx);
      return { sent: 1 };
    },

    async checkToken(input: ParsedInput<'CheckToken'>, ctx: Ctx) {
      if (!input.token) {
        if (!ctx.user) throw new AppError(ErrorCode.UNAUTHENTICATED);
        const user = await usersR.byId(ctx.user.id);
        if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED);
        return userAnswer(user, '');
      }
      const th = hashToken(input.token);
      const now = clock.now();
      const link = await repo.consumeLink(th, now);
      if (link) {
        let user = await usersR.byId(link.userId);
        // /main/{email}/{token}: a link for someone else is a wrong address, and used up.
        if (!user || (input.email && input.email !== user.email)) {
          throw new AppError(ErrorCode.LINK_INVALID);
        }
        if (!user.verifiedAt) user = await usersR.update(user.id, { verifiedAt: now });
        const token = await startSession(user, ctx);
        return {
          ...userAnswer(user, token),
          ...(link.friendid ? { friendid: link.friendid } : {}),
        };
      }
      const session = await repo.findSession(th, now);
      if (session) {
        // API clients may check a session token, but a token that came in a request body
        // (a URL, say) never becomes this browser's cookie: that would sign the visitor
        // into someone else's account (login CSRF, session fixation).
        return userAnswer(session.user, input.token);
      }
      await limit(`badtoken:ip:${ctx.ip}`, LIMITS.badTokenPerIp);
      throw new AppError(ErrorCode.LINK_INVALID);
    },

    /**
     * A one-time sign-in address for this user, `/main/{email}/{token}` (spec part 1 §2, the
     * assistant picker): it works once, within a few minutes, like an e-mailed link.
     */
    async createMainLink(ctx: Ctx) {
      const me = requireUser(ctx);
      await limit(`mainlink:user:${me.id}`, LIMITS.mainLinkPerUser);
      const token = newToken();
      const expiresAt = new Date(clock.now().getTime() + MAIN_LINK_TTL_MINUTES * 60_000);
      await repo.createLink(me.id, hashToken(token), null, expiresAt);
      const url = `${config.publicUrl}/main/${encodeURIComponent(me.email)}/${token}`;
      return { token, url, minutes: MAIN_LINK_TTL_MINUTES };
    },

    async signOut(ctx: Ctx) {
      if (ctx.sessionHash) await repo.deleteSession(ctx.sessionHash);
      ctx.session.end();
      return {};
    },

    /** Ends every session of the caller, this one included (a lost phone, a shared computer). */
    async signOutEverywhere(ctx: Ctx) {
      const me = requireUser(ctx);
      const ended = await repo.deleteSessionsOf(me.id, null);
      ctx.session.end();
      return { ended };
    },

    /** The user behind a session token, or null. */
    async userForToken(token: string): Promise<{ user: SessionUser; hash: string } | null> {
      const hash = hashToken(token);
      const read = async () => {
        const row = await repo.findSession(hash, clock.now());
        return row && { user: toSessionUser(row.user), expiresAt: row.expiresAt };
      };
      const user = cache ? await cache.lookup(hash, read) : ((await read())?.user ?? null);
      return user ? { user, hash } : null;
    },

    async googleSignIn(idToken: string, ctx: Ctx) {
      if (!deps.google) throw refusal(ErrorCode.NOT_CONFIGURED, 'googleNotConfigured');
      await limit(`google:ip:${ctx.ip}`, LIMITS.linkPerIp);
      let identity;
      try {
        identity = await deps.google.verify(idToken);
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'google id token refused');
        throw refusal(ErrorCode.UNAUTHENTICATED, 'googleInvalid');
      }
      let user = await usersR.byEmail(identity.email);
      const now = clock.now();
      if (!user) {
        user = await usersR.create({
          email: identity.email,
          fullname: identity.name,
          lang: ctx.lang,
          verifiedAt: now,
          imgcredit: config.STARTER_IMAGE_CREDITS,
        });
      } else if (!user.verifiedAt) {
        user = await usersR.update(user.id, {
          verifiedAt: now,
          fullname: user.fullname || identity.name,
        });
      }
      const token = await startSession(user, ctx);
      return userAnswer(user, token);
    },

    /** Forgets expired sessions and dead links. */
    async sweep() {
      await repo.sweep(clock.now());
    },
  };
}
