import type { Config } from '../../server/src/config.js';
import type { Database } from '../../server/src/db/client.js';
import { addAdmin } from '../../server/src/features/auth/service.js';
import { settingsDefaults } from '../../server/src/lib/settings.js';
import { seedDemoData } from '../../server/src/seed/demo-data.js';

/**
 * What a test database holds before its test starts (startTestApp in tests/helpers/api.ts), apart from vitest, so
 * that the run's global setup (tests/helpers/global-setup.ts) makes the usual one once, to copy.
 */

export const TEST_ADMIN = { email: 'test@kampbeheer.be', password: 'correct horse battery staple' };

/** A small deterministic demo set: this many subscriptions per camp year unless a test asks for another number. */
export const DEFAULT_SUBSCRIPTIONS_PER_YEAR = 40;

/** Everything the demo content of a test database depends on: two databases with the same key hold the same. */
export function demoContentKey(subscriptionsPerYear: number, config: Config): string {
  return JSON.stringify({ subscriptionsPerYear, settings: settingsDefaults(config) });
}

/** Fills a migrated database: the demo set ('demo') or nothing ('none'), then the signed-in test administrator. */
export async function fillTestDatabase(
  db: Database,
  options: { seed: 'demo' | 'none'; subscriptionsPerYear: number; config: Config },
): Promise<void> {
  if (options.seed === 'demo')
    await seedDemoData(db, { subscriptionsPerYear: options.subscriptionsPerYear, settings: settingsDefaults(options.config) });
  await addAdmin(db, TEST_ADMIN.email, TEST_ADMIN.password);
}
