import { join, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { publishSessionChanges } from '../auth/session-cache.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { postgresDumper, postgresLoader } from '../db/backup-pg.ts';
import { PGLITE_DUMP, pgliteDumper, pgliteLoader } from '../db/backup-pglite.ts';
import { createStorage } from '../infra/create-storage.ts';
import { BackupRefused, describeBackup, restoreBackup, writeBackup } from '../ops/backup.ts';
import { createLogger } from '../logger.ts';
import { pgEvents } from '../platform/events-pg.ts';
import { redisEvents } from '../platform/events-redis.ts';
import { ADMIN_FILE } from './admin-endpoint.ts';
import { AdminCommand } from './admin.service.ts';
import { runAdminCommand } from './admin-run.ts';
import { runningServer, sendCommand, serverDumper } from './admin-client.ts';

const usage = `Usage:
  npm run admin -- create-user <email> --name "<full name>" [--password <pw>] [--usertype 0|1|2] [--grant canadd,imgedit,globalpriv]
  npm run admin -- grant <email> <flags>
  npm run admin -- revoke <email> <flags>
  npm run admin -- jobs                     background jobs that failed for good, with why
  npm run admin -- imgcredit <email> <n>    set image credits to n (or +n / -n to add or take away)
  npm run admin -- audit                    who viewed whose conversation in the history viewer, when
  npm run admin -- subscription-types list
  npm run admin -- subscription-types set <code> [--name-he ..] [--name-en ..] [--txt-he <html>] [--txt-en <html>]
        [--price <shekels>] [--monthly 0|1] [--credits N] [--imgcredits N] [--canadd 0|1] [--imgedit 0|1] [--active 0|1] [--sort N]
  npm run admin -- billing sync             a Stripe Product and Price for each type without one
  npm run admin -- billing check            whether the Stripe keys, the webhook endpoint and its secret work
  npm run admin -- usage [--days 30]        usage analytics: daily active users, page views, events
  npm run admin -- backup <dir>             the database, the files and vapid.json into a new or empty folder
  npm run admin -- restore <dir>            a backup into an empty instance (DATA_DIR, database, files store)
Flags: canadd (create characters), imgedit (create images), globalpriv (see and manage everything).`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

function parseCommand(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      password: { type: 'string' },
      usertype: { type: 'string' },
      grant: { type: 'string' },
      'name-he': { type: 'string' },
      'name-en': { type: 'string' },
      'txt-he': { type: 'string' },
      'txt-en': { type: 'string' },
      price: { type: 'string' },
      monthly: { type: 'string' },
      credits: { type: 'string' },
      imgcredits: { type: 'string' },
      canadd: { type: 'string' },
      imgedit: { type: 'string' },
      active: { type: 'string' },
      sort: { type: 'string' },
      days: { type: 'string' },
    },
  });
  const [command, email, flags] = positionals;
  const raw =
    command === 'create-user'
      ? {
          command,
          email,
          name: values.name,
          password: values.password,
          usertype: values.usertype,
          grant: values.grant,
        }
      : command === 'jobs' || command === 'audit'
        ? { command }
        : command === 'imgcredit'
          ? { command, email, amount: flags }
          : command === 'subscription-types' || command === 'billing'
            ? {
                command,
                action: email,
                code: flags,
                nameHe: values['name-he'],
                nameEn: values['name-en'],
                txtHe: values['txt-he'],
                txtEn: values['txt-en'],
                price: values.price,
                monthly: values.monthly,
                credits: values.credits,
                imgcredits: values.imgcredits,
                canadd: values.canadd,
                imgedit: values.imgedit,
                active: values.active,
                sort: values.sort,
              }
            : command === 'usage'
              ? { command, days: values.days }
              : { command, email, flags };
  const parsed = AdminCommand.safeParse(raw);
  if (!parsed.success)
    fail(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'command'}: ${i.message}`).join('\n'),
    );
  return { raw, cmd: parsed.data };
}

/** Sends the command as typed (the server parses it again), if a server runs; else null. */
async function viaServer(file: string, raw: unknown): Promise<string | null> {
  const server = runningServer(file);
  if (!server) return null;
  const out = await sendCommand(server, raw);
  if (!out.ok) fail(out.message);
  return out.message;
}

/**
 * `backup <dir>` and `restore <dir>` (ops/backup.ts): the database by its own tools (pg_dump,
 * or PGlite's image, taken by the running server when there is one), the files store, and
 * vapid.json. A refusal (a full target, a damaged backup) exits 1 with nothing changed.
 */
async function backupOrRestore(command: 'backup' | 'restore', args: string[]) {
  if (args.length !== 1) fail(`${command} takes one folder`);
  const config = loadConfig();
  const dir = resolve(args[0]!);
  const server = config.DATABASE_URL ? null : runningServer(join(config.dataDir, ADMIN_FILE));
  try {
    if (command === 'backup') {
      if (!config.S3_BUCKET && (dir + sep).startsWith(config.filesDir + sep))
        throw new BackupRefused(`${dir} is inside the files folder: it would back itself up`);
      const database = config.DATABASE_URL
        ? postgresDumper(config.DATABASE_URL)
        : server
          ? serverDumper(server, PGLITE_DUMP)
          : pgliteDumper(config.pgliteDir);
      const manifest = await writeBackup(dir, {
        database,
        storage: await createStorage(config),
        vapidFile: config.vapidFile,
        version: config.version,
        now: new Date(),
      });
      return `backup of ${database.describe()} written to ${describeBackup(manifest, dir)}`;
    }
    if (server)
      throw new BackupRefused(
        `a server is running on ${config.dataDir} (pid ${server.pid}): stop it, then restore into an empty DATA_DIR`,
      );
    const manifest = await restoreBackup(dir, {
      database: config.DATABASE_URL
        ? postgresLoader(config.DATABASE_URL)
        : pgliteLoader(config.pgliteDir),
      storage: await createStorage(config),
      vapidFile: config.vapidFile,
    });
    return [
      `restored ${describeBackup(manifest, dir)}`,
      'Start the server: it applies the migrations this version has beyond the backup, if any.',
      ...(config.VAPID_PUBLIC_KEY
        ? ['VAPID keys are set in the environment: they, not the restored vapid.json, are used.']
        : []),
    ].join('\n');
  } catch (err) {
    console.error(
      err instanceof BackupRefused ? err.message : `${command} failed: ${(err as Error).message}`,
    );
    process.exit(1);
  }
}

const argv = process.argv.slice(2);
if (argv[0] === 'backup' || argv[0] === 'restore') {
  console.log(await backupOrRestore(argv[0], argv.slice(1)));
  process.exit(0);
}
let cmd: AdminCommand;
let raw: unknown;
try {
  ({ cmd, raw } = parseCommand(argv));
} catch (err) {
  fail((err as Error).message);
}
const config = loadConfig();
const file = join(config.dataDir, ADMIN_FILE);
let message: string | null = null;
if (!config.DATABASE_URL) message = await viaServer(file, raw);
if (message === null) {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: config.pgliteDir,
    poolSize: 1,
  });
  // Running servers forget the sessions of a user this changes (rights, name) at once. (On
  // the embedded database a running server is reached through its endpoint, above.)
  const log = createLogger(config);
  const shared = !!config.DATABASE_URL;
  const redis =
    shared && config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : null;
  const events = redis
    ? redisEvents(redis, log)
    : config.DATABASE_URL
      ? pgEvents(config.DATABASE_URL, log)
      : null;
  const changes = events && publishSessionChanges(events, log);
  const done = async () => {
    await changes?.close();
    await events?.close();
    redis?.disconnect();
    await database.close();
  };
  try {
    message = await runAdminCommand(database.db, cmd, config);
  } catch (err) {
    await done();
    fail((err as Error).message);
  }
  await done();
}
console.log(message);
