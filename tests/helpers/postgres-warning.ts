/** The warning every run without PostgreSQL shows (in the test's output and above the closing line). */
export const NO_POSTGRES_WARNING =
  'WARNING: TEST_DATABASE_URL is not set, so the database tests ran on PGlite only. PGlite runs one transaction at a time, so the row-lock tests cannot fail there: set TEST_DATABASE_URL to a PostgreSQL server to prove the locks.';

/** Says loudly, in the output of the test file that needs it, that PostgreSQL is missing. */
export function warnWithoutPostgres(what: string): void {
  if (process.env.TEST_DATABASE_URL) return;
  const line = `${NO_POSTGRES_WARNING} (${what})`;
  console.warn(`\n${'!'.repeat(100)}\n${line}\n${'!'.repeat(100)}\n`);
}
