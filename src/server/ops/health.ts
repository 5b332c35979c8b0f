import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { DirectPaths } from '../../protocol/paths.ts';
import type { Db } from '../db/client.ts';
import { healthRepo } from './health.repo.ts';

const journal = fileURLToPath(new URL('../../../drizzle/meta/_journal.json', import.meta.url));
/** The migrations this build ships; the database must have applied all of them. */
const shipped = (JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries
  .length;

/**
 * `/api/health`: the process answers (liveness; restart it if not). `/api/ready`: the database
 * answers and has every migration of this build (readiness; send it traffic). While the
 * server shuts down, fastify answers both with 503.
 */
export function registerHealth(app: FastifyInstance, db: Db) {
  const repo = healthRepo(db);
  app.get(DirectPaths.health, async () => ({ ok: true }));
  app.get(DirectPaths.ready, async (request, reply) => {
    try {
      const applied = await repo.appliedMigrations();
      if (applied < shipped) {
        return reply.status(503).send({ ok: false, reason: 'migrations pending' });
      }
      return { ok: true };
    } catch (err) {
      request.log.warn({ err }, 'readiness check: database unreachable');
      return reply.status(503).send({ ok: false, reason: 'database unreachable' });
    }
  });
}
