import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const SAFE_ID = /^[\w.:-]{8,128}$/;

/**
 * A request's id: the one a proxy in front of us gave it (so both logs share it), when it is
 * a plain token, else a new UUID.
 */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

/** Every answer says its id, so a user's report can be matched to the log line. */
export function registerRequestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
