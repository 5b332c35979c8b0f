import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AdminDumpPath, AdminPath } from '../../protocol/paths.ts';
import type { PgliteImage } from '../db/backup-pglite.ts';
import type { Db } from '../db/client.ts';
import type { Config } from '../config.ts';
import { AdminCommand } from './admin.service.ts';
import { runAdminCommand } from './admin-run.ts';

export const ADMIN_FILE = 'admin.json';

/**
 * PGlite lets one process open the data, so while the server runs the admin CLI goes through
 * it: a loopback-only endpoint guarded by a random key the server writes to DATA_DIR (0600).
 */
export function registerAdminEndpoint(
  app: FastifyInstance,
  db: Db,
  dataDir: string,
  port: () => number,
  config?: Config,
  /** The embedded database's image, for a backup while the server runs. */
  dump?: () => Promise<PgliteImage>,
) {
  const key = randomBytes(32).toString('hex');
  const file = join(dataDir, ADMIN_FILE);
  app.addHook('onListen', async () => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify({ port: port(), key, pid: process.pid }), { mode: 0o600 });
  });
  app.addHook('onClose', async () => {
    rmSync(file, { force: true });
  });
  const allowed = (request: FastifyRequest) => {
    const given = Buffer.from(String(request.headers['x-admin-key'] ?? ''));
    const local = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(
      request.socket.remoteAddress ?? '',
    );
    return local && given.length === key.length && timingSafeEqual(given, Buffer.from(key));
  };
  app.post(AdminDumpPath, async (request, reply) => {
    if (!allowed(request)) return reply.status(403).send({ ok: false, message: 'forbidden' });
    if (!dump) return reply.status(400).send({ ok: false, message: 'not the embedded database' });
    // The whole image in memory, as PGlite makes it (gzipped: a new database is ~5 MB).
    const { image, migrations } = await dump();
    return reply
      .header('content-type', 'application/gzip')
      .header('x-migrations-applied', String(migrations.applied))
      .header('x-migrations-latest-at', String(migrations.latestAt ?? ''))
      .send(Buffer.from(await image.arrayBuffer()));
  });
  app.post(AdminPath, async (request, reply) => {
    if (!allowed(request)) return reply.status(403).send({ ok: false, message: 'forbidden' });
    const parsed = AdminCommand.safeParse(request.body);
    if (!parsed.success)
      return reply
        .status(400)
        .send({ ok: false, message: parsed.error.issues.map((i) => i.message).join('; ') });
    try {
      return { ok: true, message: await runAdminCommand(db, parsed.data, config) };
    } catch (err) {
      return reply.status(400).send({ ok: false, message: (err as Error).message });
    }
  });
}
