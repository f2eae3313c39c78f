import { ConfigError, databaseOptions, loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { DataFolderInUseError } from '../db/data-folder-lock.js';

/**
 * The database the server would open, for the command-line tools. On the embedded database a running
 * server holds the folder's lock: the tool then refuses with 'Stop de server eerst' and changes nothing.
 */
export async function openConfiguredDatabase(): Promise<DatabaseHandle> {
  try {
    const config = loadConfig();
    return await openDatabase(databaseOptions(config));
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataFolderInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
