import { existsSync } from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { createRuntime } from './runtime.ts';

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
    '  Sign in: open the URL, enter your e-mail; the sign-in link is written to the outbox',
    '  folder above (a .eml file) and to this log. To get a user who can create characters:',
    '    npm run admin -- create-user you@example.com --name "Your Name" --password secret123 --grant canadd,imgedit,globalpriv',
    '',
  ];
  if (!existsSync(config.webDir))
    lines.push('  (The web client is not built: run `npm run build` first.)', '');
  console.log(lines.join('\n'));

  const shutdown = async () => {
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

await main();
