import { buildApp } from './app.js';
import { ConfigError, databaseOptions, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { ensureDemoData } from './seed/demo-data.js';

/** Starts the product: one process, one port, web app and API. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase(databaseOptions(config));
  const demoLogin = config.SEED === 'demo' ? await ensureDemoData(database.db) : null;
  const app = await buildApp({ config, database });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const url = `http://localhost:${config.PORT}`;
  console.log(`\nKampbeheer draait op ${url} (${database.kind === 'pglite' ? `ingebouwde database in ${config.DATA_DIR}` : 'PostgreSQL'})`);
  if (demoLogin) console.log(`Aanmelden met ${demoLogin.email} / ${demoLogin.password}\n`);
}

void main();
