import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AdminDumpPath, AdminPath } from '../../protocol/paths.ts';
import type { DatabaseDumper } from '../db/backup-db.ts';

/** A running server's loopback admin endpoint, as it wrote it to DATA_DIR/admin.json. */
export interface AdminServer {
  port: number;
  key: string;
  pid: number;
}

/** The server running on this DATA_DIR, or null (no file, or one left by a server now gone). */
export function runningServer(file: string): AdminServer | null {
  if (!existsSync(file)) return null;
  const server = JSON.parse(readFileSync(file, 'utf8')) as AdminServer;
  try {
    process.kill(server.pid, 0);
  } catch {
    return null;
  }
  return server;
}

const post = (server: AdminServer, path: string, body: unknown) =>
  fetch(`http://127.0.0.1:${server.port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-key': server.key },
    body: JSON.stringify(body),
  });

/** Sends an admin command as typed (the server parses it again); answers its reply. */
export async function sendCommand(
  server: AdminServer,
  raw: unknown,
): Promise<{ ok: boolean; message: string }> {
  return (await (await post(server, AdminPath, raw)).json()) as { ok: boolean; message: string };
}

/**
 * The embedded database of the running server, which alone may open it: the server takes the
 * image (PGlite's dump of its data dir) and sends it here.
 */
export function serverDumper(server: AdminServer, fileName: string): DatabaseDumper {
  return {
    kind: 'pglite',
    fileName,
    describe: () => `embedded PGlite, through the running server (pid ${server.pid})`,
    async dump(file) {
      const res = await post(server, AdminDumpPath, {});
      if (!res.ok || !res.body) {
        const why = await res.text();
        throw new Error(`the running server refused the database image (${res.status}): ${why}`);
      }
      const latestAt = res.headers.get('x-migrations-latest-at');
      await pipeline(
        Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
        createWriteStream(file, { flags: 'wx', mode: 0o600 }),
      );
      return {
        applied: Number(res.headers.get('x-migrations-applied') ?? 0),
        latestAt: latestAt ? Number(latestAt) : null,
      };
    },
  };
}
