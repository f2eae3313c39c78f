import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** The same alias as tsconfig.json's `paths`: `@common/x.js` is `common/src/x.ts`. */
const resolve = { alias: { '@common': fileURLToPath(new URL('./common/src', import.meta.url)) } };
/** Tests that only mean something on PostgreSQL (row locks) are named *.postgres.test.ts and run where it is. */
const exclude = [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : ['tests/**/*.postgres.test.ts'])];
/**
 * Files that replace a module with vi.mock need a module graph of their own. All others share one per worker: each
 * file would otherwise import the whole server again (about 2 s of CPU a file, a fifth of the suite's time).
 */
const ownModuleGraph = ['tests/api/sign-in-limits.test.ts'];

const project = (name: string, test: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration => ({
  resolve,
  test: {
    name,
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/concurrent-query-warning.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    ...test,
  },
});

export default defineConfig({
  resolve,
  test: {
    maxWorkers: 2,
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
    projects: [
      project('shared', { include: ['tests/**/*.test.ts'], exclude: [...exclude, ...ownModuleGraph], isolate: false }),
      project('own', { include: ownModuleGraph, exclude }),
    ],
  },
});
