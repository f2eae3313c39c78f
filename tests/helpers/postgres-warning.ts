/** The warning every run without PostgreSQL shows above its closing line. */
export const NO_POSTGRES_WARNING =
  'WARNING: TEST_DATABASE_URL is not set, so the database tests ran on PGlite only and the PostgreSQL-only files (tests/**/*.postgres.test.ts: the row-lock and seat-lock tests) did not run. PGlite runs one transaction at a time, so a lock test cannot fail there: set TEST_DATABASE_URL to a PostgreSQL server to prove the locks.';
