import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../protocol/errors.ts';
import { newToken } from '../infra/secrets.ts';
import { msg } from '../wording.ts';
import type { Ctx, SessionPort } from '../rpc/context.ts';
import {
  failure,
  identityMismatch,
  pickLang,
  resolveCaller,
  type RpcResult,
} from '../rpc/dispatcher.ts';
import { cleanStrings } from '../rpc/input-text.ts';
import type { Services } from '../services.ts';

export const SESSION_COOKIE = 'sid';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/**
 * Cookies are Secure when the public address is https, or when this request came over https
 * (also behind a proxy that says so in X-Forwarded-Proto, with TRUST_PROXY).
 */
function overHttps(request: FastifyRequest, publicHttps: boolean): boolean {
  return publicHttps || request.protocol === 'https';
}

/** What every route reads from a request (cookies, headers, client address, logger). */
export function requestInfo(request: FastifyRequest, reply: FastifyReply, httpsUrl: boolean) {
  const secure = overHttps(request, httpsUrl);
  const auth = request.headers.authorization;
  const bearer = auth?.startsWith('Bearer ') ? auth.slice(7).trim() || null : null;
  const cookieToken = request.cookies[SESSION_COOKIE] || null;
  const xsrfCookie = request.cookies[XSRF_COOKIE];
  const xsrfHeader = request.headers[XSRF_HEADER];
  const session: SessionPort = {
    begin(token, expiresAt) {
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        expires: expiresAt,
      });
    },
    end() {
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    },
  };
  return {
    bearer,
    cookieToken,
    xsrfOk: !!xsrfCookie && typeof xsrfHeader === 'string' && xsrfHeader === xsrfCookie,
    ip: request.ip,
    acceptLanguage: request.headers['accept-language'] ?? '',
    host: request.hostname,
    log: request.log,
    session,
  };
}

/**
 * Double submit: the XSRF cookie is readable by our page only, which copies it into a header.
 * A caller that signs its requests with `Authorization: Bearer` uses no cookies (and needs no
 * XSRF check): it is given none.
 */
export function ensureXsrfCookie(request: FastifyRequest, reply: FastifyReply, httpsUrl: boolean) {
  if (request.headers.authorization?.startsWith('Bearer ')) return;
  const secure = overHttps(request, httpsUrl);
  if (!request.cookies[XSRF_COOKIE]) {
    reply.setCookie(XSRF_COOKIE, newToken(), {
      path: '/',
      httpOnly: false,
      sameSite: 'lax',
      secure,
    });
  }
}

/**
 * The service context for a direct endpoint, authenticated like /api. `readOnly` GETs skip
 * the XSRF check; `identity` is an e-mail the body echoes (refused unless it is the caller's).
 * A NUL in a JSON body is refused here, and its other control characters removed
 * (rpc/input-text.ts), as the dispatcher does for actions.
 */
export async function callerContext(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: {
    secure: boolean;
    rawLang?: unknown;
    identity?: unknown;
    readOnly?: boolean;
    required?: boolean;
  },
): Promise<{ ctx: Ctx } | { fail: RpcResult }> {
  const info = requestInfo(request, reply, opts.secure);
  let lang = pickLang(opts.rawLang, null, info.acceptLanguage);
  const caller = await resolveCaller(services, { ...info, xsrfOk: info.xsrfOk || !!opts.readOnly });
  if ('error' in caller) return { fail: failure(caller.error, lang) };
  lang = pickLang(opts.rawLang, caller.user, info.acceptLanguage);
  if (opts.required !== false && !caller.user) {
    return { fail: failure(ErrorCode.UNAUTHENTICATED, lang) };
  }
  // A JSON body is cleaned as an action's input is (multipart forms by their reader).
  const body: unknown = request.body;
  const nul = typeof body === 'object' && body !== null ? cleanStrings(body) : null;
  if (nul) {
    return {
      fail: failure(ErrorCode.BAD_INPUT, lang, msg('inputNul', lang, { field: nul.nulAt })),
    };
  }
  if (caller.user && identityMismatch(opts.identity, caller.user)) {
    return { fail: failure(ErrorCode.IDENTITY_MISMATCH, lang) };
  }
  return { ctx: { ...info, user: caller.user, sessionHash: caller.sessionHash, lang } };
}
