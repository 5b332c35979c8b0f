import { existsSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { startMemoryTrim } from './infra/memory-trim.ts';
import { createRuntime } from './runtime.ts';
import { embeddedParts } from './ops/embedded-parts.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const log = createLogger(config);
  const started = performance.now();
  let runtime;
  try {
    runtime = await createRuntime(config, log);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const app = await buildApp(runtime.deps);
  await app.listen({ port: config.PORT, host: config.HOST });
  const ms = Math.round(performance.now() - started);

  const lines = [
    '',
    `  Ready in ${ms} ms: ${config.publicUrl}`,
    `  Database: ${runtime.database.kind === 'pglite' ? `embedded PGlite (${config.pgliteDir})` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Mail: ${runtime.deps.mailer.describe()}`,
    `  Files: ${runtime.deps.storage.describe()}`,
    `  Media: ${runtime.deps.media.describe().join('; ')}`,
    `  Knowledge search: ${
      runtime.deps.media.embeddings.available
        ? `word index + embeddings (${runtime.deps.media.embeddings.describe().model}, ${runtime.database.pgvector ? 'pgvector' : 'compared in SQL: no pgvector in this database'})`
        : 'word index alone (set EMBEDDING_MODEL for search by meaning)'
    }`,
    '  Sign in: open the URL, enter your e-mail; the sign-in link is written to the outbox',
    '  folder above (a .eml file) and to this log. To get a user who can create characters:',
    '    npm run admin -- create-user you@example.com --name "Your Name" --password secret123 --grant canadd,imgedit,globalpriv',
    '',
  ];
  const embedded = embeddedParts(config, {
    database: runtime.database.kind,
    media: runtime.deps.media.describe(),
  });
  if (embedded.length && config.NODE_ENV === 'production')
    log.warn({ parts: embedded }, `embedded or offline parts in use: ${embedded.join('; ')}`);
  else if (embedded.length)
    lines.push(
      '  Embedded or offline (fine here; replace before serving readers):',
      ...embedded.map((p) => `    - ${p}`),
      '',
    );
  if (!existsSync(config.webDir))
    lines.push('  (The web client is not built: run `npm run build` first.)', '');
  console.log(lines.join('\n'));

  // Start-up leaves ~170 MB of freed heap pages that V8 never returns by itself: give them
  // back now, and after any later burst once the server is quiet again (memory-trim.ts).
  const memory = startMemoryTrim({
    onTrim: (before, after) =>
      log.debug({ rssMiB: [before, after].map((b) => Math.round(b / 2 ** 20)) }, 'memory trimmed'),
  });
  memory.trim();

  // SIGTERM or SIGINT: stop taking requests, let running replies finish (bounded by
  // SHUTDOWN_GRACE_SECONDS, then they are stored as failed), close the database. A second
  // signal, or the whole taking 10 s past the grace, ends the process at once.
  closeWithGrace(
    { delay: config.SHUTDOWN_GRACE_SECONDS * 1000 + 10_000, logger: log },
    async ({ signal, err }) => {
      if (err) log.error({ err }, 'closing after an unexpected error');
      else log.info({ signal }, 'shutting down: finishing the replies that are running');
      memory.stop();
      await app.close();
      await runtime.close();
    },
  );
}

await main();
