import type { z } from 'zod';
import { DEFAULT_LANG, Priv, UserType } from '../../protocol/constants.ts';
import { ErrorCode, errorText, type Lang } from '../../protocol/errors.ts';
import { actions, isActionName, type ActionName } from '../../protocol/registry.ts';
import { AppError } from '../errors.ts';
import { msg } from '../wording.ts';
import type { Services } from '../services.ts';
import type { Ctx, Log, SessionPort, SessionUser } from './context.ts';
import type { HandlerMap } from './handler-types.ts';
import { describeIssues } from './describe-issues.ts';
import { cleanStrings } from './input-text.ts';
import { isStreaming, type Streaming } from './streaming.ts';

export interface RpcRequest {
  body: unknown;
  /** Bearer token from the Authorization header. */
  bearer: string | null;
  /** Session cookie, and whether the double-submit XSRF check passed for it. */
  cookieToken: string | null;
  xsrfOk: boolean;
  ip: string;
  /** The client asked for Server-Sent Events. */
  wantsStream?: boolean;
  acceptLanguage: string;
  host: string;
  log: Log;
  session: SessionPort;
}

export interface RpcResult {
  status: number;
  body: Record<string, unknown>;
  /**
   * The action's own answer (its output schema), not a refusal: CheckEditPriv's level is an
   * `Error` of 1 or 2 that is still its answer.
   */
  answered?: true;
  /** Set for a streamed answer: the events, then `done` with the final body. */
  stream?: { subscribe: Streaming<unknown>['subscribe']; done: Promise<Record<string, unknown>> };
}

const statusOf: Partial<Record<ErrorCode, number>> = {
  [ErrorCode.INTERNAL]: 500,
  [ErrorCode.BAD_INPUT]: 400,
  [ErrorCode.UNKNOWN_ACTION]: 400,
  [ErrorCode.UNAUTHENTICATED]: 401,
  [ErrorCode.CSRF]: 403,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.IDENTITY_MISMATCH]: 403,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.NO_CREDITS]: 402,
  [ErrorCode.UPSTREAM]: 502,
};

export function statusFor(code: ErrorCode): number {
  return statusOf[code] ?? 200;
}

/**
 * `POST /api/rpc/{Action}`: every refusal is an HTTP error, so that a client generated from
 * the schema meets the refusal shape only where the schema says (POST /api keeps the codes
 * above, for the web client and the spec's clients, which read `Error` from a 200).
 */
export const rpcStatusOf: Record<ErrorCode, number> = {
  [ErrorCode.OK]: 200,
  [ErrorCode.INTERNAL]: 500,
  [ErrorCode.BAD_INPUT]: 400,
  [ErrorCode.UNAUTHENTICATED]: 401,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.CSRF]: 403,
  [ErrorCode.UNKNOWN_ACTION]: 404,
  [ErrorCode.CONFLICT]: 409,
  // SendToken for an e-mail with no account yet: RegisterFullname comes first.
  [ErrorCode.FIRST_TIME]: 409,
  [ErrorCode.WRONG_PASSWORD]: 401,
  [ErrorCode.LINK_INVALID]: 410,
  [ErrorCode.NOT_CONFIGURED]: 501,
  [ErrorCode.IDENTITY_MISMATCH]: 403,
  [ErrorCode.UPSTREAM]: 502,
  [ErrorCode.MODEL_FAILED]: 502,
  [ErrorCode.NO_CREDITS]: 402,
};

/** The status of a result on `POST /api/rpc/{Action}`: 200 for an answer, else its code's. */
export function rpcStatus(result: RpcResult): number {
  if (result.answered) return 200;
  const code = result.body.Error as ErrorCode;
  // Only refusals reach here; a body without a known code is the server's fault.
  return Object.hasOwn(rpcStatusOf, code) && code !== ErrorCode.OK ? rpcStatusOf[code] : 500;
}

export function failure(
  code: ErrorCode,
  lang: Lang,
  text?: string,
  extra?: Record<string, unknown>,
): RpcResult {
  return {
    status: statusFor(code),
    body: { Error: code, Errstr: text || errorText(code, lang), ...extra },
  };
}

/**
 * A service's refusal as the answer: its keyed text worded in the caller's language (or the
 * text it already worded, while domains still word their own), else the code's generic text.
 */
export function failureOf(err: AppError, lang: Lang): RpcResult {
  return failure(err.code, lang, err.text(lang), err.extraIn(lang));
}

export function pickLang(raw: unknown, user: SessionUser | null, acceptLanguage: string): Lang {
  if (typeof raw === 'string') {
    if (raw.startsWith('en')) return 'en';
    if (raw.startsWith('he')) return 'he';
  }
  if (user?.lang === 'en' || user?.lang === 'he') return user.lang;
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('en')) return 'en';
  return DEFAULT_LANG;
}

/**
 * Who is calling: the bearer token, else the session cookie (which needs the XSRF header on
 * requests that may change something). An unknown bearer token is refused; an unknown
 * cookie counts as anonymous.
 */
export async function resolveCaller(
  services: Services,
  req: { bearer: string | null; cookieToken: string | null; xsrfOk: boolean },
): Promise<{ user: SessionUser | null; sessionHash: string | null } | { error: ErrorCode }> {
  const token = req.bearer ?? req.cookieToken;
  if (req.cookieToken && !req.bearer && !req.xsrfOk) return { error: ErrorCode.CSRF };
  if (!token) return { user: null, sessionHash: null };
  const found = await services.auth.userForToken(token);
  if (found) return { user: found.user, sessionHash: found.hash };
  if (req.bearer) return { error: ErrorCode.UNAUTHENTICATED };
  return { user: null, sessionHash: null };
}

/** An e-mail echoed in a body must be the caller's own, unless the caller is an admin. */
export function identityMismatch(claimed: unknown, user: SessionUser): boolean {
  return (
    typeof claimed === 'string' &&
    claimed.trim() !== '' &&
    claimed.trim().toLowerCase() !== user.email &&
    user.usertype !== UserType.admin
  );
}

/** The texts of CheckEditPriv's levels 1 (view) and 2 (none), sent as Errstr. */
function levelText(level: number, lang: Lang): string {
  return msg(level === Priv.view ? 'privView' : 'privNone', lang);
}

/**
 * POST /api: session -> access level -> control characters -> input parse -> identity check ->
 * handler -> output parse.
 */
export function createDispatcher(services: Services, handlers: HandlerMap) {
  return async function dispatch(req: RpcRequest): Promise<RpcResult> {
    const body = req.body;
    const rawLang =
      body && typeof body === 'object' ? (body as Record<string, unknown>).lang : undefined;
    let lang = pickLang(rawLang, null, req.acceptLanguage);
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return failure(ErrorCode.BAD_INPUT, lang, msg('badJson', lang));
    }
    const { action, ...fields } = body as Record<string, unknown>;
    if (action === undefined || action === '')
      return failure(ErrorCode.UNKNOWN_ACTION, lang, msg('missingAction', lang));
    if (!isActionName(action)) return failure(ErrorCode.UNKNOWN_ACTION, lang);
    const def = actions[action];

    // Identity comes from the session only.
    const caller = await resolveCaller(services, req);
    if ('error' in caller) return failure(caller.error, lang);
    const { user, sessionHash } = caller;
    lang = pickLang(rawLang, user, req.acceptLanguage);

    if (def.access !== 'public' && !user) return failure(ErrorCode.UNAUTHENTICATED, lang);
    if (def.access === 'globalpriv' && !user?.globalpriv) return failure(ErrorCode.FORBIDDEN, lang);
    if (def.access === 'admin' && user?.usertype !== UserType.admin)
      return failure(ErrorCode.FORBIDDEN, lang);

    // Control characters first (one rule for every action: input-text.ts), then the schema.
    const nul = cleanStrings(fields);
    if (nul) return failure(ErrorCode.BAD_INPUT, lang, msg('inputNul', lang, { field: nul.nulAt }));
    const parsed = def.input.safeParse(fields);
    if (!parsed.success)
      return failure(ErrorCode.BAD_INPUT, lang, describeIssues(parsed.error, fields, lang));

    const claimed = def.identity ? (fields as Record<string, unknown>)[def.identity] : undefined;
    const wildcard = def.identityWildcard !== undefined && claimed === def.identityWildcard;
    if (def.identity && user && !wildcard && identityMismatch(claimed, user)) {
      return failure(ErrorCode.IDENTITY_MISMATCH, lang);
    }

    const ctx: Ctx = {
      user,
      sessionHash,
      ip: req.ip,
      lang,
      acceptLanguage: req.acceptLanguage,
      host: req.host,
      log: req.log,
      session: req.session,
    };
    try {
      const handler = handlers[action] as (input: unknown, ctx: Ctx) => Promise<unknown>;
      const out = await handler(parsed.data, ctx);
      const finish = (value: unknown): RpcResult => {
        const checked = (def.output as z.ZodType).safeParse(value);
        if (!checked.success) {
          req.log.error(
            { action, issues: checked.error.issues },
            'handler answer does not match its schema',
          );
          return failure(ErrorCode.INTERNAL, lang);
        }
        const data = checked.data as Record<string, unknown>;
        if (def.errorFrom) {
          // Spec compatibility (CheckEditPriv): the level is the Error, with its text when not 0.
          const level = Number(data[def.errorFrom] ?? 0);
          return {
            status: 200,
            answered: true,
            body: {
              Error: level,
              ...(level !== Priv.edit ? { Errstr: levelText(level, lang) } : {}),
              ...data,
            },
          };
        }
        // A streamed reply that finally failed carries its own failure.
        if (data.status === 'failed' && typeof data.error === 'string') {
          return {
            status: 200,
            body: { ...data, Error: ErrorCode.MODEL_FAILED, Errstr: data.error },
          };
        }
        return { status: 200, answered: true, body: { Error: ErrorCode.OK, ...data } };
      };
      if (isStreaming(out)) {
        const done = out.done.then(finish, (err: unknown) => {
          if (err instanceof AppError) return failureOf(err, lang);
          req.log.error({ err, action }, 'streamed action failed');
          return failure(ErrorCode.INTERNAL, lang);
        });
        if (req.wantsStream) {
          return {
            status: 200,
            answered: true,
            body: {},
            stream: { subscribe: out.subscribe, done: done.then((r) => r.body) },
          };
        }
        return await done;
      }
      return finish(out);
    } catch (err) {
      if (err instanceof AppError) return failureOf(err, lang);
      req.log.error({ err, action: action as ActionName }, 'action failed');
      return failure(ErrorCode.INTERNAL, lang);
    }
  };
}
