import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../protocol/errors.ts';
import { ActionsPath, MetricsPath, RpcPath } from '../../protocol/paths.ts';

/** The route of `POST /api/rpc/{Action}` as Fastify names it. */
export const RpcActionRoute = `${RpcPath}/:action`;
import { isActionName } from '../../protocol/registry.ts';
import { failure } from '../rpc/dispatcher.ts';
import type { Metrics } from './metrics.ts';

/** An action's name as a label: one of the registry's, never what a client made up. */
export function actionLabel(body: unknown): string {
  const action = (body as { action?: unknown } | null | undefined)?.action;
  return isActionName(action) ? action : '(unknown)';
}

/** A built file of the web client served at its own route (/assets/…): its folder stands for it. */
const STATIC_FILE = /^\/(?!api\/)([^/:*]+)\/[^:*]*\.[A-Za-z0-9]+$/;

/**
 * The labels of a request: its route's pattern, never its URL (ids stay out; the set of
 * labels is bounded by the app's routes and the registry's actions).
 */
function labelsOf(request: FastifyRequest, status: number): { route: string; action: string } {
  const url = request.routeOptions.url;
  // No route: the web client's pages (the client's router decides) or a 404.
  if (url === undefined) return { route: status < 400 ? '(page)' : '(unmatched)', action: '' };
  if (url === ActionsPath && request.method === 'POST')
    return { route: url, action: actionLabel(request.body) };
  if (url === RpcActionRoute && request.method === 'POST')
    return { route: url, action: actionLabel(request.params) };
  const file = STATIC_FILE.exec(url);
  return { route: file ? `/${file[1]}/*` : url, action: '' };
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read the metrics: a request bearing METRICS_TOKEN (compared in constant time), or
 * one from this machine that no proxy forwarded. The socket's address decides, never
 * X-Forwarded-For (even with TRUST_PROXY): a reverse proxy on this host connects from
 * loopback, so a forwarded request (it carries X-Forwarded-For, Forwarded or X-Real-IP) must
 * show the token like anyone from outside. A wrong token is refused even from loopback.
 */
function mayRead(request: FastifyRequest, token: Buffer | null): boolean {
  const auth = request.headers.authorization;
  if (auth !== undefined) {
    const given = /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
    return !!token && !!given && timingSafeEqual(digest(given), token);
  }
  const h = request.headers;
  return (
    LOOPBACK.test(request.socket.remoteAddress ?? '') &&
    h['x-forwarded-for'] === undefined &&
    h.forwarded === undefined &&
    h['x-real-ip'] === undefined
  );
}

/**
 * Times every answer (from the request's arrival to its last byte, streams included) and
 * serves `GET /metrics` in Prometheus's text format; anyone not allowed gets the same 404 as
 * an unknown API path.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  opts: { token?: string | undefined },
) {
  const token = opts.token ? digest(opts.token) : null;
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const status = reply.statusCode;
    const { route, action } = labelsOf(request, status);
    metrics.httpRequest(request.method, route, action, status, reply.elapsedTime / 1000);
    done();
  });
  app.get(MetricsPath, async (request, reply) => {
    if (!mayRead(request, token))
      return reply.status(404).send(failure(ErrorCode.NOT_FOUND, 'en').body);
    const text = await metrics.render();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
}
