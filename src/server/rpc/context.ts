import type { Logger } from 'pino';

/** The part of a logger services use (Fastify's request logger and pino both fit). */
export type Log = Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
import type { Lang } from '../../protocol/errors.ts';

/** The signed-in user as the session shows them (never taken from the request body). */
export interface SessionUser {
  id: number;
  email: string;
  fullname: string;
  usertype: number;
  canadd: boolean;
  imgedit: boolean;
  globalpriv: boolean;
  lang: string;
}

/** How a service starts or ends the browser's session without seeing the HTTP reply. */
export interface SessionPort {
  begin(token: string, expiresAt: Date): void;
  end(): void;
}

export interface Ctx {
  user: SessionUser | null;
  /** Hash of the token that authenticated this request, if any. */
  sessionHash: string | null;
  ip: string;
  lang: Lang;
  acceptLanguage: string;
  host: string;
  log: Log;
  session: SessionPort;
}

export function requireUser(ctx: Ctx): SessionUser {
  if (!ctx.user) throw new Error('requireUser called on an anonymous context');
  return ctx.user;
}
