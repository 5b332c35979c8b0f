import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Google Identity Services (the sign-in button): its script, frame, styles and calls. */
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

export interface CspOptions {
  /** GOOGLE_CLIENT_ID is set: the sign-in button's script and frame are allowed. */
  google: boolean;
  /** Origins images and audio may come from besides ours (a CDN, the storage's public URL). */
  mediaOrigins: readonly string[];
  /** The payment provider's origin, for its payment frame (none until billing sets one). */
  paymentOrigin?: string | undefined;
  /** PUBLIC_URL is https: ask browsers to upgrade any stray http request. */
  https: boolean;
}

/**
 * The Content-Security-Policy of every answer. Scripts only from our own files (no inline
 * script, no eval); styles also inline, because Mantine writes its CSS variables into <style>
 * tags at run time (see docs/decisions.md, "Security headers"); images also as data: and blob:
 * URLs (a pasted picture is scaled on a canvas and previewed before it is sent).
 */
export function cspDirectives(o: CspOptions): Record<string, string[]> {
  const google = o.google ? [GOOGLE_GSI] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(o.google ? [`${GOOGLE_GSI}client`] : [])],
    'style-src': ["'self'", "'unsafe-inline'", ...(o.google ? [`${GOOGLE_GSI}style`] : [])],
    'img-src': ["'self'", 'data:', 'blob:', ...o.mediaOrigins],
    'media-src': ["'self'", 'data:', 'blob:', ...o.mediaOrigins],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...google],
    'frame-src': ["'self'", ...google, ...(o.paymentOrigin ? [o.paymentOrigin] : [])],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // Nobody frames our pages (clickjacking); the payment provider's frame is inside ours.
    'frame-ancestors': ["'none'"],
  };
  if (o.https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * The CSP of a small page the server writes itself (no app around it): nothing loads but its
 * own inline style and the one inline script named by its hash.
 */
export function standalonePageCsp(inlineScript?: string): string {
  const script = inlineScript
    ? `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`
    : "'none'";
  return `default-src 'none'; style-src 'unsafe-inline'; script-src ${script}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

/**
 * Security headers on every answer (helmet): the CSP above, nosniff, a referrer policy that
 * never sends paths (sign-in links carry tokens) to other sites, no framing, and HSTS when
 * the public address is https.
 *
 * helmet's middleware is built once, here. (@fastify/helmet built a new one, reading all
 * its options and the CSP's directives again, on every request: about 2 % of a chat turn's
 * CPU before its model call, issue 17.) No route has helmet options of its own.
 */
export function registerSecurityHeaders(app: FastifyInstance, o: CspOptions) {
  const apply = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(o) },
    strictTransportSecurity: o.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Google's sign-in popup talks back to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, () => done());
  });
}
