import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database, DatabaseHandle } from '../server/src/db/client.js';
import { deafListener } from '../server/src/db/notices.js';
import * as schema from '../server/src/db/schema.js';

/**
 * The embedded database as the product ran it before issue 23: PGlite on the server's main thread, and a
 * health check that did not ask it, and no session cache (it hears no notices). The baseline of the mixed-load throughput, measured in the same run.
 */
export async function openInlinePglite(dataDir: string): Promise<DatabaseHandle> {
  const client = await PGlite.create(dataDir);
  const db = drizzle({ client, schema }) as unknown as Database;
  return {
    db,
    priorityDb: db,
    familyDb: db,
    kind: 'pglite',
    ping: async () => {},
    disruptions: () => 0,
    listen: deafListener,
    close: () => client.close(),
  };
}
