import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../protocol/errors.ts';
import { failure } from '../rpc/dispatcher.ts';

/** Vite names every built asset after a hash of its content: a new build has new names. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built single-page app: hashed assets cached for good, everything else (index.html,
 * icons, texts) revalidated on each visit so a new version shows at once. Any other GET or
 * HEAD outside /api and /files answers index.html, and the client's router decides.
 *
 * The build writes brotli and gzip copies of the hashed assets (precompress.ts): they are
 * sent as they are, by the request's Accept-Encoding, with `Vary: accept-encoding` and an
 * ETag of the copy sent (a 304 when it matches). Files without a copy are compressed per
 * request by @fastify/compress.
 */
export async function registerWebClient(
  app: FastifyInstance,
  webDir: string,
  ensureXsrfCookie: (request: FastifyRequest, reply: FastifyReply) => void,
) {
  if (!existsSync(webDir)) return;
  const assets = `${sep}assets${sep}`;
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes(assets) ? IMMUTABLE : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (!page || /^\/(api|files)(\/|\?|$)/.test(request.url)) {
      const r = failure(ErrorCode.NOT_FOUND, 'en');
      return reply.status(404).send(r.body);
    }
    ensureXsrfCookie(request, reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
