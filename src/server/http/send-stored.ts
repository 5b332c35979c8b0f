import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredStream } from '../infra/storage.ts';

/**
 * Sends a stored object as a stream with its length and validator; the whole file is never
 * in memory. A matching If-None-Match answers 304 and lets the object's stream go.
 */
export function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  stored: StoredStream,
  headers: Record<string, string>,
) {
  reply.headers(headers).header('x-content-type-options', 'nosniff');
  if (stored.etag) {
    reply.header('etag', stored.etag);
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim() === stored.etag)) {
      stored.body.destroy();
      return reply.status(304).send();
    }
  }
  return reply.header('content-length', String(stored.size)).send(stored.body);
}
