import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ensureBootstrapAdmin } from './bootstrap';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { DataDirError, prepareDataDir } from './db/data-dir';
import { defaultWebDistDir } from './plugins/web';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  config.webDistDir ??= defaultWebDistDir(path.dirname(fileURLToPath(import.meta.url)));
  // Whatever the server writes (the outbox's e-mails, the key, the database's folders) is its
  // user's alone; DATA_DIR is made private, and its contents repaired, before anything is opened.
  process.umask(0o077);
  let dataDirModes;
  try {
    dataDirModes = prepareDataDir(config.dataDir);
  } catch (err) {
    if (err instanceof DataDirError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  const app = await buildApp({ config, database });
  if (dataDirModes.repaired > 0 || dataDirModes.failed > 0 || dataDirModes.truncated) {
    app.log.warn(
      { dataDir: config.dataDir, ...dataDirModes },
      'DATA_DIR held files or folders other users could read: they were made private (failed: those whose mode could not be changed; truncated: the walk stopped at its bound)',
    );
  }
  app.addHook('onClose', async () => database.close());
  await ensureBootstrapAdmin(config, database, app.log);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: database.kind,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      web: !!config.webDistDir,
    },
    `Hospes is running at ${config.appUrl}`,
  );
}

main().catch((err: unknown) => {
  // A setting found wrong after the start began (a common ADMIN_PASSWORD): its message says all.
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `Hospes failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
