import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AdminPath } from '../../protocol/paths.ts';
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
  app.post(AdminPath, async (request, reply) => {
    const given = Buffer.from(String(request.headers['x-admin-key'] ?? ''));
    const local = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(
      request.socket.remoteAddress ?? '',
    );
    if (!local || given.length !== key.length || !timingSafeEqual(given, Buffer.from(key))) {
      return reply.status(403).send({ ok: false, message: 'forbidden' });
    }
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
