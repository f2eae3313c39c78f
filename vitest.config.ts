import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  // The same alias as tsconfig.json's `paths`: `@common/x.js` is `common/src/x.ts`.
  resolve: { alias: { '@common': fileURLToPath(new URL('./common/src', import.meta.url)) } },
  test: {
    include: ['tests/**/*.test.ts'],
    // Tests that only mean something on PostgreSQL (row locks) are named *.postgres.test.ts and run where it is.
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : ['tests/**/*.postgres.test.ts'])],
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/concurrent-query-warning.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
  },
});
