import { parseArgs } from 'node:util';
import { ensureDemoData, seedSubscriptions } from '../seed/demo-data.js';
import { openConfiguredDatabase } from './open.js';

/** npm run db:seed -- --year 2026 --subscriptions 10000: adds a year of subscriptions, for benchmarks. */
async function main() {
  const { values } = parseArgs({ options: { year: { type: 'string' }, subscriptions: { type: 'string' } } });
  const year = Number(values.year ?? new Date().getFullYear());
  const count = Number(values.subscriptions ?? 1000);
  if (!Number.isInteger(year) || year < 2000 || year > 2999 || !Number.isInteger(count) || count < 1 || count > 200_000) {
    console.error('Gebruik: npm run db:seed -- --year 2026 --subscriptions 10000');
    process.exit(1);
  }
  const database = await openConfiguredDatabase();
  const started = Date.now();
  await ensureDemoData(database.db);
  await seedSubscriptions(database.db, { year, count });
  console.log(`${count} inschrijvingen toegevoegd aan ${year} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  await database.close();
}

void main();
