import { ConfigError, databaseOptions, loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';

/** The database the server would open, for the command-line tools. */
export async function openConfiguredDatabase(): Promise<DatabaseHandle> {
  try {
    const config = loadConfig();
    return await openDatabase(databaseOptions(config));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
