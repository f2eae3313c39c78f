import type { AddressInfo } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, databaseOptions, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataFolderInUseError } from './db/data-folder-lock.js';
import { ensureDemoData } from './seed/demo-data.js';
import { settingsDefaults } from './lib/settings.js';

/** Starts the product: one process, one port, web app and API. */
async function main() {
  let config, database;
  try {
    config = loadConfig();
    database = await openDatabase(databaseOptions(config));
  } catch (error) {
    // A bad setting, or a data folder another process holds: one line, and no server.
    if (error instanceof ConfigError || error instanceof DataFolderInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const demoLogin = config.SEED === 'demo' ? await ensureDemoData(database.db, settingsDefaults(config)) : null;
  const app = await buildApp({ config, database });

  // A stop lets open requests finish and closes the database, but never takes longer than the bound:
  // a client that keeps a request open must not keep a deploy or a restart waiting.
  const timeoutMs = config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
  closeWithGrace(
    {
      delay: timeoutMs,
      logger: { error: (message: unknown) => app.log.error(message) },
      onTimeout: () => app.log.error(`Niet binnen ${config.SHUTDOWN_TIMEOUT_SECONDS} s gestopt: het proces stopt toch.`),
    },
    async ({ signal, err }) => {
      if (err) app.log.error(err);
      app.log.info(`${signal ?? 'fout'}: stoppen`);
      await app.close();
      await database.close();
    },
  );

  await app.listen({ port: config.PORT, host: config.HOST });
  // The port actually bound, so PORT=0 (any free port) prints where the server is.
  const url = `http://localhost:${(app.server.address() as AddressInfo).port}`;
  console.log(`\nKampbeheer draait op ${url} (${database.kind === 'pglite' ? `ingebouwde database in ${config.DATA_DIR}` : 'PostgreSQL'})`);
  if (demoLogin) console.log(`Aanmelden met ${demoLogin.email} / ${demoLogin.password}\n`);
}

void main();
